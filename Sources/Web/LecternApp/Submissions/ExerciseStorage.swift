import Foundation
import Grading
import JSON
import Store

/// How an exercise definition is kept in the database: its files, so that any version ever loaded
/// can be loaded again to reproduce or recompute a grade.
///
/// `definition_json` is `{"files":{"exercise.json":"<base64>", …}}` with paths sorted.
enum ExerciseStorage {
    /// The definition JSON of an exercise folder's files.
    static func definitionJSON(files: [String: [UInt8]]) -> String {
        var writer = JSONWriter(capacity: 4096 + files.values.reduce(0) { $0 + $1.count * 4 / 3 })
        writer.beginObject()
        writer.key("files")
        writer.beginObject()
        for path in files.keys.sorted() {
            writer.field(path, Data(files[path] ?? []).base64EncodedString())
        }
        writer.endObject()
        writer.endObject()
        return writer.string
    }

    /// A stored definition that cannot be loaded.
    struct CorruptDefinition: Error, CustomStringConvertible {
        let description: String
    }

    /// The files a definition JSON holds.
    static func files(definitionJSON: String) throws -> [String: [UInt8]] {
        let limits = JSONLimits(maxBytes: 64 << 20, maxStringBytes: 16 << 20)
        let root = try JSONParser.parse(definitionJSON, limits: limits)
        guard let entries = root["files"]?.objectValue else { throw CorruptDefinition(description: "definition without files") }
        var files: [String: [UInt8]] = [:]
        for (path, value) in entries {
            guard let text = value.stringValue, let data = Data(base64Encoded: text) else {
                throw CorruptDefinition(description: "file \(path) is not base64")
            }
            files[path] = [UInt8](data)
        }
        return files
    }

    /// Loads the exercise a definition JSON describes.
    static func exercise(definitionJSON: String) throws -> Exercise {
        let files = try files(definitionJSON: definitionJSON)
        do {
            return try Exercise.load(files: files)
        } catch {
            throw CorruptDefinition(description: "\(error.location): \(error.message)")
        }
    }
}
