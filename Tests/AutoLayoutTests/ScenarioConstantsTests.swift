import XCTest
@testable import AutoLayout

/// A scenario changes only the constants of a layout's expressions: `LayoutRun.resolve(for:)`
/// keeps the terms of the previous scenario of the same direction and computes only the constants
/// (`LayoutEngine.constant(for:geometry:)`). Both must be exactly what building each sum afresh
/// gives: the same terms in every scenario of a direction, and the same constant, bit for bit.
final class ScenarioConstantsTests: XCTestCase {
    private static let layouts = [
        AttributorTests.layout,
        """
        view card
        view title label 90x21 in card
        view badge label 30x21 in card
        guide spacer
        H:|-[card]-|
        H:|-[title]-(>=8)-[badge]-|
        title.centerY == badge.centerY
        V:|-[title]-|
        card.top == safeArea.top + 12
        card.bottom <= bottomLayoutGuide.top
        spacer.leading == card.leadingMargin
        spacer.width == 0.3 * card.width + 2.5
        badge.centerX == 0.75 * card.trailing @low
        title.leading >= margins.leading
        card.centerXWithinMargins == superview.centerXWithinMargins
        V:[card]-[spacer(==10)]
        """,
    ]

    func testConstantsAloneMatchFreshSumsInEveryScenarioOfADirection() throws {
        let sizes = [size(320, 568), size(568, 320), size(375, 812), size(812, 375), size(1024, 768), size(333.3, 501.7)]
        var compared = 0
        for text in Self.layouts {
            let engine = LayoutEngine(document: try XCTUnwrap(parseDocument(text)))
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                var terms: [[(index: Int, coefficient: Double)]?]?
                for (number, container) in sizes.enumerated() {
                    let scenario = LayoutScenario(containerSize: container, direction: direction,
                                                  topBar: Double(number % 2) * 44, bottomBar: Double(number % 3) * 21)
                    let geometry = ScenarioGeometry(scenario: scenario, container: container)
                    let sums = engine.document.constraints.indices.map { engine.sum(for: $0, geometry: geometry) }
                    for (index, sum) in sums.enumerated() {
                        let constant = engine.constant(for: index, geometry: geometry)
                        XCTAssertEqual(constant.bitPattern, sum.constant.bitPattern, "constraint \(index) in \(scenario)")
                        compared += 1
                    }
                    let these = sums.map { Optional($0.terms) }
                    if let first = terms {
                        XCTAssertTrue(zip(first, these).allSatisfy { lhs, rhs in
                            lhs?.map(\.index) == rhs?.map(\.index) && lhs?.map(\.coefficient) == rhs?.map(\.coefficient)
                        }, "the terms depend on the direction alone")
                    }
                    terms = these
                }
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }

    /// The values the required equalities fix, found by replaying the first scenario's search on
    /// each later scenario's constants, are those a fresh search finds, bit for bit; and a
    /// contradiction is found as a fresh search finds it.
    func testReplayedFixedValuesMatchAFreshSearch() throws {
        let contradicting = """
            view a
            view b
            a.width == superview.width - 40
            b.width == a.width
            b.width == 280
            H:|-[a]
            H:|-[b]
            V:|-[a(==20)]-[b(==20)]
            """
        var replayed = 0
        var contradictions = 0
        for text in Self.layouts + [contradicting] {
            let engine = LayoutEngine(document: try XCTUnwrap(parseDocument(text)))
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let first = LayoutRun.Setting(engine: engine, scenario: LayoutScenario(containerSize: size(320, 568),
                                                                                       direction: direction),
                                              foldingFixedValues: true)
                for container in [size(568, 320), size(320, 480), size(375, 812), size(333.3, 501.7), size(320, 568)] {
                    let scenario = LayoutScenario(containerSize: container, direction: direction, topBar: 44)
                    let fresh = LayoutRun.Setting(engine: engine, scenario: scenario, foldingFixedValues: true)
                    let again = LayoutRun.Setting(engine: engine, scenario: scenario, foldingFixedValues: true,
                                                  following: (first.sums, first.intrinsicSizes, first.fixed))
                    let context = "\(container) \(direction)"
                    XCTAssertEqual(fresh.fixed == nil, again.fixed == nil, context)
                    guard let fresh = fresh.fixed, let again = again.fixed else {
                        contradictions += 1
                        continue
                    }
                    XCTAssertEqual(fresh.isFixed, again.isFixed, context)
                    XCTAssertEqual(fresh.values.map(\.bitPattern), again.values.map(\.bitPattern), context)
                    replayed += 1
                }
            }
        }
        XCTAssertGreaterThan(replayed, 15)
        XCTAssertGreaterThan(contradictions, 0, "the contradicting layout contradicts itself except at 320 wide")
    }
}

