import Foundation
import XCTest
import Dynamics
import Grading
import JSON
import BehaviorCode

let exercisesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Exercises")

func readFiles(in folder: URL) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        let url = folder.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
        if isDirectory.boolValue {
            for (inner, bytes) in try readFiles(in: url) { files[name + "/" + inner] = bytes }
        } else {
            files[name] = [UInt8](try Data(contentsOf: url))
        }
    }
    return files
}

func shippedDynamicsExercises() throws -> [(exercise: Exercise, dynamics: DynamicsExercise, folder: URL)] {
    var found: [(Exercise, DynamicsExercise, URL)] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: exercisesFolder.path).sorted() {
        let folder = exercisesFolder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("exercise.json").path) else { continue }
        let exercise = try Exercise.load(files: try readFiles(in: folder))
        if case .dynamics(let dynamics) = exercise.definition { found.append((exercise, dynamics, folder)) }
    }
    // The repository ships three: fewer means the folder is missing or broken, never a pass.
    guard found.count >= 3 else {
        throw ExerciseError("Exercises/", "\(found.count) dynamics exercises in \(exercisesFolder.path), expected at least 3")
    }
    return found
}

/// The items and script ids an exercise gives the reader.
func context(_ dynamics: DynamicsExercise) -> (items: [String], ids: [String]) {
    var ids: [String] = []
    for event in dynamics.parsedScene.script {
        switch event.action {
        case .moveAnchor(let id, _), .removeBehavior(let id): if !ids.contains(id) { ids.append(id) }
        case .addBehavior: break
        }
    }
    return (dynamics.parsedScene.items.map(\.id), ids)
}

/// `grab-and-swing` → `GrabAndSwingBehavior`.
func behaviorClassName(_ slug: String) -> String {
    slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Behavior"
}

final class BehaviorRoundTripTests: XCTestCase {
    func testEveryDynamicsExerciseRoundTripsThroughBothLanguagesWithFullMarks() throws {
        let exercises = try shippedDynamicsExercises()
        XCTAssertFalse(exercises.isEmpty, "no dynamics exercise found in \(exercisesFolder.path)")
        for (exercise, dynamics, _) in exercises {
            let reference = try JSONParser.parse(exercise.reference)
            let (items, ids) = context(dynamics)
            for language in BehaviorExport.Language.allCases {
                let code = try BehaviorExport.code(reference, language: language, className: behaviorClassName(exercise.slug))
                let conversion = try BehaviorCode.convert(code, language: language == .swift ? .swift : .objectiveC,
                                                          items: items, behaviorIDs: ids)
                XCTAssertEqual(conversion.skipped, [], "\(exercise.slug) \(language)")
                XCTAssertEqual(conversion.warnings, [], "\(exercise.slug) \(language)")
                XCTAssertEqual(canonical(conversion.tree), canonical(reference), "\(exercise.slug) \(language):\n\(code)")
                let report = Grader.grade(exercise, submission: conversion.tree.serialized(), options: GradeOptions(pictures: false))
                XCTAssertEqual(report.score, exercise.points, "\(exercise.slug) \(language): \(report.diagnostics)")
            }
        }
    }

    func testShippedCodeFormsAreTheCurrentExport() throws {
        let exercises = try shippedDynamicsExercises()
        XCTAssertFalse(exercises.isEmpty)
        let update = ProcessInfo.processInfo.environment["LECTERN_UPDATE_GOLDEN"] == "1"
        for (exercise, _, folder) in exercises {
            for (role, text) in [("starter", exercise.starter), ("reference", exercise.reference)] {
                let tree = try JSONParser.parse(text)
                for (language, ext) in [(BehaviorExport.Language.swift, "swift"), (.objectiveC, "m")] {
                    let expected = try BehaviorExport.code(tree, language: language, className: behaviorClassName(exercise.slug))
                    let url = folder.appendingPathComponent("\(role).\(ext)")
                    if update { try expected.write(to: url, atomically: true, encoding: .utf8) }
                    XCTAssertEqual(try? String(contentsOf: url, encoding: .utf8), expected,
                                   "\(exercise.slug)/\(role).\(ext) is not the current export; run the tests with LECTERN_UPDATE_GOLDEN=1")
                }
            }
        }
    }

    func testEveryPropertyRoundTrips() throws {
        let text = """
            {"type": "composite", "children": [
              {"type": "gravity", "items": ["a"], "angle": 1.25, "magnitude": 0.5},
              {"type": "collision", "mode": "boundaries", "translatesReferenceBoundsIntoBoundary": true,
               "insets": {"top": 1, "left": 2, "bottom": 3, "right": 4},
               "boundaries": [{"id": "floor", "from": [0, 400], "to": [320, 400]}, {"id": "box", "rect": [10, 20, 30, 40]}]},
              {"type": "itemBehavior", "items": ["a", "b"], "elasticity": 0.5, "friction": 0.25, "density": 3,
               "resistance": 1, "angularResistance": 2, "allowsRotation": false, "anchored": true},
              {"type": "composite", "id": "inner", "children": [
                {"type": "attachment", "item": "a", "toItem": "b", "offset": [1, 2], "toOffset": [3, 4], "length": 50,
                 "damping": 0.3, "frequency": 1.5},
                {"type": "attachment", "id": "rope", "item": "b", "anchor": [5, 6]}
              ]},
              {"type": "push", "mode": "continuous", "angle": 3, "magnitude": 0.2},
              {"type": "snap", "item": "b", "point": [100, 200], "damping": 0.9}
            ]}
            """
        let tree = try JSONParser.parse(text)
        for language in BehaviorExport.Language.allCases {
            let code = try BehaviorExport.code(tree, language: language)
            let conversion = try BehaviorCode.convert(code, language: language == .swift ? .swift : .objectiveC, items: ["a", "b"])
            XCTAssertEqual(conversion.skipped, [], "\(language)")
            XCTAssertEqual(canonical(conversion.tree), canonical(tree), "\(language):\n\(code)")
            // The tree is one the Dynamics engine accepts.
            let scene = #"{"bounds": {"width": 320, "height": 480}, "items": [{"id": "a", "center": [50, 50], "size": [10, 10]}, {"id": "b", "center": [90, 50], "radius": 5}], "behavior": "#
                + conversion.tree.serialized() + "}"
            XCTAssertNoThrow(try Scene.parse(json: scene))
        }
    }
}
