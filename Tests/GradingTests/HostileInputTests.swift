import XCTest
@testable import Grading

/// Bad and hostile submissions get a clear, located message and never crash or hang.
final class HostileInputTests: XCTestCase {
    private func corners() throws -> Exercise { try Exercise.load(files: cornersFiles()) }

    func testParseErrorsNameLineAndColumn() throws {
        let report = Grader.grade(try corners(), submission: "H:|-[thing1]\nV:|-[thng1]\n")
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertEqual(report.diagnostics.count, 1)
        XCTAssertTrue(report.diagnostics[0].hasPrefix("2:6: unknown view 'thng1'"), report.diagnostics[0])
    }

    func testSubmissionsCannotDeclareViewsOrTheContainer() throws {
        let report = Grader.grade(try corners(), submission: "container 320x568\nview extra label 10x10\nH:|-[extra]|\n")
        XCTAssertEqual(report.diagnostics, [
            "1:1: the container size is set by each scenario; remove the `container` line",
            "2:6: 'extra': the exercise declares the views; declare a `guide` if you need an invisible spacer",
        ])
        let guide = Grader.grade(try corners(), submission: "guide containerish\nH:|[containerish]|\n")
        XCTAssertEqual(guide.outcome, .graded)
    }

    func testInvalidUTF8IsLocated() throws {
        let bytes = Array("H:|-[thing1]\nV:|-[".utf8) + [0xFF] + Array("thing1]\n".utf8)
        let report = Grader.grade(try corners(), submission: bytes)
        XCTAssertEqual(report.diagnostics, ["2:6: the submission is not valid UTF-8 text"])
        XCTAssertEqual(report.exitStatus, 2)
    }

    func testHugeNumbersAndOddTextDoNotCrash() throws {
        let exercise = try corners()
        for text in ["H:|-1e308-[thing1]", "thing1.width == 1e400", "H:|-(-5)-[thing1]", "thing1.leading == 0 * superview.leading",
                     "H:|[thing1(>=thing2)][thing2(>=thing1)]|", "\u{0}\u{7}", String(repeating: "[", count: 10_000),
                     "thing1.width == 2 * thing1.width", "thing1.leading == thing1.leading + 5", "# only a comment"] {
            let report = Grader.grade(exercise, submission: text)
            XCTAssertGreaterThanOrEqual(report.score, 0, text)
            XCTAssertLessThanOrEqual(report.score, exercise.points, text)
            if report.outcome == .rejected {
                XCTAssertFalse(report.diagnostics.isEmpty, text)
                XCTAssertTrue(report.diagnostics.allSatisfy { $0.first?.isNumber == true }, "\(text): \(report.diagnostics)")
            }
        }
    }

    func testDynamicsSyntaxErrorsNameLineAndColumn() throws {
        let report = Grader.grade(try shippedExercise("steady-stacks"), submission: "{\"type\": \"composite\",\n \"children\": [}")
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertTrue(report.diagnostics[0].hasPrefix("2:15: "), report.diagnostics[0])
    }

    func testDynamicsContentErrorsNameTheSubmissionsOwnPath() throws {
        let exercise = try shippedExercise("steady-stacks")
        let report = Grader.grade(exercise, submission: #"{"type": "composite", "children": [{"type": "gravity", "magnitude": "strong"}]}"#)
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertTrue(report.diagnostics[0].hasPrefix("$.children[0].magnitude: "), report.diagnostics[0])
        let unknownItem = Grader.grade(exercise, submission: #"{"type": "itemBehavior", "items": ["b99"]}"#)
        XCTAssertTrue(unknownItem.diagnostics[0].hasPrefix("$.items[0]: "), unknownItem.diagnostics[0])
    }

    func testDynamicsSubmissionsMustBeABehaviorObject() throws {
        let exercise = try shippedExercise("steady-stacks")
        for text in ["[]", "42", "\"gravity\"", "null"] {
            let report = Grader.grade(exercise, submission: text)
            XCTAssertEqual(report.diagnostics, [#"$: expected a behavior object such as {"type": "composite", "children": [...]}"#], text)
        }
    }

    func testDeeplyNestedJSONIsRefusedByTheParserLimits() throws {
        let text = String(repeating: #"{"type": "composite", "children": ["#, count: 60) + String(repeating: "]}", count: 60)
        let report = Grader.grade(try shippedExercise("steady-stacks"), submission: text)
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertEqual(report.diagnostics.count, 1)
    }

    func testDisallowedBehaviorsAreRejectedWithTheAllowedList() throws {
        let report = Grader.grade(try shippedExercise("push-into-zone"),
                                  submission: #"{"type": "composite", "children": [{"type": "snap", "item": "puck", "point": [240, 460]}]}"#)
        XCTAssertEqual(report.diagnostics, [#"$.children[0].type: "snap" is not allowed in this exercise; use "composite", "gravity", "collision", "itemBehavior" and "push""#])
    }

    func testSVGTextAndAttributesAreEscaped() {
        var svg = SVGWriter(x: 0, y: 0, width: 10, height: 10, label: #"a "quoted" <label> & 'more'"#, description: "<desc> & more")
        svg.start(.text, [(.fill, #"red" onload="alert(1)"#)])
        svg.text("</text><script>alert(1)</script>\u{1}")
        let output = svg.finish()
        XCTAssertFalse(output.contains("<script"))
        XCTAssertFalse(output.contains(#"onload="alert"#))
        XCTAssertTrue(output.contains("<desc>&lt;desc&gt; &amp; more</desc>"), output)
        XCTAssertTrue(output.contains("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;\u{FFFD}</text></svg>"))
        XCTAssertTrue(output.contains(#"aria-label="a &quot;quoted&quot; &lt;label&gt; &amp; &#39;more&#39;""#))
    }
}

extension HostileInputTests {
    func testWindowsLineEndingsAndAByteOrderMarkAreAccepted() throws {
        let exercise = try corners()
        let text = "H:|-[thing1]\r\nV:|-[thing1]\r\nH:[thing2]-|\r\nV:[thing2]-|\r\n"
        XCTAssertTrue(Grader.grade(exercise, submission: text).isFullMarks)
        XCTAssertTrue(Grader.grade(exercise, submission: [0xEF, 0xBB, 0xBF] + Array(text.utf8)).isFullMarks)
    }
}
