import XCTest
import Grading

/// A storyboard's size-class variations: each scenario is graded with the constraints installed
/// for its own size classes (landscape on a phone is compact height), not with the design size's.
final class SizeClassGradingTests: XCTestCase {
    /// The centred-label reference as a storyboard, with a variation that, in compact height,
    /// swaps the horizontal centring for a leading edge 20 points in.
    private func storyboardWithCompactHeightVariation() throws -> String {
        let url = exercisesFolder.appendingPathComponent("centered/reference.storyboard")
        var text = try String(contentsOf: url, encoding: .utf8)
        let centerX = #"<constraint firstItem="Gfa-ye-Kke" firstAttribute="centerX" secondItem="ALb-mU-3LW" secondAttribute="centerX" id="37e-tS-X3c"/>"#
        XCTAssertTrue(text.contains(centerX), "the shipped storyboard still has its centring constraint")
        let leading = #"<constraint firstItem="Gfa-ye-Kke" firstAttribute="leading" secondItem="ALb-mU-3LW" secondAttribute="leading" constant="20" id="lDg-Cp-001"/>"#
        text = text.replacingOccurrences(of: centerX, with: centerX + "\n" + leading)
        let variations = """
            <variation key="default">
                <mask key="constraints">
                    <exclude reference="lDg-Cp-001"/>
                </mask>
            </variation>
            <variation key="heightClass=compact">
                <mask key="constraints">
                    <include reference="lDg-Cp-001"/>
                    <exclude reference="37e-tS-X3c"/>
                </mask>
            </variation>
        </view>
        """
        let rootEnd = "</constraints>\n                    </view>"
        XCTAssertTrue(text.contains(rootEnd), "the root view's constraints end where expected")
        text = text.replacingOccurrences(of: rootEnd, with: "</constraints>\n" + variations)
        return text
    }

    func testEachScenarioIsGradedWithTheConstraintsOfItsSizeClasses() throws {
        let exercise = try shippedExercise("centered")
        let report = Grader.grade(exercise, submission: try storyboardWithCompactHeightVariation(), form: .storyboard)
        XCTAssertEqual(report.outcome, .graded, "\(report.diagnostics)")
        let passed = Dictionary(uniqueKeysWithValues: report.checks.map { ($0.name, $0.passed) })
        XCTAssertEqual(passed["portrait"], true)
        XCTAssertEqual(passed["3.5-inch"], true)
        XCTAssertEqual(passed["landscape"], false, "landscape is compact height: the label sits 20 points in")
        XCTAssertEqual(report.score, 70)
        XCTAssertEqual(report.checks.map(\.name).prefix(3), ["portrait", "landscape", "3.5-inch"], "checks keep scenario order")
        XCTAssertEqual(report.scenarios.map(\.name), ["portrait", "landscape", "3.5-inch"])
        XCTAssertTrue(report.diagnostics.contains { $0.contains("landscape") && $0.contains("heightClass=compact") },
                      "the report says which size classes graded which scenario: \(report.diagnostics)")
    }

    func testTheSameSubmissionGetsTheSameReportEveryTime() throws {
        let exercise = try shippedExercise("centered")
        let text = try storyboardWithCompactHeightVariation()
        let first = Grader.grade(exercise, submission: text, form: .storyboard)
        let second = Grader.grade(exercise, submission: text, form: .storyboard)
        XCTAssertEqual(first.text, second.text)
        XCTAssertEqual(first.pictures.map(\.svg), second.pictures.map(\.svg))
    }

    func testAStoryboardWithoutVariationsIsGradedAsBefore() throws {
        let exercise = try shippedExercise("centered")
        let url = exercisesFolder.appendingPathComponent("centered/reference.storyboard")
        let report = Grader.grade(exercise, submission: try String(contentsOf: url, encoding: .utf8), form: .storyboard)
        XCTAssertEqual(report.score, exercise.points)
        XCTAssertFalse(report.diagnostics.contains { $0.contains("heightClass") })
    }
}
