import XCTest
@testable import AutoLayout

/// The layout text format: statements, explicit constraints, and errors.
final class DocumentParserTests: XCTestCase {
    /// The format's own example, with the views it mentions declared.
    static let formatExample = """
        container 320x568                      # optional root size (a scenario usually sets it)
        view thing1 label 54x21                # NAME [KIND] [WxH intrinsic size] [in PARENT]
        view topGray
        view topButton button 46x30 in topGray
        view body textView                     # no intrinsic size
        guide spacer1                          # layout guide, [in PARENT]
        metric gap = 40                        # named constant usable in VFL and explicit lines
        view bottomGray
        view a
        view b
        view badThing label 77x21
        view bottomButton button 46x30 in bottomGray
        view button button 64x30
        view thing2 label 54x21

        H:|-[thing1]                           # Visual Format Language, Apple's full grammar
        V:|-[topGray(==100)]-[bottomGray(==topGray)]
        H:|-[a(>=50@750)]-(gap)-[b]-|
        badThing.centerX == superview.centerX  # explicit: ITEM.ATTR REL [MULT *] ITEM.ATTR [+|- CONST] [@PRIO]
        bottomButton.leading == topButton.trailing
        body.height >= 0.5 * superview.height + 10 @750
        button.width == 64 @high               # ITEM.ATTR REL CONST [@PRIO]
        thing2.trailing == superview.trailing - standard
        H:[spacer1]
        """

    func testTheFormatExampleParses() throws {
        let document = try XCTUnwrap(parseDocument(Self.formatExample))
        XCTAssertEqual(document.containerSize, size(320, 568))
        XCTAssertEqual(document.items.map(\.name), [
            "thing1", "topGray", "topButton", "body", "spacer1", "bottomGray", "a", "b", "badThing",
            "bottomButton", "button", "thing2",
        ])
        XCTAssertEqual(document.items[0].kind, .view(.label))
        XCTAssertEqual(document.items[0].intrinsicSize, size(54, 21))
        XCTAssertEqual(document.items[2].parent, .item(1))
        XCTAssertEqual(document.items[3].kind, .view(.textView))
        XCTAssertNil(document.items[3].intrinsicSize)
        XCTAssertTrue(document.items[4].isGuide)
        XCTAssertEqual(document.metrics, [LayoutMetric(name: "gap", value: 40, location: SourceLocation(line: 7, column: 8))])
        let explicit = document.constraints.filter { $0.origin == .explicit }
        XCTAssertEqual(explicit.map { document.resolvedDescription(of: $0) }, [
            "badThing.centerX == superview.centerX",
            "bottomButton.leading == topButton.trailing",
            "body.height >= 0.5 * superview.height + 10 @750",
            "button.width == 64 @750",
            "thing2.trailing == superview.trailing - 20",
        ])
        XCTAssertEqual(explicit.map(\.location.line), [19, 20, 21, 22, 23])
        XCTAssertEqual(explicit[0].source, "badThing.centerX == superview.centerX")
        XCTAssertEqual(document.constraints.count, 1 + 4 + 4 + 5)
    }

    func testDefaultPrioritiesFollowInterfaceBuilder() throws {
        let document = try XCTUnwrap(parseDocument("view l label 1x1\nview b button 1x1\nview v view 1x1\nview i imageView 1x1"))
        XCTAssertEqual(document.items.map { $0.hugging(.horizontal).value }, [251, 251, 250, 250])
        XCTAssertEqual(document.items.map { $0.compressionResistance(.vertical).value }, [750, 750, 750, 750])
    }

    func testSuperviewMeansTheOtherItemsSuperview() throws {
        let document = try XCTUnwrap(parseDocument("""
            view gray
            view button in gray
            button.top == superview.top + standard
            superview.bottom == button.bottom + 8
            button.leading == gray.leading + standard
            button.leading >= superview.leading
            """))
        XCTAssertEqual(document.constraints.map { document.name(of: $0.firstItem) }, ["button", "gray", "button", "button"])
        XCTAssertEqual(document.constraints.map { document.name(of: $0.secondItem ?? .container) }, ["gray", "button", "gray", "gray"])
        // A superview's edge is 20 points away as standard, even when named.
        XCTAssertEqual(document.constraints[2].constant.value, 20)
    }

    func testStandardBetweenSiblingsIs8AndSignsApply() throws {
        let document = try XCTUnwrap(parseDocument("view a\nview b\nb.top == a.bottom + standard\nb.left == a.right - standard"))
        XCTAssertEqual(document.constraints.map(\.constant.value), [8, -8])
        XCTAssertEqual(document.constraints.map(\.constant.source), [.standard, .standard])
    }

    func testDeclarationsMayFollowTheirUse() throws {
        let document = try XCTUnwrap(parseDocument("H:|-[late]-|\nview late"))
        XCTAssertEqual(document.constraints.count, 2)
    }

