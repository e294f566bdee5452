import Foundation
import XCTest
import AutoLayout
import Grading
import InterfaceBuilder

/// The repository's `Exercises/` folder, found from this file's path.
let exercisesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Exercises")

/// This test target's fixtures folder.
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixturesFolder.appendingPathComponent(name)))
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
        guard let entries = FileManager.default.enumerator(atPath: folder.path) else {
            throw ShippedExercisesMissing(description: "cannot list \(folder.path)")
        }
        var files: [String: [UInt8]] = [:]
        while let relative = entries.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[relative] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return (name, files)
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

/// A constraint in a form that does not depend on item order or source: names, attributes,
/// relation, multiplier, constant (and whether it is standard spacing) and priority.
func canonical(_ document: LayoutDocument) -> [String] {
    document.constraints.map { constraint in
        let second = constraint.secondItem.map { "\(document.name(of: $0)).\(constraint.secondAttribute?.rawValue ?? "")" } ?? "-"
        let standard = constraint.constant.source == .standard ? " standard" : ""
        return "\(document.name(of: constraint.firstItem)).\(constraint.firstAttribute.rawValue) \(constraint.relation.symbol) "
            + "\(constraint.multiplier) * \(second) + \(constraint.constant.value)\(standard) @\(constraint.priority.value)"
    }.sorted()
}

/// Converts, failing the test with the error.
func convert(_ bytes: [UInt8], scene: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> InterfaceBuilderConversion? {
    do {
        return try InterfaceBuilder.convert(bytes, scene: scene)
    } catch {
        XCTFail("\(error)", file: file, line: line)
        return nil
    }
}

/// Parses the converted text, failing the test with the errors.
func parsed(_ conversion: InterfaceBuilderConversion, file: StaticString = #filePath, line: UInt = #line) -> LayoutDocument? {
    do throws(LayoutErrors) {
        return try LayoutDocument.parse(conversion.conversion.document)
    } catch {
        XCTFail("\(error)\n\(conversion.conversion.document)", file: file, line: line)
        return nil
    }
}
