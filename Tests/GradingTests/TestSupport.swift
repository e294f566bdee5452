import Foundation
import XCTest
import Grading

/// The repository's `Exercises/` folder, found from this file's path.
let exercisesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Exercises")

/// Every file under `folder`, by path relative to it.
/// - Throws: when the folder cannot be listed or a file cannot be read.
func readFiles(in folder: URL) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let base = folder.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else {
        throw ShippedExercisesMissing(description: "cannot list \(base)")
    }
    while let relative = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = (base as NSString).appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
        files[relative] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    return files
}

/// How many exercises the repository ships: a test over them fails when fewer load, so a missing
/// or emptied folder can never pass.
let shippedExerciseCount = 10

/// Why the shipped exercises are not there to test.
struct ShippedExercisesMissing: Error, CustomStringConvertible {
    let description: String
}

/// The shipped exercises, read once per test process; a folder that cannot be read is an error.
private let shippedLoad = Result { () throws -> ExerciseCatalog in
    let names = try FileManager.default.contentsOfDirectory(atPath: exercisesFolder.path)
    let folders = try names.sorted().compactMap { name -> (name: String, files: [String: [UInt8]])? in
        let folder = exercisesFolder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("exercise.json").path) else { return nil }
        return (name, try readFiles(in: folder))
    }
    return ExerciseCatalog(folders: folders)
}

/// The shipped exercises.
/// - Throws: when `Exercises/` is missing or unreadable, or fewer than ``shippedExerciseCount``
///   exercises load (the message lists the loader's errors).
func shippedCatalog() throws -> ExerciseCatalog {
    let catalog = try shippedLoad.get()
    guard catalog.exercises.count >= shippedExerciseCount else {
        throw ShippedExercisesMissing(description: "\(catalog.exercises.count) of \(shippedExerciseCount) shipped exercises "
                                      + "loaded from \(exercisesFolder.path): \(catalog.errors)")
    }
    return catalog
}

func shippedExercise(_ slug: String, file: StaticString = #filePath, line: UInt = #line) throws -> Exercise {
    try XCTUnwrap(try shippedCatalog().exercise(slug), "exercise \(slug) did not load", file: file, line: line)
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