    func testCommentsAndBlankLinesAreIgnored() throws {
        let document = try XCTUnwrap(parseDocument("# heading\n\n   \nview a # trailing\n\t# indented comment\nH:|[a]| # done"))
        XCTAssertEqual(document.constraints.count, 2)
    }

    func testPriorityNamesAndMetricsAsPriorities() throws {
        let document = try XCTUnwrap(parseDocument("""
            metric p = 300
            view a
            a.width == 10 @required
            a.width == 10 @high
            a.width == 10 @low
            a.width == 10 @p
            a.width == 10 @999
            """))
        XCTAssertEqual(document.constraints.map(\.priority.value), [1000, 750, 250, 300, 999])
    }

    private func errors(_ text: String) -> [String] { parseErrors(text).map(\.description) }

    func testTheFormatsErrorExample() {
        XCTAssertEqual(errors("view thing1 label 54x21\nview thing2 label 54x21\nH:|[thing2]-[thng1]"),
                       ["3:14: unknown view 'thng1' (did you mean 'thing1'?)"])
    }

    func testUnknownNamesSuggestTheClosestDeclaredName() {
        XCTAssertEqual(errors("view thing1 label 54x21\nH:|-[thing1]\n  thng1.top == superview.top"),
                       ["3:3: unknown view 'thng1' (did you mean 'thing1'?)"])
        XCTAssertEqual(errors("view thing1\nthing1.top == supervew.top"), ["2:15: unknown view 'supervew' (did you mean 'superview'?)"])
        XCTAssertEqual(errors("metric gap = 4\nview a\nview b\nb.top == a.bottom + gpa"), ["4:21: unknown metric 'gpa' (did you mean 'gap'?)"])
        XCTAssertEqual(errors("view a lable 10x10"), [
            "1:8: unknown view kind 'lable' (did you mean 'label'?); expected one of view, label, button, textView, imageView",
        ])
        XCTAssertEqual(errors("view a\na.centrX == superview.centerX"), [
            "2:3: unknown attribute 'centrX' (did you mean 'centerX'?); expected one of left, right, top, bottom, leading, trailing, width, height, centerX, centerY",
        ])
    }

    func testRuleViolationsAreErrors() {
        XCTAssertEqual(errors("view a\nview b\na.left == b.top"),
                       ["3:1: cannot relate a horizontal attribute to a vertical one ('left' and 'top')"])
        XCTAssertEqual(errors("view a\nview b\na.width == b.left"), ["3:1: cannot relate a size to a position ('width' and 'left')"])
        XCTAssertEqual(errors("view a\na.centerX == 0 * superview.centerX + 10"),
                       ["2:1: a multiplier of 0 on the position 'centerX' makes it a constant; relate the position to another item instead"])
        XCTAssertEqual(errors("view a\na.leading == superview.left"),
                       ["2:1: cannot relate 'leading' to 'left': use leading/trailing or left/right on both sides"])
        XCTAssertEqual(errors("view a\na.top == 20"),
                       ["2:1: 'a.top' is a position and cannot equal a constant; relate it to another item (e.g. 'a.top == superview.top + 20')"])
        XCTAssertEqual(errors("superview.width == superview.height"), ["1:1: 'superview' on both sides: name a view on one side"])
        XCTAssertEqual(errors("view a\na.width == standard"), ["2:12: 'standard' is a spacing between two items; use a number or a metric"])
    }

    func testAspectRatioBetweenSizesIsAllowed() throws {
        let document = try XCTUnwrap(parseDocument("view a\na.width == 2 * a.height"))
        XCTAssertEqual(document.constraints.first?.axes, [.horizontal, .vertical])
    }

    func testDeclarationErrors() {
        XCTAssertEqual(errors("view a\nview a"), ["2:6: 'a' is already declared on line 1"])
        XCTAssertEqual(errors("metric a = 1\nguide a"), ["2:7: 'a' is already declared on line 1"])
        XCTAssertEqual(errors("view superview"), ["1:6: 'superview' is a reserved word and cannot name a view"])
        XCTAssertEqual(errors("view b in a\nview a"), ["1:11: unknown view 'a'; a parent must be declared before its subviews"])
        XCTAssertEqual(errors("guide g\nview a in g"), ["2:11: 'g' is a layout guide and cannot contain views"])
        XCTAssertEqual(errors("view a label 54"), ["1:16: expected 'x' between width and height, found end of line"])
        XCTAssertEqual(errors("view a label 54x21 on b"), ["1:20: expected 'hugging', 'compression', 'in PARENT' or the end of the line, found 'on'"])
        XCTAssertEqual(errors("container 320x568\ncontainer 1x1"), ["2:1: the container size is already given"])
        XCTAssertEqual(errors("metric m 3"), ["1:10: expected '=' after the metric name, found '3'"])
        XCTAssertEqual(errors("metric m = 1e9"), ["1:12: number out of range: at most 1000000 in magnitude"])
        XCTAssertEqual(errors("guide g 10x10"), ["1:9: expected the end of the line, found '10x10'"])
    }

