import XCTest
import AutoLayout
import InterfaceBuilder

/// Writing documents as storyboards: what a view has and has not survives the trip.
final class ExportTests: XCTestCase {
    func testAViewWithoutIntrinsicSizeKeepsNoneThoughItsKindUsuallyHasOne() throws {
        let document = try LayoutDocument.parse("view bar button\nview title label\nH:|-[bar]-|\nV:|-[bar(30)]-[title(20)]\nH:|-[title]")
        let storyboard = try StoryboardExporter.storyboard(for: document)
        let back = try XCTUnwrap(convert(Array(storyboard.utf8)))
        XCTAssertTrue(back.conversion.document.contains("view bar button\n"), back.conversion.document)
        XCTAssertTrue(back.conversion.document.contains("view title label\n"), back.conversion.document)
        XCTAssertEqual(canonical(try XCTUnwrap(parsed(back))), canonical(document))
    }
}
