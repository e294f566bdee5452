import Foundation
import Grading
import XCTest
import LecternApp

/// `lectern dynamics convert|export`, `lectern layout export` and code submissions to
/// `lectern grade`, called in-process on real files.
final class CodeToolTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-code-tool-tests-\(UUID().uuidString)")
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

    static let behavior = """
        - (UIGravityBehavior *)gravity {
            if (!_gravity) {
                _gravity = [[UIGravityBehavior alloc] init];
                _gravity.magnitude = 0.9;
            }
            return _gravity;
        }
        - (instancetype)init {
            self = [super init];
            [self addChildBehavior:self.gravity];
            [self addChildBehavior:self.push];
            return self;
        }
        """

    func testDynamicsConvertPrintsTheTreeAndNotesWhatItSkipped() throws {
        let path = try write("drop.m", Self.behavior)
        let plain = DynamicsTool.convert(path: path, json: false)
        XCTAssertEqual(plain.exitCode, 0)
        XCTAssertTrue(plain.standardOutput.contains("\"magnitude\": 0.9"), plain.standardOutput)
        XCTAssertTrue(plain.standardError.contains("drop.m:11:5: not graded:"), plain.standardError)
        let json = DynamicsTool.convert(path: path, json: true)
        XCTAssertEqual(json.exitCode, 0)
        XCTAssertTrue(json.standardOutput.hasPrefix(#"{"format":"objc","tree":{"type":"composite","children":[{"type":"gravity","magnitude":0.9}]},"skipped":[{"line":11,"column":5,"reason":"#), json.standardOutput)
    }

    func testDynamicsConvertExitsTwoWithLineAndColumn() throws {
        let path = try write("broken.swift", "let g = UIGravityBehavior(\n")
        let result = DynamicsTool.convert(path: path, json: false)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.standardError, "Error: \(path):1:26: `(` is never closed\n")
        XCTAssertEqual(DynamicsTool.convert(path: directory.appendingPathComponent("none.m").path, json: true).exitCode, 2)
    }

    func testDynamicsExportWritesCodeThatConvertsBack() throws {
        let tree = #"{"type": "composite", "children": [{"type": "snap", "item": "box", "point": [10, 20], "damping": 0.25}]}"#
        let path = try write("tree.json", tree)
        for swift in [false, true] {
            let export = DynamicsTool.export(path: path, swift: swift)
            XCTAssertEqual(export.exitCode, 0, export.standardError)
            let code = try write(swift ? "back.swift" : "back.m", export.standardOutput)
            let back = DynamicsTool.convert(path: code, json: false)
            XCTAssertTrue(back.standardOutput.contains("\"damping\": 0.25"), back.standardOutput)
            XCTAssertEqual(back.standardError, "")
        }
        let bad = try write("bad.json", "{\"type\": ")
        XCTAssertTrue(DynamicsTool.export(path: bad, swift: true).standardError.contains("bad.json:1:10:"))
    }

    func testLayoutExportInBothLanguages() throws {
        let path = try write("doc.layout", "view a label\nview b\nH:|-[a]-[b]-|\nV:|-[a]\nb.top == a.top @750\n")
        let swift = LayoutTool.export(path: path, swift: true)
        XCTAssertEqual(swift.exitCode, 0)
        XCTAssertTrue(swift.standardOutput.contains("constraint1.priority = UILayoutPriority(750)"), swift.standardOutput)
        let objc = LayoutTool.export(path: path, swift: false)
        XCTAssertTrue(objc.standardOutput.contains(#"constraintsWithVisualFormat:@"H:|-[a]-[b]-|""#), objc.standardOutput)
        let bad = try write("bad.layout", "view a\nH:|-[z]\n")
        let failed = LayoutTool.export(path: bad, swift: true)
        XCTAssertEqual(failed.exitCode, 2)
        XCTAssertTrue(failed.standardError.hasPrefix("\(bad):2:"), failed.standardError)
    }

    func testCodeSubmissionsToADynamicsExerciseAreGradedAsTheirTree() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Exercises/grab-and-swing")
        let exercise = try ExerciseDirectory.loadExercise(folder.path)
        for name in ["reference.m", "reference.swift"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(SubmissionForm.detect(text), name.hasSuffix(".m") ? .objectiveC : .swift)
            let report = Grader.grade(exercise, submission: text, form: SubmissionForm.declared(byFileName: name),
                                      options: GradeOptions(pictures: false))
            XCTAssertEqual(report.score, 100, "\(name): \(report.diagnostics)")
            XCTAssertEqual(report.conversion?.notes, [])
            XCTAssertNotNil(report.conversion?.behavior, "the tree read from the code is kept")
        }
        XCTAssertEqual(SubmissionForm.detect(exercise.reference), .text)
    }
}
