import Foundation
import XCTest
@testable import Grading

/// The repository's `Exercises/` folder, found from this file's path.
let exercisesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Exercises")

/// Every file under `folder`, by path relative to it.
func readFiles(in folder: URL) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let base = folder.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return files }
    while let relative = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = (base as NSString).appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
        files[relative] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    return files
}

/// The shipped exercises, loaded once per test process.
let shippedCatalog: ExerciseCatalog = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: exercisesFolder.path)) ?? []
    let folders = names.sorted().compactMap { name -> (name: String, files: [String: [UInt8]])? in
        let folder = exercisesFolder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("exercise.json").path),
              let files = try? readFiles(in: folder) else { return nil }
        return (name, files)
    }
    return ExerciseCatalog(folders: folders)
}()

func shippedExercise(_ slug: String, file: StaticString = #filePath, line: UInt = #line) throws -> Exercise {
    try XCTUnwrap(shippedCatalog.exercise(slug), "exercise \(slug) did not load: \(shippedCatalog.errors)", file: file, line: line)
}

/// An in-memory layout exercise: `views` lines, scenarios as JSON, and the reference.
func layoutExerciseFiles(views: [String], scenarios: String, style: String = #"{"magicNumbers": 10}"#,
                         reference: String, points: Int = 100) -> [String: [UInt8]] {
    let manifest = """
        {"slug": "sample", "title": "Sample", "kind": "layout", "points": \(points),
         "lecture": {"course": "cs193p", "lecture": 9, "at": "30:57"},
         "views": [\(views.map { "\"\($0)\"" }.joined(separator: ", "))],
         "scenarios": \(scenarios), "style": \(style)}
        """
    return ["exercise.json": Array(manifest.utf8), "statement.md": Array("# Sample\n".utf8),
            "reference.layout": Array(reference.utf8), "starter.layout": Array("\n".utf8)]
}

/// Two labels in opposite corners, in portrait and landscape.
func cornersFiles() -> [String: [UInt8]] {
    layoutExerciseFiles(
        views: ["view thing1 label 54x21", "view thing2 label 54x21"],
        scenarios: """
            [{"name": "portrait", "size": [320, 568], "points": 50},
             {"name": "landscape", "size": [568, 320], "points": 50}]
            """,
        reference: "H:|-[thing1]\nV:|-[thing1]\nH:[thing2]-|\nV:[thing2]-|\n")
}
