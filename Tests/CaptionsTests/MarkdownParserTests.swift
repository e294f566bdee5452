import XCTest
import Captions

final class MarkdownParserTests: XCTestCase {
    private func parse(_ text: String) throws -> [MarkdownBlock] {
        try MarkdownParser.parse(text)
    }

    func testHeadingsAndParagraphs() throws {
        let blocks = try parse("# Title #\n\nFirst line\nsecond line\n\n###### Six\n####### seven\n#no space")
        XCTAssertEqual(blocks, [
            .heading(level: 1, content: [.text("Title")]),
            .paragraph([.text("First line second line")]),
            .heading(level: 6, content: [.text("Six")]),
            .paragraph([.text("####### seven #no space")]),
        ])
    }

    func testInlineMarkup() throws {
        let blocks = try parse("Use *drawRect* and **never** call `setNeedsDisplay()` — see [the docs](https://developer.apple.com/x_(y)).")
        XCTAssertEqual(blocks, [.paragraph([
            .text("Use "), .emphasis([.text("drawRect")]), .text(" and "), .strong([.text("never")]),
            .text(" call "), .code("setNeedsDisplay()"), .text(" — see "),
            .link(destination: "https://developer.apple.com/x_(y)", content: [.text("the docs")]), .text("."),
        ])])
    }

    func testEmphasisEdgeCases() throws {
        XCTAssertEqual(try parse("snake_case_name and *unclosed"), [.paragraph([.text("snake_case_name and *unclosed")])])
        XCTAssertEqual(try parse("***both*** _em_ 2 * 3 * 4"), [.paragraph([
            .strong([.emphasis([.text("both")])]), .text(" "), .emphasis([.text("em")]), .text(" 2 * 3 * 4"),
        ])])
        XCTAssertEqual(try parse("*a **b** c*"), [.paragraph([
            .emphasis([.text("a "), .strong([.text("b")]), .text(" c")]),
        ])])
        XCTAssertEqual(try parse("\\*not\\* `` a`b ``"), [.paragraph([.text("*not* "), .code("a`b")])])
    }

    func testUnsafeLinksStayText() throws {
        XCTAssertEqual(try parse("[x](javascript:alert(1))"), [.paragraph([.text("[x](javascript:alert(1))")])])
        XCTAssertEqual(try parse("<https://swift.org> <not a link>"), [.paragraph([
            .link(destination: "https://swift.org", content: [.text("https://swift.org")]), .text(" <not a link>"),
        ])])
    }

    func testHardLineBreaks() throws {
        XCTAssertEqual(try parse("one  \ntwo\\\nthree"), [.paragraph([
            .text("one"), .lineBreak, .text("two"), .lineBreak, .text("three"),
        ])])
    }

    func testFencedCodeKeepsContentVerbatim() throws {
        let text = """
            ```objective-c
            1  - (void)drawRect:(CGRect)rect {
            2      // *not emphasis*
            3  }
            ```
            after
            ~~~~
            unclosed
            """
        XCTAssertEqual(try parse(text), [
            .codeBlock(info: "objective-c", code: "1  - (void)drawRect:(CGRect)rect {\n2      // *not emphasis*\n3  }"),
            .paragraph([.text("after")]),
            .codeBlock(info: "", code: "unclosed"),
        ])
    }

    func testListsNestAndNumber() throws {
        let text = """
            3. first
               continued
            4. second
               - nested a
               - nested b

            5. third
            - other list
            """
        XCTAssertEqual(try parse(text), [
            .list(MarkdownList(ordered: true, start: 3, items: [
                [.paragraph([.text("first continued")])],
                [.paragraph([.text("second")]), .list(MarkdownList(ordered: false, start: 1, items: [
                    [.paragraph([.text("nested a")])], [.paragraph([.text("nested b")])],
                ]))],
                [.paragraph([.text("third")])],
            ])),
            .list(MarkdownList(ordered: false, start: 1, items: [[.paragraph([.text("other list")])]])),
        ])
    }

    func testBlockQuoteAndThematicBreak() throws {
        XCTAssertEqual(try parse("> quoted *text*\n> # inner\n\n- - -"), [
            .blockQuote([.paragraph([.text("quoted "), .emphasis([.text("text")])]), .heading(level: 1, content: [.text("inner")])]),
            .thematicBreak,
        ])
    }

    func testFigureCaptionsInRussianAndEnglish() throws {
        let blocks = try parse("Текст до.\nРис. 5. Схема анимации\n*Fig. 12* Layout\nFigures are nice\nРисунок 3 — слои")
        XCTAssertEqual(blocks, [
            .paragraph([.text("Текст до.")]),
            .figureCaption([.text("Рис. 5. Схема анимации")]),
            .figureCaption([.emphasis([.text("Fig. 12")]), .text(" Layout")]),
            .paragraph([.text("Figures are nice")]),
            .figureCaption([.text("Рисунок 3 — слои")]),
        ])
    }

    func testHostileInputStaysBoundedAndLinear() throws {
        let deepQuote = String(repeating: ">", count: 5_000) + " deep"
        XCTAssertFalse(try parse(deepQuote).isEmpty)
        let deepList = (0..<200).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")
        XCTAssertFalse(try parse(deepList).isEmpty)
        // Unmatched openers of every kind: all text, one paragraph, soft line breaks read as spaces.
        let lines = [String(repeating: "*a ", count: 15_000), String(repeating: "[", count: 20_000),
                     String(repeating: "](", count: 20_000), "x" + String(repeating: "`", count: 5_000)]
        let blocks = try parse(lines.joined(separator: "\n"))
        XCTAssertEqual(blocks.count, 1)
        XCTAssertEqual(blocks.plainText, lines.joined(separator: " "))
    }

    func testLimitsNameTheLine() {
        XCTAssertThrowsError(try MarkdownParser.parse("ok\n" + String(repeating: "x", count: 100),
                                                      limits: CaptionLimits(maxLineBytes: 50))) { error in
            XCTAssertEqual((error as? CaptionError)?.line, 2)
        }
    }
}
