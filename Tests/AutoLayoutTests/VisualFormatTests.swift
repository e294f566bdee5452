import XCTest
import AutoLayout

/// Every form of Apple's Visual Format Syntax, and where errors point.
final class VisualFormatTests: XCTestCase {
    private let declarations = """
        metric gap = 40
        metric level = 600
        view a
        view b
        view c
        view panel
        view inner in panel

        """

    /// The constraints of one VFL line, resolved, with the source form of each.
    private func expand(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) -> [String] {
        guard let document = parseDocument(declarations + line, file: file, line: lineNumber) else { return [] }
        return document.constraints.map { "\(document.resolvedDescription(of: $0))  ⟵ \($0.source)" }
    }

    func testOrientationDefaultsToHorizontal() {
        XCTAssertEqual(expand("|-[a]"), ["a.leading == superview.leading + 20  ⟵ H:|-[a]"])
        XCTAssertEqual(expand("H:|-[a]"), ["a.leading == superview.leading + 20  ⟵ H:|-[a]"])
        XCTAssertEqual(expand("V:|-[a]"), ["a.top == superview.top + 20  ⟵ V:|-[a]"])
    }

    func testStandardSpacingIs20ToTheSuperviewAnd8BetweenSiblings() {
        XCTAssertEqual(expand("H:|-[a]-[b]-|"), [
            "a.leading == superview.leading + 20  ⟵ H:|-[a]",
            "b.leading == a.trailing + 8  ⟵ H:[a]-[b]",
            "superview.trailing == b.trailing + 20  ⟵ H:[b]-|",
        ])
        XCTAssertEqual(expand("V:[a]-[b]"), ["b.top == a.bottom + 8  ⟵ V:[a]-[b]"])
    }

    func testFlushViewsAndEdges() {
        XCTAssertEqual(expand("H:|[a][b]|"), [
            "a.leading == superview.leading  ⟵ H:|[a]",
            "b.leading == a.trailing  ⟵ H:[a][b]",
            "superview.trailing == b.trailing  ⟵ H:[b]|",
        ])
    }

    func testNumericAndMetricSpacing() {
        XCTAssertEqual(expand("H:|-50-[a]-gap-[b]-0-|"), [
            "a.leading == superview.leading + 50  ⟵ H:|-50-[a]",
            "b.leading == a.trailing + 40  ⟵ H:[a]-gap-[b]",
            "superview.trailing == b.trailing  ⟵ H:[b]-0-|",
        ])
        XCTAssertEqual(expand("V:[a]-(gap)-[b]"), ["b.top == a.bottom + 40  ⟵ V:[a]-(gap)-[b]"])
    }

    func testSpacingPredicatesWithRelationsAndPriorities() {
        XCTAssertEqual(expand("H:[a]-(>=8@750)-[b]"), ["b.leading >= a.trailing + 8 @750  ⟵ H:[a]-(>=8@750)-[b]"])
        XCTAssertEqual(expand("H:[a]-(>=gap,<=100@level)-|"), [
            "superview.trailing >= a.trailing + 40  ⟵ H:[a]-(>=gap)-|",
            "superview.trailing <= a.trailing + 100 @600  ⟵ H:[a]-(<=100@level)-|",
        ])
        XCTAssertEqual(expand("H:[a]-(-5)-[b]"), ["b.leading == a.trailing - 5  ⟵ H:[a]-(-5)-[b]"])
        XCTAssertEqual(expand("H:[a]-(8@high)-[b]"), ["b.leading == a.trailing + 8 @750  ⟵ H:[a]-(8@high)-[b]"])
    }

    func testViewPredicates() {
        XCTAssertEqual(expand("H:[a(50)]"), ["a.width == 50  ⟵ H:[a(50)]"])
        XCTAssertEqual(expand("V:[a(>=50,<=100@750)]"), [
            "a.height >= 50  ⟵ V:[a(>=50)]",
            "a.height <= 100 @750  ⟵ V:[a(<=100@750)]",
        ])
        XCTAssertEqual(expand("H:[a(==b)]"), ["a.width == b.width  ⟵ H:[a(==b)]"])
        XCTAssertEqual(expand("H:[a(>=b@250)]"), ["a.width >= b.width @250  ⟵ H:[a(>=b@250)]"])
        XCTAssertEqual(expand("H:[a(gap)]"), ["a.width == 40  ⟵ H:[a(gap)]"])
    }

