import Foundation
import Grading

/// Reads exercise definitions from disk into the file maps that `Grading` loads: one exercise
/// folder, or an `Exercises/` folder holding one folder per exercise.
public enum ExerciseDirectory {
    /// A folder or file that could not be read.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let message: String

        /// `path: message`.
        public var description: String { "\(path): \(message)" }
    }

    /// Most files in one exercise folder.
    public static let maxFiles = 500
    /// Largest file in an exercise folder, in bytes.
    public static let maxFileBytes = 4 << 20
    /// Deepest folder nesting inside an exercise folder.
    public static let maxDepth = 4

    /// Whether `path` is an exercise folder (it holds `exercise.json`).
    public static func isExerciseFolder(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("exercise.json"))
    }

    /// The exercise folder for `reference`: a path to an exercise folder, or a slug inside `exercisesDirectory`.
    public static func locate(_ reference: String, in exercisesDirectory: String) -> String? {
        if isExerciseFolder(reference) { return reference }
        guard !reference.contains("/") else { return nil }
        let candidate = (exercisesDirectory as NSString).appendingPathComponent(reference)
        return isExerciseFolder(candidate) ? candidate : nil
    }

    /// Loads the exercise in `folder`.
    public static func loadExercise(_ folder: String) throws -> Exercise {
        let files = try files(inExercise: folder)
        do {
            return try Exercise.load(files: files)
        } catch {
            throw ReadError(path: (folder as NSString).appendingPathComponent(error.location), message: error.message)
        }
    }

    /// Loads every exercise folder directly inside `directory` (or `directory` itself when it is an
    /// exercise folder). Folders that cannot be read are reported in the catalog's errors.
    public static func loadCatalog(_ directory: String) throws -> ExerciseCatalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReadError(path: directory, message: "no such folder")
        }
        if isExerciseFolder(directory) {
            let name = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
            return ExerciseCatalog(folders: [(name, try files(inExercise: directory))])
        }
        var folders: [(name: String, files: [String: [UInt8]])] = []
        var unreadable: [ExerciseError] = []
        for name in try entries(of: directory).sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            guard isExerciseFolder(path) else { continue }
            do {
                folders.append((name, try files(inExercise: path)))
            } catch let error as ReadError {
                unreadable.append(ExerciseError(name, error.description))
            }
        }
        let catalog = ExerciseCatalog(folders: folders)
        return unreadable.isEmpty ? catalog : ExerciseCatalog(exercises: catalog.exercises, errors: catalog.errors + unreadable)
    }

    /// Every regular file under `folder`, by path relative to it with `/` separators.
    public static func files(inExercise folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var pending: [(path: String, relative: String, depth: Int)] = [(folder, "", 0)]
        while let (path, relative, depth) = pending.popLast() {
            for name in try entries(of: path) {
                let childPath = (path as NSString).appendingPathComponent(name)
                let childRelative = relative.isEmpty ? name : "\(relative)/\(name)"
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: childPath, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    guard depth < maxDepth else { throw ReadError(path: childPath, message: "folders nest deeper than \(maxDepth) levels") }
                    pending.append((childPath, childRelative, depth + 1))
                    continue
                }
                guard files.count < maxFiles else { throw ReadError(path: folder, message: "more than \(maxFiles) files") }
                files[childRelative] = try read(childPath)
            }
        }
        return files
    }

    private static func entries(of directory: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ReadError(path: directory, message: "cannot list the folder")
        }
    }

    private static func read(_ path: String) throws -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maxFileBytes {
            throw ReadError(path: path, message: "larger than \(maxFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(path: path, message: "cannot read the file")
        }
        guard data.count <= maxFileBytes else { throw ReadError(path: path, message: "larger than \(maxFileBytes) bytes") }
        return [UInt8](data)
    }
}
