import XCTest
import AutoLayout

/// The lecture's layouts, solved in every orientation.
final class LectureCaseTests: XCTestCase {
    private let corners = """
        view thing1 label 54x21
        view thing2 label 54x21
        H:|-[thing1]
        V:|-[thing1]
        H:[thing2]-|
        V:[thing2]-|
        """

    func testCornersStayInTheirCornersInEveryOrientation() throws {
        let document = try XCTUnwrap(parseDocument(corners))
        let engine = LayoutEngine(document: document)
        for (scenario, width, height) in [(portrait, 320.0, 568.0), (landscape, 568, 320), (smallPortrait, 320, 480)] {
            let result = engine.solve(scenario)
            XCTAssertTrue(result.isComplete, "\(result.conflicts) \(result.ambiguities.map(\.message))")
            assertFrame(result, "thing1", rect(20, 20, 54, 21))
            assertFrame(result, "thing2", rect(width - 20 - 54, height - 20 - 21, 54, 21))
            XCTAssertTrue(result.warnings.isEmpty)
        }
    }

    func testCornersMirrorInRightToLeft() throws {
        let result = try XCTUnwrap(parseDocument(corners)).solve(portraitRTL)
        XCTAssertTrue(result.isComplete)
        assertFrame(result, "thing1", rect(320 - 20 - 54, 20, 54, 21))
        assertFrame(result, "thing2", rect(20, 568 - 20 - 21, 54, 21))
    }
}

extension LectureCaseTests {
    func testCentredLabelStaysCentred() throws {
        let document = try XCTUnwrap(parseDocument("""
            view badThing label 77x21
            badThing.centerX == superview.centerX
            badThing.centerY == superview.centerY
            """))
        for scenario in [portrait, landscape, smallPortrait, portraitRTL] {
            let result = document.solve(scenario)
            let container = try XCTUnwrap(scenario.containerSize)
            XCTAssertTrue(result.isComplete)
            assertFrame(result, "badThing", rect((container.width - 77) / 2, (container.height - 21) / 2, 77, 21))
            XCTAssertTrue(result.warnings.isEmpty, "\(result.warnings)")
        }
    }

    func testLabelStackedAStandardSpaceAboveAnotherWithTrailingEdgesAligned() throws {
        let document = try XCTUnwrap(parseDocument("""
            view thing2 label 54x21
            view badThing label 77x21
            H:[thing2]-|
            V:[thing2]-|
            badThing.bottom == thing2.top - standard
            badThing.trailing == thing2.trailing
            """))
        let result = document.solve(portrait)
        XCTAssertTrue(result.isComplete)
        // thing2's trailing edge is at 320 - 20 = 300 and its top at 568 - 20 - 21 = 527;
        // badThing ends at x = 300 and its bottom is 8 points (sibling standard) above 527.
        assertFrame(result, "thing2", rect(246, 527, 54, 21))
        assertFrame(result, "badThing", rect(300 - 77, 527 - 8 - 21, 77, 21))
        let rtl = document.solve(portraitRTL)
        assertFrame(rtl, "thing2", rect(20, 527, 54, 21))
        assertFrame(rtl, "badThing", rect(20, 498, 77, 21))
    }

    /// Two gray views between standard margins, a button centred vertically in each, and the
    /// lower button's leading edge at the upper button's trailing edge (across superviews).
    static let crossView = """
        view topGray
        view bottomGray
        view topButton button 46x30 in topGray
        view bottomButton button 46x30 in bottomGray
        H:|-[topGray]-|
        H:|-[bottomGray]-|
        V:|-[topGray(==100)]-[bottomGray(==topGray)]
        topButton.centerY == superview.centerY
        bottomButton.centerY == superview.centerY
        H:|-[topButton]
        bottomButton.leading == topButton.trailing
        """

    func testCrossViewButtonsInTwoGrayViews() throws {
        let document = try XCTUnwrap(parseDocument(LectureCaseTests.crossView))
        for (scenario, width) in [(portrait, 320.0), (landscape, 568)] {
            let result = document.solve(scenario)
            XCTAssertTrue(result.isComplete, "\(result.ambiguities.map(\.message)) \(result.conflicts.map(\.message))")
            assertFrame(result, "topGray", rect(20, 20, width - 40, 100))
            assertFrame(result, "bottomGray", rect(20, 128, width - 40, 100))
            // The button is a standard 20 points inside its gray view and centred in its 100 points.
            assertFrame(result, "topButton", rect(20, 35, 46, 30), root: false)
            assertFrame(result, "topButton", rect(40, 55, 46, 30))
            // The lower button starts where the upper one ends, at 40 + 46 = 86 in root coordinates.
            assertFrame(result, "bottomButton", rect(66, 35, 46, 30), root: false)
            assertFrame(result, "bottomButton", rect(86, 163, 46, 30))
        }
        let rtl = document.solve(portraitRTL)
        // Mirrored: the top button's right edge is 20 points inside the gray view's right edge (300),
        // and the lower button's right edge is at the top button's left edge.
        assertFrame(rtl, "topButton", rect(300 - 20 - 46, 55, 46, 30))
        assertFrame(rtl, "bottomButton", rect(234 - 46, 163, 46, 30))
    }
}
