import Foundation
import XCTest
import Grading

/// Submissions in any form an exercise accepts are converted and graded like its own format.
final class SubmissionFormTests: XCTestCase {
    func testFormsAreDeclaredByMediaTypeOrFileNameOrDetectedFromTheContent() {
        XCTAssertEqual(SubmissionForm.declared(byMediaType: "application/x-ib+xml"), .storyboard)
        XCTAssertEqual(SubmissionForm.declared(byMediaType: "text/x-swift"), .swift)
        XCTAssertEqual(SubmissionForm.declared(byMediaType: "text/x-objective-c"), .objectiveC)
        XCTAssertNil(SubmissionForm.declared(byMediaType: "text/plain"))
        XCTAssertEqual(SubmissionForm.declared(byFileName: "Main.storyboard"), .storyboard)
        XCTAssertEqual(SubmissionForm.declared(byFileName: "View.XIB"), .storyboard)
        XCTAssertEqual(SubmissionForm.declared(byFileName: "ViewController.m"), .objectiveC)
        XCTAssertNil(SubmissionForm.declared(byFileName: "answer.layout"))

        XCTAssertEqual(SubmissionForm.detect("H:|-[thing1]\nV:|-[thing1]\n"), .text)
        XCTAssertEqual(SubmissionForm.detect(#"{"type": "gravity"}"#), .text)
        XCTAssertEqual(SubmissionForm.detect("\u{FEFF}<?xml version=\"1.0\"?><document/>"), .storyboard)
        XCTAssertEqual(SubmissionForm.detect("view.leadingAnchor.constraint(equalTo: other.leadingAnchor).isActive = true"), .swift)
        XCTAssertEqual(SubmissionForm.detect("[self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@\"H:|-[a]\" options:0 metrics:nil views:views]];"),
                       .objectiveC)
    }

    func testEveryLayoutExercisesCodeFormsGetFullMarksThroughDetection() throws {
        let layouts = try shippedCatalog().exercises.filter { $0.kind == .layout }
        XCTAssertGreaterThanOrEqual(layouts.count, 5, "the shipped layout exercises loaded")
        for exercise in layouts {
            for ext in ["swift", "m", "storyboard"] {
                let path = exercisesFolder.appendingPathComponent(exercise.slug).appendingPathComponent("reference.\(ext)").path
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let report = Grader.grade(exercise, submission: text, form: nil, options: GradeOptions(pictures: false))
                XCTAssertTrue(report.isFullMarks, "\(exercise.slug) reference.\(ext): \(report.score) \(report.diagnostics)")
                XCTAssertEqual(report.conversion?.form, ext == "swift" ? .swift : ext == "m" ? .objectiveC : .storyboard)
                XCTAssertFalse(report.conversion?.layout?.constraints.isEmpty ?? true, "the mapping back to the source is kept")
            }
        }
    }

    func testAFormTheExerciseDoesNotAcceptIsRefusedWithItsName() throws {
        var files = cornersFiles()
        let manifest = String(decoding: files["exercise.json"] ?? [], as: UTF8.self)
            .replacingOccurrences(of: #""style":"#, with: #""accepts": ["text"], "style":"#)
        files["exercise.json"] = Array(manifest.utf8)
        let exercise = try Exercise.load(files: files)
        XCTAssertEqual(exercise.accepts, [.text])
        let report = Grader.grade(exercise, submission: "thing1.leadingAnchor.constraint(equalTo: view.leadingAnchor).isActive = true",
                                  form: nil)
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertTrue(report.diagnostics.first?.contains("this exercise takes Lectern's own format") == true, "\(report.diagnostics)")
    }

    func testUnresolvedStatementsAreReportedNotDropped() throws {
        let exercise = try Exercise.load(files: cornersFiles())
        let code = """
            override func viewDidLoad() {
                super.viewDidLoad()
                for gap in gaps { thing1.topAnchor.constraint(equalTo: view.topAnchor, constant: gap).isActive = true }
                thing1.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).isActive = true
            }
            """
        let report = Grader.grade(exercise, submission: code, form: .swift, options: GradeOptions(pictures: false))
        XCTAssertTrue(report.diagnostics.contains { $0.hasPrefix("3:") && $0.contains("not graded") }, "\(report.diagnostics)")
    }

    func testMessagesNameTheLineOfTheStudentsFileNotOfTheConvertedText() throws {
        let exercise = try Exercise.load(files: cornersFiles())
        let code = """
            import UIKit
            class C: UIViewController {
              override func viewDidLoad() {
                thing1.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20).isActive = true
                thing1.topAnchor.constraint(equalTo: view.topAnchor, constant: 20).isActive = true
                thing1.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 40).isActive = true
              }
            }
            """
        let report = Grader.grade(exercise, submission: code, form: .swift, options: GradeOptions(pictures: false))
        let conflict = try XCTUnwrap(report.checks.first { !$0.passed && $0.message.contains("conflict") }, "\(report.checks)")
        XCTAssertTrue(conflict.message.contains("line 6:5"), conflict.message)
        XCTAssertTrue(report.diagnostics.contains { $0.contains("line 6:5: thing1.leading") }, "\(report.diagnostics)")
    }
}
