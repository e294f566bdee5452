import XCTest
import AutoLayout

/// A `LayoutSession` reads a right-to-left scenario off the complete left-to-right result of the
/// same scenario when the layout mirrors exactly (`LayoutEngine.mirrorsBetweenDirections`). The
/// result must be what a fresh right-to-left solve gives, frames bit for bit, and every layout
/// built to break the mirror (absolute edges, centres outside a directional constraint, lopsided
/// safe areas, conflicts, ambiguity) must fall back to solving.
final class RightToLeftMirroringTests: XCTestCase {
    /// Solves each left-to-right scenario and then its right-to-left twin in one session, each
    /// compared with a fresh solve; returns how many twins the session mirrored.
    private func assertTwinsMatchFreshSolves(_ text: String, _ scenarios: [LayoutScenario],
                                             twinFirst: Bool = false,
                                             file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let document = try XCTUnwrap(parseDocument(text, file: file, line: line), file: file, line: line)
        let engine = LayoutEngine(document: document)
        var session = LayoutSession(engine: engine)
        for scenario in scenarios {
            var twin = scenario
            twin.direction = .rightToLeft
            let order = twinFirst ? [twin, scenario] : [scenario, twin]
            for solved in order {
                let reused = session.solve(solved)
                let fresh = engine.solve(solved)
                let context = "\(solved.containerSize.map(\.description) ?? "default") \(solved.direction)"
                assertSameResult(reused, fresh, context, file: file, line: line)
            }
        }
        return session.mirroredScenarios
    }

    private static let sizes = [size(320, 568), size(568, 320), size(320, 480), size(375, 812), size(812, 375),
                                size(1024, 768), size(333, 501)]

    func testTheAttributorsRightToLeftScenariosAreReadOffTheirTwinsWithoutSolving() throws {
        let scenarios = Self.sizes.map { LayoutScenario(containerSize: $0) }
        let mirrored = try assertTwinsMatchFreshSolves(AttributorTests.layout, scenarios)
        XCTAssertEqual(mirrored, scenarios.count, "each twin was mirrored, not solved")
    }

    func testARightToLeftScenarioFirstSolvesItsTwinAndMirrorsIt() throws {
        let scenarios = Self.sizes.map { LayoutScenario(containerSize: $0) }
        let mirrored = try assertTwinsMatchFreshSolves(AttributorTests.layout, scenarios, twinFirst: true)
        XCTAssertEqual(mirrored, scenarios.count)
    }

    func testNestedViewsGuidesMultipliersAndThirdsMirror() throws {
        let layout = """
            view card
            view title label 90x21 in card
            view badge label 30x21 in card
            guide spacer
            view left
            view middle
            view right
            H:|-[card]-|
            H:|-[title]-(>=8)-[badge]-|
            title.centerY == badge.centerY
            V:|-[title]-|
            V:|-20-[card]
            H:|[left][middle(==left)][right(==left)]|
            V:[card]-[spacer(==10)]-[left(==40)]
            V:[spacer]-[middle(==left)]
            V:[spacer]-[right(==left)]
            right.leading == 0.5 * superview.trailing + 3 @750
            badge.centerX == 0.75 * card.trailing @low
            """
        let mirrored = try assertTwinsMatchFreshSolves(layout, Self.sizes.map { LayoutScenario(containerSize: $0) })
        XCTAssertEqual(mirrored, Self.sizes.count, "leading, trailing and centres in directional constraints mirror")
    }

    func testMarginsGuidesAndBarsMirrorWhenTheyAreSymmetric() throws {
        let layout = """
            view banner label 100x30
            view footer
            banner.top == safeArea.top
            banner.leading == margins.leading
            banner.trailing <= safeArea.trailing - 12
            footer.bottom == bottomLayoutGuide.top
            footer.leadingMargin == superview.leadingMargin
            footer.trailing == superview.trailingMargin
            footer.height == 44
            """
        let scenarios = [LayoutScenario(containerSize: size(320, 568), topBar: 44),
                         LayoutScenario(containerSize: size(812, 375)),
                         LayoutScenario(containerSize: size(414, 896), bottomBar: 49)]
        let mirrored = try assertTwinsMatchFreshSolves(layout, scenarios)
        XCTAssertEqual(mirrored, scenarios.count)
    }

