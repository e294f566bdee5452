import XCTest
import AutoLayout

/// Ambiguity, magic numbers, fixed sizes and truncation.
final class DiagnosticsTests: XCTestCase {
    private let stats = """
        view colorful label 157x21
        view outlined label 140x21
        H:|-[colorful]
        V:[colorful]-|
        V:[outlined]-[colorful]
        outlined.leading == colorful.leading
        """
    private let longText = LayoutScenario(containerSize: size(320, 568), intrinsicSizes: [
        .init(view: "colorful", size: size(280, 21)),
    ])

    func testStatsLabelsGrowWithTheirText() throws {
        let document = try XCTUnwrap(parseDocument(stats))
        let result = document.solve(longText)
        XCTAssertTrue(result.isComplete)
        XCTAssertTrue(result.warnings.isEmpty, "\(result.warnings)")
        assertFrame(result, "colorful", rect(20, 527, 280, 21))
        assertFrame(result, "outlined", rect(20, 527 - 8 - 21, 140, 21))
    }

    func testPinnedWidthWarnsAndIsTruncatedWhenTheTextGrows() throws {
        let document = try XCTUnwrap(parseDocument(stats + "\ncolorful.width == 157"))
        let normal = document.solve(portrait)
        // Source order: the constraint (column 1) before its constant (column 19).
        XCTAssertEqual(normal.warnings.map(\.kind), [
            .fixedSize(view: "colorful", attribute: .width), .magicNumber(value: 157),
        ])
        XCTAssertEqual(normal.warnings.map(\.location), [SourceLocation(line: 7, column: 1), SourceLocation(line: 7, column: 19)])
        XCTAssertTrue(normal.isComplete)
        let grown = document.solve(longText)
        XCTAssertEqual(grown.warnings.last?.kind, .truncated(view: "colorful", axis: .horizontal, size: 157, intrinsicSize: 280))
        XCTAssertEqual(grown.warnings.last?.message, "'colorful' is truncated: its width is 157 but its content needs 280")
        XCTAssertEqual(grown.warnings.last?.location, SourceLocation(line: 1, column: 6))
        assertFrame(grown, "colorful", rect(20, 527, 157, 21))
        XCTAssertEqual(grown.exitStatus, 0, "warnings do not make a layout incomplete")
    }

    func testPinnedHeightOnALabelBelowCompressionResistanceIsNotAFixedSize() throws {
        let document = try XCTUnwrap(parseDocument(stats + "\nmetric h = 40\ncolorful.height == h @low"))
        XCTAssertTrue(document.fixedSizeWarnings.isEmpty)
        XCTAssertTrue(document.magicNumbers.isEmpty)
    }

    func testMissingVerticalConstraintsAreReportedPerViewAndAxis() throws {
        let document = try XCTUnwrap(parseDocument("""
            view thing1 label 54x21
            view thing2 label 54x21
            view box
            H:|-[thing1]
            V:|-[thing1]
            H:[thing2]-|
            H:|-[box]
            V:|-[box(==50)]
            """))
        let result = document.solve(portrait)
        XCTAssertFalse(result.isComplete)
        XCTAssertEqual(result.exitStatus, 1)
        XCTAssertEqual(result.ambiguities.map(\.message), [
            "thing2 needs constraints for Y position",
            "box needs constraints for width",
        ])
        // The determined parts are still laid out.
        assertFrame(result, "thing1", rect(20, 20, 54, 21))
    }

    func testAViewWithNoConstraintsNeedsEverything() throws {
        let document = try XCTUnwrap(parseDocument("view lonely\nview other label 10x10\nH:|[other]|\nV:|[other]|"))
        let result = document.solve(portrait)
        XCTAssertEqual(result.ambiguities.map(\.message), [
            "lonely needs constraints for X position and width",
            "lonely needs constraints for Y position and height",
        ])
    }

    func testGuidesAreCheckedOnlyOnTheAxesTheyTakePartIn() throws {
        let document = try XCTUnwrap(parseDocument("""
            view view1 button 60x30
            view view2 button 60x30
            guide spacer1
            guide spacer2
            guide spacer3
            H:|[spacer1][view1][spacer2(==spacer1)][view2][spacer3(==spacer1)]|
            V:|-[view1]
            V:|-[view2]
            """))
        for (scenario, width) in [(portrait, 320.0), (landscape, 568)] {
            let result = document.solve(scenario)
            XCTAssertTrue(result.isComplete, "\(result.ambiguities.map(\.message))")
            let gap = (width - 120) / 3
            assertFrame(result, "view1", rect(gap, 20, 60, 30))
            assertFrame(result, "view2", rect(2 * gap + 60, 20, 60, 30))
        }
        XCTAssertTrue(document.unusedDeclarations.isEmpty)
    }

    func testASubviewConstrainedToAnUndeterminedSuperviewIsNotItselfAmbiguous() throws {
        let document = try XCTUnwrap(parseDocument("""
            view panel
            view inner in panel
            H:|-[inner]-|
            V:|-[inner]-|
            H:|-[panel]-|
            V:[panel(==100)]
            """))
        XCTAssertEqual(document.solve(portrait).ambiguities.map(\.message), ["panel needs constraints for Y position"])
    }

    func testMagicNumbersAreFlaggedButZeroStandardAndMetricsAreNot() throws {
        let document = try XCTUnwrap(parseDocument("""
            metric gap = 40
            view a
            view b
            H:|-[a(>=50@750)]-(gap)-[b]-0-|
            V:|-62-[a]
            a.height == b.height
            b.top == a.top + standard
            b.height == 2 * a.height - 10
            """))
        let magic = document.magicNumbers
        XCTAssertEqual(magic.map(\.kind), [.magicNumber(value: 50), .magicNumber(value: 62), .magicNumber(value: 10)])
        XCTAssertEqual(magic.map(\.location), [
            SourceLocation(line: 4, column: 10), SourceLocation(line: 5, column: 5), SourceLocation(line: 8, column: 28),
        ])
        XCTAssertEqual(magic[1].message,
                       "line 5: magic number 62 in 'V:|-62-[a]': use standard spacing, a named metric, or relate it to another view")
    }

    func testLiteralStandardValuesAreStillMagic() throws {
        let document = try XCTUnwrap(parseDocument("""
            metric swatchHeight = 64
            view a
            view b
            H:[b]-20-|
            V:[a]-8-[b]-(swatchHeight)-|
            """))
        // Writing the value of `standard` or of a metric is still writing a number.
        XCTAssertEqual(document.magicNumbers.map(\.kind), [.magicNumber(value: 20), .magicNumber(value: 8)])
    }

    func testUnusedGuidesAndMetricsAreListed() throws {
        let document = try XCTUnwrap(parseDocument("""
            metric gap = 40
            metric unused = 3
            metric level = 500
            guide spare
            view a
            H:|-(gap@level)-[a]
            """))
        XCTAssertEqual(document.unusedDeclarations.map(\.name), ["unused", "spare"])
    }
}
