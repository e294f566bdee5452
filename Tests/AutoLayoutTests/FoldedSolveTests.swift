import XCTest
import AutoLayout

/// Sizes and positions fixed before solving must give the same frames and diagnostics as the full
/// system: these are the cases where folding them in has to step aside.
final class FoldedSolveTests: XCTestCase {
    func testUnconstrainedSizeWithWeakHuggingStaysAmbiguous() throws {
        // Hugging at priority 1 does not count for ambiguity: only `width >= 50` @750 is left.
        let document = try XCTUnwrap(parseDocument("view a label 50x20 hugging 1x250\nH:|[a]\nV:|[a]"))
        let result = document.solve(portrait)
        XCTAssertEqual(result.ambiguities.map(\.message), ["a needs constraints for width"])
        XCTAssertTrue(result.conflicts.isEmpty)
    }

    func testUnconstrainedSizeWithDefaultPrioritiesTakesItsContentSize() throws {
        let document = try XCTUnwrap(parseDocument("view a label 50x20\nH:|-[a]\nV:|-[a]"))
        let result = document.solve(landscape)
        XCTAssertTrue(result.isComplete, "\(result.ambiguities.map(\.message))")
        assertFrame(result, "a", rect(20, 20, 50, 20))
    }

    func testRequiredCompressionOnAFixedSizeIsReportedAsAConflict() throws {
        let document = try XCTUnwrap(parseDocument("view a label 50x20 compression 1000\nH:|[a(==30)]\nV:|[a]"))
        let result = document.solve(portrait)
        XCTAssertEqual(result.conflicts.count, 1)
        let conflict = try XCTUnwrap(result.conflicts.first)
        // Content-size constraints are added first, so the document's width is the one broken.
        XCTAssertEqual(conflict.constraints.map(\.source), [
            "a.width >= 50 (content compression resistance @1000)", "H:[a(==30)]",
        ])
        XCTAssertEqual(conflict.broken.source, "H:[a(==30)]")
        assertFrame(result, "a", rect(0, 0, 50, 20))
    }

    func testAViewMissingAnAxisIsReportedWithItsFrames() throws {
        let document = try XCTUnwrap(parseDocument("view a\nview b\nH:|-[a(==40)]-[b(==a)]\nV:|-[a(==40)]"))
        let result = document.solve(portrait)
        XCTAssertEqual(result.ambiguities.map(\.message), ["b needs constraints for Y position and height"])
        assertFrame(result, "a", rect(20, 20, 40, 40))
        XCTAssertEqual(result.frame(of: "b")?.frame.x, 68)
        XCTAssertEqual(result.frame(of: "b")?.frame.width, 40)
    }
}