    func testSpacesBetweenPartsAreAllowed() {
        XCTAssertEqual(expand("H: | - [ a ( >= 50 ) ] - (gap) - [b]"), [
            "a.leading == superview.leading + 20  ⟵ H:|-[a]",
            "a.width >= 50  ⟵ H:[a(>= 50)]",
            "b.leading == a.trailing + 40  ⟵ H:[a]-(gap)-[b]",
        ])
    }

    func testTheBarIsTheSuperviewOfTheViewNextToIt() throws {
        let document = try XCTUnwrap(parseDocument(declarations + "H:|-[inner]-|"))
        XCTAssertEqual(document.constraints.map { document.name(of: $0.secondItem ?? .container) }, ["panel", "inner"])
        XCTAssertEqual(document.constraints.map { document.name(of: $0.firstItem) }, ["inner", "panel"])
        XCTAssertEqual(document.constraints.map(\.constant.value), [20, 20])
    }

    func testLocationsPointAtTheConnectionOrPredicate() throws {
        let document = try XCTUnwrap(parseDocument("view a\nview b\nH:|-[a(>=50)]-20-[b][a]"))
        XCTAssertEqual(document.constraints.map(\.location.column), [4, 8, 15, 21])
        XCTAssertEqual(document.constraints.map(\.constant.location?.column), [4, 10, 15, nil])
    }

    private func error(_ line: String) -> String {
        parseErrors(declarations + line).map(\.description).joined(separator: "\n")
    }

    func testErrorsNameLineColumnAndWhatWasExpected() {
        XCTAssertEqual(error("H:|-[thng]"), "8:6: unknown view 'thng'")
        XCTAssertEqual(error("H:|-[aa]"), "8:6: unknown view 'aa' (did you mean 'a'?)")
        XCTAssertEqual(error("H:|-[a"), "8:7: expected '(' or ']' after the view name, found end of line")
        XCTAssertEqual(error("H:|-[a]-"), "8:9: expected a number, a metric, '(', '[' or '|' after '-', found end of line")
        XCTAssertEqual(error("H:|-[a]-|-[b]"), "8:10: expected the end of the line, found '-'")
        XCTAssertEqual(error("H:|-"), "8:5: expected a number, a metric, '(', '[' or '|' after '-', found end of line")
        XCTAssertEqual(error("H:|"), "8:4: expected '-', '[' or '|', found end of line")
        XCTAssertEqual(error("H:||"), "8:4: expected '[' and a view after '|', found '|'")
        XCTAssertEqual(error("H:|-20[a]"), "8:7: expected '-' to close the spacing, found '['")
        XCTAssertEqual(error("H:[a]-(>=gp)-[b]"), "8:10: unknown metric 'gp' (did you mean 'gap'?)")
        XCTAssertEqual(error("H:[a]-(>=b)-[c]"), "8:10: a spacing cannot be a view ('b'); use a number or a metric")
        XCTAssertEqual(error("H:[a(>=50"), "8:10: expected ',' or ')' after a predicate, found end of line")
        XCTAssertEqual(error("H:[a(>=)]"), "8:8: expected a number, a metric or a view, found ')'")
        XCTAssertEqual(error("H:[a(50@0)]"), "8:9: priority must be a whole number from 1 to 1000, found 0")
        XCTAssertEqual(error("H:[a(50@7.5)]"), "8:9: priority must be a whole number from 1 to 1000, found 7.5")
        XCTAssertEqual(error("H:[a]|x"), "8:7: expected the end of the line, found 'x'")
        XCTAssertEqual(error("H:[a]*[b]"), "8:6: expected '-', '[' or '|', found '*'")
        XCTAssertEqual(error("H:"), "8:3: expected '[' and a view name, found end of line")
        XCTAssertEqual(error("H:[gap]"), "8:4: 'gap' is a metric, not a view")
        XCTAssertEqual(error("H:[a(==zz)]"), "8:8: unknown view or metric 'zz'")
    }
}
