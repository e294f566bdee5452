import XCTest
import AutoLayout

/// Margin and baseline attributes, the root container's built-in guides, and what scenarios say they measure.
final class GuidesAndMarginsTests: XCTestCase {
    func testSafeAreaIsBelowTheStatusBarInPortraitAndFullInLandscapeOnAPhone() throws {
        let document = try XCTUnwrap(parseDocument("""
            view a label 30x10
            a.leading == safeArea.leading
            a.top == safeArea.top + 8
            """))
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568))), "a", rect(0, 28, 30, 10))
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 568, height: 320))), "a", rect(0, 8, 30, 10))
        // A navigation bar below the status bar.
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568), topBar: 44)),
                    "a", rect(0, 72, 30, 10))
        // A phone with a sensor housing: 47 at the top in portrait, at both sides in landscape.
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 390, height: 844))), "a", rect(0, 55, 30, 10))
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 844, height: 390))), "a", rect(47, 8, 30, 10))
        // A tablet keeps its status bar in landscape.
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 1024, height: 768))), "a", rect(0, 28, 30, 10))
    }

    func testBuiltInGuidesAreDeclaredOnlyWhenUsedAndAreNeverAmbiguous() throws {
        let plain = try XCTUnwrap(parseDocument("view a label 30x10\nH:|[a]\nV:|[a]"))
        XCTAssertEqual(plain.items.count, 1)
        let document = try XCTUnwrap(parseDocument("""
            view a
            a.top == topLayoutGuide.bottom
            a.bottom == bottomLayoutGuide.top
            H:|[a]|
            """))
        XCTAssertEqual(document.items.map(\.name), ["a", "topLayoutGuide", "bottomLayoutGuide"])
        XCTAssertEqual(document.items[1].builtIn, .topLayoutGuide)
        XCTAssertTrue(document.unusedDeclarations.isEmpty)
        let result = document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 480), bottomBar: 49))
        XCTAssertTrue(result.isComplete, "\(result.ambiguities) \(result.conflicts)")
        assertFrame(result, "a", rect(0, 20, 320, 480 - 20 - 49))
        assertFrame(result, "topLayoutGuide", rect(0, 0, 320, 20))
        assertFrame(result, "bottomLayoutGuide", rect(0, 431, 320, 49))
    }

    func testAVisualFormatLineMayNameTheTopLayoutGuide() throws {
        let document = try XCTUnwrap(parseDocument("view a label 30x10\nV:[topLayoutGuide]-[a]\nH:|-[a]"))
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568))), "a", rect(20, 28, 30, 10))
    }

    func testADeclaredItemNamedLikeAGuideWins() throws {
        let document = try XCTUnwrap(parseDocument("view safeArea\nH:|[safeArea]|\nV:|-100-[safeArea]|"))
        XCTAssertNil(document.items[0].builtIn)
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568))), "safeArea",
                    rect(0, 100, 320, 468))
    }

    func testRootMarginsAreTheSafeAreaPlusSixteenOrTwentyOnWideScreens() throws {
        let document = try XCTUnwrap(parseDocument("""
            view a label 30x10
            a.leadingMargin == superview.leadingMargin
            a.topMargin == superview.topMargin
            """))
        // a's own margin is 8: its leading edge is 8 left of its leading margin.
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568))), "a", rect(8, 12, 30, 10))
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 414, height: 736))), "a", rect(12, 12, 30, 10))
        let viaGuide = try XCTUnwrap(parseDocument("view a label 30x10\na.leading == margins.leading\na.top == margins.top"))
        assertFrame(viaGuide.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568))), "a", rect(16, 20, 30, 10))
    }

    func testTrailingMarginFollowsTheLayoutDirection() throws {
        let document = try XCTUnwrap(parseDocument("""
            view a label 30x10
            a.trailing == superview.trailingMargin
            a.top == superview.top
            """))
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568))), "a", rect(320 - 16 - 30, 0, 30, 10))
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568), direction: .rightToLeft)),
                    "a", rect(16, 0, 30, 10))
    }

    func testCentersWithinMarginsAndBaselines() throws {
        let document = try XCTUnwrap(parseDocument("""
            view panel
            view a label 30x10 in panel
            view b label 40x20 in panel
            H:|[panel]|
            V:|-40-[panel(100)]
            a.centerXWithinMargins == superview.centerXWithinMargins
            a.firstBaseline == superview.bottomMargin
            b.lastBaseline == a.lastBaseline
            b.leading == superview.leading
            """))
        let result = document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568)))
        XCTAssertTrue(result.isComplete)
        assertFrame(result, "a", rect(145, 40 + 82, 30, 10))
        assertFrame(result, "b", rect(0, 40 + 72, 40, 20))
    }

    func testGuidesHaveNoMargins() {
        let errors = parseErrors("view a\na.leading == safeArea.leadingMargin")
        XCTAssertEqual(errors.first?.message.contains("has no margins"), true)
    }

    func testExplicitSafeAreaInsetsOverrideTheBars() throws {
        let document = try XCTUnwrap(parseDocument("view a\nH:|[a]|\na.top == safeArea.top\na.bottom == safeArea.bottom"))
        let scenario = LayoutScenario(containerSize: LayoutSize(width: 320, height: 568), topBar: 44,
                                      safeAreaInsets: LayoutInsets(top: 10, left: 0, bottom: 30, right: 0))
        assertFrame(document.solve(scenario), "a", rect(0, 10, 320, 528))
    }

    func testSystemSpacingTimesAMultiplier() throws {
        let document = try XCTUnwrap(parseDocument("""
            view a label 30x10
            view b label 30x10
            H:|[a]
            b.leading == a.trailing + 2 * standard
            V:|[a]
            V:|[b]
            """))
        XCTAssertEqual(document.constraints[1].constant.value, 16)
        XCTAssertEqual(document.constraints[1].constant.source, .standard)
        XCTAssertEqual(document.explicitLine(for: document.constraints[1]), "b.leading == a.trailing + 2 * standard")
        assertFrame(document.solve(LayoutScenario(containerSize: LayoutSize(width: 320, height: 568))), "b", rect(46, 0, 30, 10))
        XCTAssertEqual(parseErrors("view a\nview b\nb.leading == a.trailing + 2 * gap").first?.message.contains("'standard'"), true)
    }
}
