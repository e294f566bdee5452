import XCTest
@testable import Grading

/// The layout grader's checks and teaching messages, on a small in-memory exercise.
final class LayoutFeedbackTests: XCTestCase {
    private func corners() throws -> Exercise {
        try Exercise.load(files: cornersFiles())
    }

    func testReferenceScoresFullMarks() throws {
        let exercise = try corners()
        let report = Grader.grade(exercise, submission: exercise.reference)
        XCTAssertTrue(report.isFullMarks)
        XCTAssertEqual(report.exitStatus, 0)
        XCTAssertEqual(report.checks.map(\.name), ["portrait", "landscape", "no magic numbers"])
    }

    /// The example from the specification: a leading edge pinned where the trailing edge belongs.
    func testMagicLeadingPinExplainsTheLandscapeMistake() throws {
        let report = Grader.grade(try corners(), submission: "H:|-[thing1]\nV:|-[thing1]\nH:|-248-[thing2]\nV:[thing2]-|\n")
        let landscape = try XCTUnwrap(report.checks.first { $0.name == "landscape" })
        XCTAssertFalse(landscape.passed)
        XCTAssertEqual(landscape.message, "In landscape, thing2 is at x=248 but should be at x=494: its leading edge is pinned "
                       + "to 248 points. Pin its trailing edge to the superview instead.")
        // 248 is 2 points off in portrait too (246), beyond the 0.5-point tolerance.
        XCTAssertFalse(report.checks[0].passed)
        XCTAssertEqual(report.checks.last?.points, -10)
        XCTAssertEqual(report.score, 0)
        XCTAssertEqual(report.exitStatus, 1)
    }

    func testHalfAPointIsWithinTolerance() throws {
        let report = Grader.grade(try corners(), submission: "H:|-[thing1]\nV:|-[thing1]\nH:|-246.5-[thing2]\nV:[thing2]-|\n")
        XCTAssertTrue(report.checks[0].passed, report.checks[0].message)
        XCTAssertFalse(report.checks[1].passed)
    }

    func testAmbiguityFailsTheScenarioWithXcodesWords() throws {
        let report = Grader.grade(try corners(), submission: "H:|-[thing1]\nV:|-[thing1]\nH:[thing2]-|\n")
        XCTAssertEqual(report.checks[0].message, "In portrait, the layout is ambiguous: thing2 needs constraints for Y position.")
        XCTAssertTrue(report.diagnostics.contains("In portrait: thing2 needs constraints for Y position"))
        XCTAssertEqual(report.score, 0)
    }

    func testSizeMismatchSuggestsLettingTheContentDecide() throws {
        let files = layoutExerciseFiles(
            views: ["view colorful label 157x21"],
            scenarios: """
                [{"name": "long text", "title": "the long-text scenario", "size": [320, 568],
                  "intrinsicSizes": {"colorful": [280, 21]}, "points": 100}]
                """,
            style: #"{"pinnedSizes": 10}"#,
            reference: "H:|-[colorful]\nV:[colorful]-|\n")
        let report = Grader.grade(try Exercise.load(files: files), submission: "metric w = 157\nH:|-[colorful(w)]\nV:[colorful]-|\n")
        XCTAssertEqual(report.checks[0].message, "In the long-text scenario, colorful is 157 wide but should be 280 wide: "
                       + "its width is fixed at w (157 points), so its content (280 points) is cut off. "
                       + "Let its content decide its width instead.")
        XCTAssertEqual(report.checks[1].message, "Pinned size: line 2 fixes the width of colorful. "
                       + "A label or button should take its size from its content.")
        XCTAssertEqual(report.score, 0)
    }

    func testWrongConstantOnTheRightEdgeSuggestsStandardSpacing() throws {
        let report = Grader.grade(try corners(), submission: "H:|-[thing1]\nV:|-[thing1]\nH:[thing2]-30-|\nV:[thing2]-|\n")
        XCTAssertEqual(report.checks[0].message, "In portrait, thing2 is at x=236 but should be at x=246: its trailing edge is "
                       + "pinned 30 points from the superview's trailing edge. Use the standard space instead.")
    }