    func testExplicitSyntaxErrors() {
        XCTAssertEqual(errors("view a\na.width = 3"), ["2:9: expected a relation (==, <= or >=), found '='"])
        XCTAssertEqual(errors("view a\na.width == 3 +"), ["2:14: expected '@PRIORITY' or the end of the line, found '+'"])
        XCTAssertEqual(errors("view a\na.width == a.height +"), ["2:22: expected a number, a metric or 'standard' after '+', found end of line"])
        XCTAssertEqual(errors("view a\na.width == 2 * 3"), ["2:16: expected an item name, found '3'"])
        XCTAssertEqual(errors("view a\na.width == a.height @"), ["2:22: expected a priority (1 to 1000, required, high or low), found end of line"])
        XCTAssertEqual(errors("view a\na width == 3"), ["2:2: expected '.' and an attribute after 'a', found a space"])
        XCTAssertEqual(errors("view a\n*a.width == 3"), ["2:1: expected an item name, found '*'"])
    }

    func testTheWholeDocumentIsRejectedWithEveryErrorInSourceOrder() {
        let text = "view a\nH:[zz]\nview a\na.width === 3\nH:|-[a]-|"
        XCTAssertEqual(errors(text), [
            "2:4: unknown view 'zz'",
            "3:6: 'a' is already declared on line 1",
            "4:11: expected an item attribute (e.g. superview.leading) or a constant, found '='",
        ])
    }

    func testRenderedErrorsPointAtTheColumn() {
        let text = "view thing1\n\tthing1.top == superview.tpo"
        do throws(LayoutErrors) {
            _ = try LayoutDocument.parse(text)
            XCTFail("expected errors")
        } catch {
            XCTAssertEqual(error.rendered(source: text), """
                2:26: unknown attribute 'tpo' (did you mean 'top'?); expected one of left, right, top, bottom, leading, trailing, width, height, centerX, centerY
                     thing1.top == superview.tpo
                                             ^
                """)
        }
    }

    func testLimitsGiveClearErrors() {
        let limits = LayoutLimits(maxBytes: 100, maxLines: 3, maxLineLength: 20, maxItems: 2, maxConstraints: 2)
        func errors(_ text: String) -> [String] {
            do throws(LayoutErrors) {
                _ = try LayoutDocument.parse(text, limits: limits)
                return []
            } catch {
                return error.errors.map(\.description)
            }
        }
        XCTAssertEqual(errors(String(repeating: "#", count: 101)), ["1:1: document too large: 101 bytes, at most 100"])
        XCTAssertEqual(errors("\n\n\n"), ["4:1: too many lines: at most 3"])
        XCTAssertEqual(errors("view a\nH:|-[a]-[a]-[a]-|"), ["2:1: too many constraints: at most 2"])
        XCTAssertEqual(errors("view a\nview b\nview c"), ["3:1: too many views and guides: at most 2"])
        XCTAssertEqual(errors("view abcdefghijklmnopqrstuvwxyz"), ["1:1: line too long: at most 20 bytes"])
    }

    func testNonASCIITextIsCountedInCharacters() {
        XCTAssertEqual(errors("view é"), ["1:6: expected a view name, found 'é'"])
        XCTAssertEqual(errors("view a # café\na.width == ü"), ["2:12: expected an item attribute (e.g. superview.leading) or a constant, found 'ü'"])
    }
}

extension DocumentParserTests {
    func testViewsMayOverrideHuggingAndCompressionResistance() throws {
        let document = try XCTUnwrap(parseDocument("""
            view panel
            view a label 50x20 hugging 200x300 compression required in panel
            view b button 10x10 compression 700
            """))
        XCTAssertEqual(document.items[1].hugging(.horizontal).value, 200)
        XCTAssertEqual(document.items[1].hugging(.vertical).value, 300)
        XCTAssertEqual(document.items[1].compressionResistance(.vertical), .required)
        XCTAssertEqual(document.items[1].parent, .item(0))
        XCTAssertEqual(document.items[2].hugging(.horizontal).value, 251)
        XCTAssertEqual(document.items[2].compressionResistance(.horizontal).value, 700)
        XCTAssertEqual(errors("metric m = 5\nview a hugging m"), ["2:16: a view's priorities are numbers or required, high, low; not metrics"])
        XCTAssertEqual(errors("view a hugging 0"), ["1:16: priority must be a whole number from 1 to 1000, found 0"])
        XCTAssertEqual(errors("guide g hugging 5"), ["1:9: expected 'in PARENT' or the end of the line, found 'hugging'"])
    }

    func testHuggingDecidesWhichViewStretches() throws {
        let document = try XCTUnwrap(parseDocument("""
            view a label 50x20 hugging 200
            view b label 60x20
            H:|-[a]-[b]-|
            V:|[a]
            V:|[b]
            """))
        let result = document.solve(portrait)
        XCTAssertTrue(result.isComplete)
        assertFrame(result, "a", rect(20, 0, 320 - 20 - 8 - 60 - 20, 20))
    }
}
