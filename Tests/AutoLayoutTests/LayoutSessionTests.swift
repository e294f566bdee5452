import XCTest
import AutoLayout

/// `LayoutSession` solves scenario after scenario on a prepared solver per writing direction, and
/// must give exactly what a fresh solve of each scenario gives: frames, conflicts, ambiguities and
/// warnings (only the work, `pivots`, differs).
final class LayoutSessionTests: XCTestCase {
    /// Every scenario solved by one session and afresh, compared; returns both pivot totals.
    @discardableResult
    private func assertSessionMatchesFreshSolves(_ text: String, _ scenarios: [LayoutScenario],
                                                 file: StaticString = #filePath,
                                                 line: UInt = #line) throws -> (session: Int, fresh: Int) {
        let document = try XCTUnwrap(parseDocument(text, file: file, line: line), file: file, line: line)
        let engine = LayoutEngine(document: document)
        var session = LayoutSession(engine: engine)
        var pivots = (session: 0, fresh: 0)
        for (index, scenario) in scenarios.enumerated() {
            let reused = session.solve(scenario)
            let fresh = engine.solve(scenario)
            pivots.session += reused.pivots
            pivots.fresh += fresh.pivots
            let context = "scenario \(index): \(scenario.containerSize.map(\.description) ?? "default") \(scenario.direction)"
            assertSameResult(reused, fresh, context, file: file, line: line)
        }
        return pivots
    }

    private static let sizes: [LayoutSize] = [size(320, 568), size(568, 320), size(320, 480), size(1024, 768),
                                              size(375, 812), size(200, 300), size(320, 568)]

    func testAttributorInManySizesBothDirectionsReusesTheSolver() throws {
        var scenarios: [LayoutScenario] = []
        for (index, container) in Self.sizes.enumerated() {
            scenarios.append(LayoutScenario(containerSize: container, direction: index % 3 == 2 ? .rightToLeft : .leftToRight))
        }
        let pivots = try assertSessionMatchesFreshSolves(AttributorTests.layout, scenarios)
        XCTAssertLessThan(pivots.session, pivots.fresh, "later scenarios change constants instead of solving afresh")
    }

    func testARequiredConstraintThatBreaksInOneScenarioIsReportedAsAFreshSolveReportsIt() throws {
        // 360 wide at 400, but a 320 container leaves 280 for a view that needs 300.
        let layout = """
            view a
            view b label 40x20
            H:|-20-[a]-20-|
            a.width >= 300
            V:|-[a(==50)]-[b]
            H:|-[b]
            """
        try assertSessionMatchesFreshSolves(layout, [
            LayoutScenario(containerSize: size(400, 600)), LayoutScenario(containerSize: size(320, 600)),
            LayoutScenario(containerSize: size(500, 600)), LayoutScenario(containerSize: size(320, 600)),
        ])
    }

    func testAmbiguityThatDependsOnTheContainerAndContentSizesThatChange() throws {
        // The label fits between its neighbours only in wide containers; a scenario changes its
        // content size, which the prepared solver cannot take.
        let layout = """
            view left label 80x20
            view middle label 100x20
            view right label 80x20
            H:|-[left]-(>=8)-[middle]-(>=8)-[right]-|
            middle.centerX == superview.centerX
            V:|-[left]
            V:|-[middle]
            V:|-[right]
            """
        let override = LayoutScenario.IntrinsicSizeOverride(view: "middle", size: size(260, 20))
        try assertSessionMatchesFreshSolves(layout, [
            LayoutScenario(containerSize: size(600, 400)), LayoutScenario(containerSize: size(240, 400)),
            LayoutScenario(containerSize: size(600, 400), intrinsicSizes: [override]),
            LayoutScenario(containerSize: size(700, 400)), LayoutScenario(containerSize: size(300, 400)),
        ])
    }

    func testGuidesAndMarginsFollowEachScenariosBars() throws {
        let layout = """
            view banner label 100x30
            view footer
            banner.top == safeArea.top
            H:|-[banner]-|
            footer.bottom == margins.bottom
            footer.leading == margins.leading
            footer.trailing == margins.trailing
            footer.height == 44
            """
        try assertSessionMatchesFreshSolves(layout, [
            LayoutScenario(containerSize: size(320, 568)),
            LayoutScenario(containerSize: size(568, 320), topBar: 44),
            LayoutScenario(containerSize: size(375, 812), statusBar: 44, bottomBar: 49),
            LayoutScenario(containerSize: size(320, 568), direction: .rightToLeft, topBar: 44),
            LayoutScenario(containerSize: size(320, 480)),
        ])
    }
}
