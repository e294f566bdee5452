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
}
