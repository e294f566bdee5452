import Foundation
import XCTest
import AutoLayout

/// The diagnostics text, compared with reviewed files in `Golden/`.
/// Run with `LECTERN_UPDATE_GOLDEN=1` to rewrite the files after an intended change, then review the diff.
final class GoldenDiagnosticsTests: XCTestCase {
    private func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["LECTERN_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(actual, expected, "differs from Golden/\(name).txt", file: file, line: line)
    }

    func testAttributorLandscapeConflict() throws {
        let document = try XCTUnwrap(parseDocument(AttributorTests.layout + "\nswatch1.width == 64"))
        try assertGolden(document.solve(landscape).table(), "attributor-landscape-conflict")
    }

    func testMissingConstraints() throws {
        let document = try XCTUnwrap(parseDocument("""
            view thing1 label 54x21
            view thing2 label 54x21
            guide spacer
            H:|-[thing1]
            V:|-[thing1]
            H:[thing2]-|
            H:[thing1][spacer]
            """))
        try assertGolden(document.solve(portrait).table(), "missing-constraints")
    }

    func testPinnedLabelTruncatedInLongText() throws {
        let document = try XCTUnwrap(parseDocument("""
            view colorful label 157x21
            view outlined label 140x21
            H:|-[colorful(==157)]
            V:[colorful]-|
            V:[outlined]-[colorful]
            outlined.leading == colorful.leading
            """))
        let scenario = LayoutScenario(containerSize: size(320, 568), intrinsicSizes: [.init(view: "colorful", size: size(280, 21))])
        try assertGolden(document.solve(scenario).table(), "stats-truncated")
    }

    func testCrossViewRightToLeft() throws {
        let document = try XCTUnwrap(parseDocument(LectureCaseTests.crossView))
        try assertGolden(document.solve(portraitRTL).table(), "cross-view-rtl")
    }

    func testParseErrors() throws {
        let text = """
            view thing1 label 54x21
            view thing2 lable 54x21
            H:|-[thng1]-(>=gap)-|
            thing1.leading == superview.top
            thing1.centerX == 0 * superview.centerX
            V:|-[thing1(==50@1001)]
            thing1.width == 2 * superview.height + widht
            """
        let errors = parseErrors(text)
        try assertGolden(LayoutErrors(errors).rendered(source: text) + "\n", "parse-errors")
    }
}
