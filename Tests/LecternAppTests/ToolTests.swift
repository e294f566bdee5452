import Foundation
import XCTest
import LecternApp

/// `lectern layout solve` and `lectern dynamics simulate`, called in-process on real files.
final class ToolTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-tool-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testLayoutSolveReportsFramesInBothOrientationsAndRightToLeft() throws {
        let path = try write("corners.layout", """
            view thing1 label 54x21
            view thing2 label 54x21
            H:|-[thing1]
            V:|-[thing1]
            H:[thing2]-|
            V:[thing2]-|
            """)
        let portrait = LayoutTool.solve(path: path, size: nil, rightToLeft: false, json: true)
        XCTAssertEqual(portrait.exitCode, 0, portrait.standardError)
        let frames = try XCTUnwrap(try parseFrames(from: portrait.standardOutput))
        XCTAssertEqual(frames["thing2"]?["x"], 320 - 20 - 54)
        XCTAssertEqual(frames["thing2"]?["y"], 568 - 20 - 21)

        let landscape = LayoutTool.solve(path: path, size: "568x320", rightToLeft: false, json: true)
        XCTAssertEqual(try parseFrames(from: landscape.standardOutput)?["thing2"]?["x"], 568 - 20 - 54)

        let rightToLeft = LayoutTool.solve(path: path, size: nil, rightToLeft: true, json: true)
        XCTAssertEqual(try parseFrames(from: rightToLeft.standardOutput)?["thing1"]?["x"], 320 - 20 - 54)
        XCTAssertEqual(try parseFrames(from: rightToLeft.standardOutput)?["thing2"]?["x"], 20)
    }

    func testLayoutSolveExitCodes() throws {
        let ambiguous = try write("ambiguous.layout", "view a label 54x21\nH:|-[a]\n")
        let result = LayoutTool.solve(path: ambiguous, size: nil, rightToLeft: false, json: false)
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertTrue(result.standardOutput.contains("a needs constraints for Y position"), result.standardOutput)

        let misspelled = try write("bad.layout", "view thing1 label 54x21\nH:|-[thng1]\n")
        let parse = LayoutTool.solve(path: misspelled, size: nil, rightToLeft: false, json: false)
        XCTAssertEqual(parse.exitCode, 2)
        XCTAssertTrue(parse.standardError.contains("2:"), parse.standardError)
        XCTAssertTrue(parse.standardError.contains("thing1"), parse.standardError)

        XCTAssertEqual(LayoutTool.solve(path: ambiguous, size: "wide", rightToLeft: false, json: false).exitCode, 2)
        let missing = LayoutTool.solve(path: directory.appendingPathComponent("none").path, size: nil,
                                       rightToLeft: false, json: false)
        XCTAssertEqual(missing.exitCode, 2)
        XCTAssertTrue(missing.standardError.contains("cannot read"), missing.standardError)
    }

    func testDynamicsSimulateRunsASceneAndRejectsABadOne() throws {
        let scene = try write("drop.json", """
            {"bounds": {"width": 320, "height": 480}, "duration": 3.0,
             "items": [{"id": "b1", "center": [160, 20], "size": [40, 40]}],
             "behavior": {"type": "composite", "children": [
               {"type": "gravity", "magnitude": 1.0},
               {"type": "collision", "translatesReferenceBoundsIntoBoundary": true}]}}
            """)
        let result = DynamicsTool.simulate(path: scene, json: true)
        XCTAssertEqual(result.exitCode, 0, result.standardError)
        let output = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let item = (output?["items"] as? [String: Any])?["b1"] as? [String: Any]
        let center = try XCTUnwrap(item?["center"] as? [Double])
        XCTAssertEqual(center[1], 480 - 20, accuracy: 0.5, "the block rests on the floor")

        let bad = try write("bad.json", #"{"bounds": {"width": 320, "height": 480}, "items": [{"id": "b1", "center": [1], "size": [40, 40]}], "behavior": {"type": "gravity"}}"#)
        let rejected = DynamicsTool.simulate(path: bad, json: false)
        XCTAssertEqual(rejected.exitCode, 2)
        XCTAssertTrue(rejected.standardError.contains("$.items[0].center"), rejected.standardError)
    }

    private func parseFrames(from json: String) throws -> [String: [String: Double]]? {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (object?["frames"] as? [String: [String: Double]])
    }
}

/// `lectern layout solve FILE --exercise SLUG`: a student's answer solved on the exercise's views.
final class LayoutSolveForExerciseTests: XCTestCase {
    private var exercisesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Exercises")
    }

    func testAnAnswerIsSolvedOnTheExercisesViewsInEveryForm() throws {
        let exercise = try ExerciseDirectory.loadExercise(exercisesFolder.appendingPathComponent("stats").path)
        let alone = LayoutTool.solve(path: exercisesFolder.appendingPathComponent("stats/reference.layout").path, size: nil,
                                     rightToLeft: false, json: false)
        XCTAssertEqual(alone.exitCode, 2, "without the exercise its views are unknown")
        for file in ["reference.layout", "reference.storyboard", "reference.swift", "reference.m"] {
            let solved = LayoutTool.solve(path: exercisesFolder.appendingPathComponent("stats/\(file)").path, size: nil,
                                          rightToLeft: false, json: false, exercise: exercise)
            XCTAssertEqual(solved.exitCode, 0, "\(file): \(solved.standardError)")
            XCTAssertTrue(solved.standardOutput.contains("colorful  20  527    157      21"), "\(file): \(solved.standardOutput)")
        }
    }
}
