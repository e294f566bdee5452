import XCTest
import AutoLayout

/// Parses a document, failing the test with the errors if it does not parse.
func parseDocument(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutDocument? {
    do throws(LayoutErrors) {
        return try LayoutDocument.parse(text)
    } catch {
        XCTFail("unexpected errors:\n\(error)", file: file, line: line)
        return nil
    }
}

/// The errors a document is rejected with, failing the test if it parses.
func parseErrors(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [LayoutError] {
    do throws(LayoutErrors) {
        _ = try LayoutDocument.parse(text)
        XCTFail("expected the document to be rejected", file: file, line: line)
        return []
    } catch {
        return error.errors
    }
}

/// Asserts a root frame of a view within 0.001 pt.
func assertFrame(_ result: LayoutResult, _ name: String, _ expected: LayoutRect, root: Bool = true,
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let frame = result.frame(of: name) else {
        XCTFail("no frame for \(name)", file: file, line: line)
        return
    }
    let actual = root ? frame.rootFrame : frame.frame
    let close = abs(actual.x - expected.x) < 1e-3 && abs(actual.y - expected.y) < 1e-3
        && abs(actual.width - expected.width) < 1e-3 && abs(actual.height - expected.height) < 1e-3
    XCTAssertTrue(close, "\(name): \(actual) != \(expected)", file: file, line: line)
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> LayoutRect {
    LayoutRect(x: x, y: y, width: width, height: height)
}

func size(_ width: Double, _ height: Double) -> LayoutSize {
    LayoutSize(width: width, height: height)
}

let portrait = LayoutScenario(containerSize: size(320, 568))
let landscape = LayoutScenario(containerSize: size(568, 320))
let smallPortrait = LayoutScenario(containerSize: size(320, 480))
let portraitRTL = LayoutScenario(containerSize: size(320, 568), direction: .rightToLeft)
