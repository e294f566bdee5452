import Foundation
import XCTest
import AutoLayout
import Grading
import ConstraintCode

/// The repository's `Exercises/` folder, found from this file's path.
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

/// The shipped layout exercises, with their folders.
func shippedLayoutExercises() throws -> [(exercise: Exercise, layout: LayoutExercise, folder: URL)] {
    var found: [(Exercise, LayoutExercise, URL)] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: exercisesFolder.path).sorted() {
        let folder = exercisesFolder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("exercise.json").path) else { continue }
        let exercise = try Exercise.load(files: try readFiles(in: folder))
        if case .layout(let layout) = exercise.definition { found.append((exercise, layout, folder)) }
    }
    // The repository ships seven: fewer means the folder is missing or broken, never a pass.
    guard found.count >= 7 else {
        throw ExerciseError("Exercises/", "\(found.count) layout exercises in \(exercisesFolder.path), expected at least 7")
    }
    return found
}

/// What makes two constraints the same for the solver and the grader.
struct ConstraintKey: Equatable, CustomStringConvertible {
    let text: String
    init(_ constraint: LayoutConstraint, in document: LayoutDocument) {
        var constantSource = ""
        switch constraint.constant.source {
        case .literal: constantSource = constraint.constant.isWrittenNumber ? "written" : "implied"
        case .metric(let name): constantSource = "metric " + name
        case .standard: constantSource = "standard"
        }
        text = "\(document.name(of: constraint.firstItem)).\(constraint.firstAttribute.rawValue) \(constraint.relation.symbol) "
            + "\(constraint.multiplier) * \(constraint.secondItem.map { document.name(of: $0) } ?? "-")."
            + "\(constraint.secondAttribute?.rawValue ?? "-") + \(constraint.constant.value) (\(constantSource)) @\(constraint.priority.value)"
    }
    var description: String { text }
}

func keys(_ document: LayoutDocument) -> [ConstraintKey] {
    document.constraints.map { ConstraintKey($0, in: document) }
}

/// The class name an exercise's code forms use: `cross-view` → `CrossViewViewController`.
func controllerName(_ slug: String) -> String {
    slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "ViewController"
}

/// Reference → Swift / Objective-C → convert gives the same constraints and full marks; the
/// shipped code forms are the current export.
final class RoundTripTests: XCTestCase {
    func testEveryLayoutExerciseRoundTripsThroughBothLanguages() throws {
        let exercises = try shippedLayoutExercises()
        XCTAssertFalse(exercises.isEmpty, "no layout exercise found in \(exercisesFolder.path)")
        for (exercise, layout, _) in exercises {
            let reference = try LayoutDocument.parse(exercise.reference, extending: layout.views)
            let names = layout.views.items.map(\.name)
            for language in ConstraintCodeExport.Language.allCases {
                let code = ConstraintCodeExport.code(reference, source: exercise.reference, language: language,
                                                     className: controllerName(exercise.slug))
                let conversion = try ConstraintCode.convert(code, language: language == .swift ? .swift : .objectiveC,
                                                            knownViews: names)
                XCTAssertEqual(conversion.skipped, [], "\(exercise.slug) \(language)")
                XCTAssertEqual(conversion.warnings, [], "\(exercise.slug) \(language)")
                let converted = try LayoutDocument.parse(conversion.document, extending: layout.views)
                XCTAssertEqual(keys(converted), keys(reference), "\(exercise.slug) \(language):\n\(code)")
                let report = Grader.grade(exercise, submission: conversion.document, options: GradeOptions(pictures: false))
                XCTAssertEqual(report.score, exercise.points, "\(exercise.slug) \(language): \(report.diagnostics)")
            }
        }
    }

    func testShippedCodeFormsAreTheCurrentExport() throws {
        let exercises = try shippedLayoutExercises()
        XCTAssertFalse(exercises.isEmpty)
        let update = ProcessInfo.processInfo.environment["LECTERN_UPDATE_GOLDEN"] == "1"
        for (exercise, layout, folder) in exercises {
            for (role, text) in [("starter", exercise.starter), ("reference", exercise.reference)] {
                let document = try LayoutDocument.parse(text, extending: layout.views)
                for (language, ext) in [(ConstraintCodeExport.Language.swift, "swift"), (.objectiveC, "m")] {
                    let expected = ConstraintCodeExport.code(document, source: text, language: language,
                                                             className: controllerName(exercise.slug))
                    let url = folder.appendingPathComponent("\(role).\(ext)")
                    if update { try expected.write(to: url, atomically: true, encoding: .utf8) }
                    let shipped = try? String(contentsOf: url, encoding: .utf8)
                    XCTAssertEqual(shipped, expected, "\(exercise.slug)/\(role).\(ext) is not the current export; "
                                   + "run the tests with LECTERN_UPDATE_GOLDEN=1")
                }
            }
        }
    }

    func testExportedReferenceKeepsVisualFormatLinesInObjectiveC() throws {
        let (exercise, layout, _) = try XCTUnwrap(try shippedLayoutExercises().first { $0.exercise.slug == "attributor" })
        let document = try LayoutDocument.parse(exercise.reference, extending: layout.views)
        let objc = ConstraintCodeExport.code(document, source: exercise.reference, language: .objectiveC)
        XCTAssertTrue(objc.contains(#"constraintsWithVisualFormat:@"H:|-[swatch1]-[swatch2(==swatch1)]-[swatch3(==swatch1)]-[swatch4(==swatch1)]-|""#), objc)
        let swift = ConstraintCodeExport.code(document, source: exercise.reference, language: .swift)
        XCTAssertTrue(swift.contains("swatch2.widthAnchor.constraint(equalTo: swatch1.widthAnchor)"), swift)
        XCTAssertTrue(swift.contains("headline.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1)"), swift)
    }

    func testExportOfGuidesMetricsPrioritiesAndMultipliers() throws {
        let text = """
            view a label hugging 300x251
            view b
            guide g
            metric gap = 12
            H:|[g][a]-(gap)-[b]|
            a.centerY == 0.5 * superview.centerY
            b.height >= 0.25 * superview.height + gap @750
            a.width == 2 * b.height
            b.top == a.bottom - gap
            """
        let document = try LayoutDocument.parse(text)
        for language in ConstraintCodeExport.Language.allCases {
            let code = ConstraintCodeExport.code(document, source: text, language: language)
            let conversion = try ConstraintCode.convert(code, language: language == .swift ? .swift : .objectiveC)
            XCTAssertEqual(conversion.skipped, [], "\(language)")
            let converted = try LayoutDocument.parse(conversion.document)
            XCTAssertEqual(keys(converted), keys(document), "\(language):\n\(code)\n\(conversion.document)")
            XCTAssertEqual(converted.items.map(\.name), ["a", "b", "g"])
            XCTAssertEqual(converted.items[0].hugging.horizontal.value, 300)
        }
    }
}
