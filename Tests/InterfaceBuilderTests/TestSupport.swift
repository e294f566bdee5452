import Foundation
import XCTest
import AutoLayout
import Grading
@testable import InterfaceBuilder

/// The repository's `Exercises/` folder, found from this file's path.
let exercisesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Exercises")

/// This test target's fixtures folder.
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixturesFolder.appendingPathComponent(name)))
}

/// The shipped exercises, loaded once per test process.
let shippedCatalog: ExerciseCatalog = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: exercisesFolder.path)) ?? []
    let folders = names.sorted().compactMap { name -> (name: String, files: [String: [UInt8]])? in
        let folder = exercisesFolder.appendingPathComponent(name)
        guard let entries = FileManager.default.enumerator(atPath: folder.path) else { return nil }
        var files: [String: [UInt8]] = [:]
        while let relative = entries.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            files[relative] = [UInt8](data)
        }
        return files["exercise.json"] == nil ? nil : (name, files)
    }
    return ExerciseCatalog(folders: folders)
}()

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