    func testPenaltiesNeverTakeTheScoreBelowZero() throws {
        let report = Grader.grade(try corners(), submission: "H:|-300-[thing1]\nV:|-300-[thing1]\nH:|-3-[thing2]\nV:|-3-[thing2]\n")
        XCTAssertEqual(report.checks.map(\.points), [0, 0, -10])
        XCTAssertEqual(report.score, 0)
    }

    func testReportJSONHasExactlyTheDocumentedShape() throws {
        let exercise = try corners()
        let report = Grader.grade(exercise, submission: "H:|-[thing1]\nV:|-[thing1]\nH:|-246-[thing2]\nV:[thing2]-|\n")
        let expected = #"{"exercise":"sample","version":""# + exercise.version + #"","score":40,"maxScore":100,"checks":["#
            + #"{"name":"portrait","passed":true,"points":50,"message":"In portrait, every view is where it should be."},"#
            + #"{"name":"landscape","passed":false,"points":0,"message":"In landscape, thing2 is at x=246 but should be at x=494: "#
            + #"its leading edge is pinned to 246 points. Pin its trailing edge to the superview instead."},"#
            + #"{"name":"no magic numbers","passed":false,"points":-10,"message":"Magic number: 246 on line 3. Could it be "#
            + #"standard spacing, a centre, an equal size or the content's own size?"}],"diagnostics":["line 3: magic number "#
            + #"246 in 'H:|-246-[thing2]': use standard spacing, a named metric, or relate it to another view"]}"#
        XCTAssertEqual(report.json(), expected)
    }

    func testPicturesShowBothFramesAndColourTheMismatch() throws {
        let report = Grader.grade(try corners(), submission: "H:|-[thing1]\nV:|-[thing1]\nH:|-246-[thing2]\nV:[thing2]-|\n")
        XCTAssertEqual(report.pictures.map(\.name), ["portrait.svg", "landscape.svg"])
        let landscape = report.pictures[1].svg
        XCTAssertTrue(landscape.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(landscape.contains("<rect x=\"494\" y=\"279\" width=\"54\" height=\"21\" fill=\"none\""))
        XCTAssertTrue(landscape.contains("<rect x=\"246\" y=\"279\" width=\"54\" height=\"21\" fill=\"#c62828\""))
        XCTAssertTrue(landscape.contains(">thing2</text>"))
        // A dashed red line joins the misplaced frame's centre to the reference's, which is named in italics.
        XCTAssertTrue(landscape.contains(##"<line x1="273" y1="289.5" x2="521" y2="289.5" stroke="#c62828""##))
        XCTAssertTrue(landscape.contains(#"font-style="italic">thing2</text>"#))
        XCTAssertTrue(landscape.contains(#"font-weight="bold">failed: 1 view misplaced</tspan>"#))
        let portrait = report.pictures[0].svg
        XCTAssertTrue(portrait.contains(#"font-weight="bold">passed</tspan>"#))
        XCTAssertFalse(portrait.contains("<line"))
        XCTAssertFalse(portrait.contains("italic"))
        XCTAssertTrue(Grader.grade(try corners(), submission: "", options: GradeOptions(pictures: false)).pictures.isEmpty)
    }

    func testPicturesNameAConflictAndLabelSmallViewsAboveThem() throws {
        let attributor = try shippedExercise("attributor")
        let conflicting = Grader.grade(attributor, submission: attributor.reference + "swatch1.width == 64\n")
        let landscape = try XCTUnwrap(conflicting.pictures.first { $0.name == "landscape.svg" })
        XCTAssertTrue(landscape.svg.contains(">failed: the constraints conflict</tspan>"))
        XCTAssertEqual(landscape.title, "landscape: 568×320, left-to-right, failed: the constraints conflict")

        let crossView = try shippedExercise("cross-view")
        let report = Grader.grade(crossView, submission: crossView.reference)
        let portrait = try XCTUnwrap(report.scenarios.first)
        let button = try XCTUnwrap(portrait.views.first { $0.name == "bottomButton" }?.submission)
        // "bottomButton" is wider than the 46-point button: its name goes 3 points above the frame.
        XCTAssertLessThan(button.width, SVGWriter.textWidth("bottomButton") + 6)
        XCTAssertTrue(report.pictures[0].svg.contains(
            ##"<text x="\##(SVGWriter.number(button.x))" y="\##(SVGWriter.number(button.y - 3))" fill="#1b4d1e""##))
    }
}
