import XCTest
import AutoLayout
@testable import InterfaceBuilder

/// Hand-written storyboards and XIBs in the style of several Xcode versions: each converts, and
/// the converted layout puts every view where the file's design frames say.
final class XcodeStyleTests: XCTestCase {
    /// Asserts that solving the conversion in its design scenario gives the file's frames.
    private func assertDesignFramesReproduced(_ conversion: InterfaceBuilderConversion, _ expected: [String: LayoutRect],
                                              file: StaticString = #filePath, line: UInt = #line) {
        guard let document = parsed(conversion, file: file, line: line) else { return }
        let result = document.solve(conversion.scenario)
        XCTAssertTrue(result.isComplete, "\(result.conflicts.map(\.message)) \(result.ambiguities.map(\.message))",
                      file: file, line: line)
        for (name, rect) in expected {
            guard let frame = result.frame(of: name)?.frame else {
                XCTFail("no view \(name) in\n\(conversion.conversion.document)", file: file, line: line)
                continue
            }
            XCTAssertEqual(frame, rect, name, file: file, line: line)
        }
    }

    func testXcode5StoryboardWithIOS7GuidesInANavigationController() throws {
        let bytes = try fixture("xcode5-recipe.storyboard")
        XCTAssertEqual(try InterfaceBuilder.scenes(in: bytes).map(\.id), ["rcS-cn-e01"])
        let conversion = try XCTUnwrap(convert(bytes, scene: "Recipe"))
        // Pushed by the navigation controller: status bar and navigation bar above the top guide.
        XCTAssertEqual(conversion.scenario.topBar, 44)
        XCTAssertEqual(conversion.conversion.size, LayoutSize(width: 320, height: 568))
        XCTAssertEqual(conversion.conversion.views.map(\.name), ["titleLabel", "imageView1", "cookButton"])
        XCTAssertEqual(conversion.conversion.views.map(\.source), ["outlet", "kind", "outlet"])
        let texts = conversion.conversion.constraints.map(\.text)
        XCTAssertEqual(texts, [
            "titleLabel.top == topLayoutGuide.bottom + standard",
            "titleLabel.leading == superview.leading + standard",
            "imageView1.top == titleLabel.bottom + standard",
            "imageView1.leading == superview.leading + standard",
            "superview.trailing == imageView1.trailing + standard",
            "imageView1.width == 1.3333333333333333 * imageView1.height",
            "superview.centerX == cookButton.centerX",
            "bottomLayoutGuide.top == cookButton.bottom + 20",
        ])
        XCTAssertEqual(conversion.conversion.constraints[0].source, "Top Space to: Top Layout Guide = 8 (c01-Tp-001)")
        XCTAssertEqual(conversion.conversion.constraints[4].source, "Trailing Space to: Superview = 20 (c05-Tr-001)")
        XCTAssertEqual(conversion.conversion.constraints[6].source, "Align Center X to: Superview (c07-Cx-001)")
        // The placeholder is removed at build time; the bar button's custom view belongs to no scene.
        XCTAssertEqual(conversion.conversion.skipped.map(\.line), [62, 75])
        XCTAssertTrue(conversion.conversion.skipped[0].reason.contains("placeholder"))
        XCTAssertTrue(conversion.conversion.skipped[1].reason.contains("bar button"))
        assertDesignFramesReproduced(conversion, [
            "titleLabel": LayoutRect(x: 20, y: 72, width: 78, height: 21),
            "imageView1": LayoutRect(x: 20, y: 101, width: 280, height: 210),
            "cookButton": LayoutRect(x: 137, y: 518, width: 46, height: 30),
        ])
    }
}