    func testLayoutsBuiltToBreakTheMirrorAreSolved() throws {
        let broken = [
            // Absolute edges stay put in right-to-left.
            "view a\nview b\nH:|-[a]\na.width == 100\nb.left == a.right + 10\nb.width == 50\nV:|-[a(==20)]-[b(==20)]",
            // A centre outside a directional constraint stays put.
            "view a\na.centerX == superview.centerX + 30\na.width == 100\nV:|-[a(==20)]",
            // A directional constraint with an absolute edge of the container.
            "view a\nview b\nH:|-[a]-|\nb.leading == a.leading\nb.width == 40\nb.right <= superview.right - 50 @750"
                + "\nV:|-[a(==20)]-[b(==20)]",
        ]
        for layout in broken {
            let mirrored = try assertTwinsMatchFreshSolves(layout, Self.sizes.map { LayoutScenario(containerSize: $0) })
            XCTAssertEqual(mirrored, 0, "solved, not mirrored: \(layout)")
        }
    }

    func testLopsidedSafeAreasConflictsAndAmbiguityAreSolved() throws {
        let layout = """
            view a
            view b label 50x20
            H:[a]-|
            a.leading == safeArea.leading
            V:|-[a(==20)]-[b]
            H:[b]-|
            """
        let lopsided = LayoutInsets(top: 20, left: 44, bottom: 0, right: 0)
        let symmetric = LayoutInsets(top: 20, left: 44, bottom: 0, right: 44)
        let mirrored = try assertTwinsMatchFreshSolves(layout, [
            LayoutScenario(containerSize: size(568, 320), safeAreaInsets: lopsided),
            LayoutScenario(containerSize: size(568, 320), safeAreaInsets: symmetric),
        ])
        XCTAssertEqual(mirrored, 1, "only the symmetric safe area mirrors")
        // A conflict, then an ambiguous layout: neither is complete, so neither is mirrored.
        let conflicting = try assertTwinsMatchFreshSolves("view a\nH:|-[a(==400)]-|\nV:|-[a(==20)]",
                                                          Self.sizes.map { LayoutScenario(containerSize: $0) })
        XCTAssertEqual(conflicting, 0)
        let ambiguous = try assertTwinsMatchFreshSolves("view a\nview b\nH:|-[a]-[b]-|\nV:|-[a(==20)]\nV:|-[b(==20)]",
                                                        Self.sizes.map { LayoutScenario(containerSize: $0) })
        XCTAssertEqual(ambiguous, 0)
    }

    /// Seeded random rows of views joined by leading-to-trailing spacings, with multipliers,
    /// priorities, inequalities and odd container sizes: every twin equals a fresh solve.
    func testRandomDirectionalLayoutsMirrorAsFreshSolvesLayThemOut() throws {
        var generator = SeededNumbers(seed: 19)
        var mirrored = 0
        for _ in 0..<60 {
            let count = 2 + Int(generator.next() % 4)
            var lines = (0..<count).map { "view v\($0) label \(20 + generator.next() % 60)x20" }
            var row = "H:|-\(generator.next() % 30)-"
            for index in 0..<count {
                row += index == 0 ? "[v0]" : "-(>=\(generator.next() % 12))-[v\(index)]"
            }
            lines.append(row + "-(>=0)-|")
            for index in 0..<count {
                lines.append("V:|-\(10 + 25 * index)-[v\(index)]")
                if generator.next() % 3 == 0 {
                    let multiplier = [0.25, 0.5, 0.75][Int(generator.next() % 3)]
                    let priority = [250, 750, 999][Int(generator.next() % 3)]
                    lines.append("v\(index).centerX == \(multiplier) * superview.trailing + \(generator.next() % 7) @\(priority)")
                }
            }
            let width = 200 + Double(generator.next() % 500) + 0.5 * Double(generator.next() % 2)
            let height = 300 + Double(generator.next() % 300)
            mirrored += try assertTwinsMatchFreshSolves(lines.joined(separator: "\n"),
                                                        [LayoutScenario(containerSize: size(width, height))])
        }
        XCTAssertGreaterThan(mirrored, 10, "most of these layouts are complete and mirror")
    }
}

/// A small deterministic generator (SplitMix64), so the random layouts are the same in every run.
private struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
