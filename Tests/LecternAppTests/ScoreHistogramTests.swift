import HTML
import XCTest
@testable import LecternApp

/// The histogram is inline SVG in an HTML page: the HTML parser reads SVG as foreign content, where
/// an element that is neither closed nor self-closed swallows everything after it.
final class ScoreHistogramTests: XCTestCase {
    func testEveryShapeIsClosedSoEveryBarIsDrawn() {
        let svg = ScoreHistogram.svg([1, 0, 2, 0, 0, 0, 0, 0, 3, 4], label: "Students per tenth").renderString()
        for name in ["rect", "line", "text"] {
            let opened = svg.components(separatedBy: "<\(name) ").count - 1
            let closed = svg.components(separatedBy: "</\(name)>").count - 1
            XCTAssertGreaterThan(opened, 0, name)
            XCTAssertEqual(opened, closed, "every <\(name)> is closed: \(svg)")
        }
    }
}
