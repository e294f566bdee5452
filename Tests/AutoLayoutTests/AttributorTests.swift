import XCTest
import AutoLayout

/// The attributor screen: four equal swatches between standard margins.
final class AttributorTests: XCTestCase {
    static let layout = """
        view headline label 120x21
        view body textView
        view swatch1
        view swatch2
        view swatch3
        view swatch4
        view outline button 64x30
        view unoutline button 84x30
        H:|-[headline]-|
        H:|-[body]-|
        V:|-[headline]-[body]-[swatch1(==64)]-[outline]-|
        H:|-[swatch1]-[swatch2(==swatch1)]-[swatch3(==swatch1)]-[swatch4(==swatch1)]-|
        V:[swatch2(==swatch1)]
        V:[swatch3(==swatch1)]
        V:[swatch4(==swatch1)]
        swatch2.top == swatch1.top
        swatch3.top == swatch1.top
        swatch4.top == swatch1.top
        H:|-[outline]
        H:[unoutline]-|
        V:[swatch1]-[unoutline]-|
        """

    func testSwatchesAreExactly64PointsWideInPortrait() throws {
        let result = try XCTUnwrap(parseDocument(Self.layout)).solve(portrait)
        XCTAssertTrue(result.isComplete, "\(result.ambiguities.map(\.message))")
        // 320 - 2 × 20 margins - 3 × 8 gaps = 256 = 4 × 64.
        for (index, x) in [20.0, 92, 164, 236].enumerated() {
            assertFrame(result, "swatch\(index + 1)", rect(x, 446, 64, 64))
        }
        assertFrame(result, "headline", rect(20, 20, 280, 21))
        // body runs from 20 + 21 + 8 = 49 down to the swatches' top minus 8.
        assertFrame(result, "body", rect(20, 49, 280, 446 - 8 - 49))
        assertFrame(result, "outline", rect(20, 518, 64, 30))
        assertFrame(result, "unoutline", rect(320 - 20 - 84, 518, 84, 30))
    }

    func testLeftoverFixedWidthConflictsInLandscapeOnly() throws {
        let text = Self.layout + "\nswatch1.width == 64"
        let document = try XCTUnwrap(parseDocument(text))
        XCTAssertTrue(document.solve(portrait).conflicts.isEmpty)
        let result = document.solve(landscape)
        XCTAssertEqual(result.conflicts.count, 1)
        let conflict = try XCTUnwrap(result.conflicts.first)
        // Exactly the row: its five spacings, the three equal widths, and the leftover width.
        XCTAssertEqual(conflict.constraints.map(\.source), [
            "H:|-[swatch1]", "H:[swatch1]-[swatch2]", "H:[swatch2(==swatch1)]", "H:[swatch2]-[swatch3]",
            "H:[swatch3(==swatch1)]", "H:[swatch3]-[swatch4]", "H:[swatch4(==swatch1)]", "H:[swatch4]-|",
            "swatch1.width == 64",
        ])
        XCTAssertEqual(conflict.constraints.map(\.location.line), [12, 12, 12, 12, 12, 12, 12, 12, 22])
        XCTAssertEqual(conflict.broken.source, "swatch1.width == 64")
        XCTAssertEqual(result.exitStatus, 1)
        // The rest is laid out: (568 - 40 - 24) / 4 = 126.
        assertFrame(result, "swatch4", rect(20 + 3 * (126 + 8), 198, 126, 64))
    }
}
