import XCTest
import Captions

final class TranscriptSectionTests: XCTestCase {
    func testSectionsUnderHeadings() throws {
        let markdown = """
            Опубликовано 12 марта.

            # Лекция 9. Анимация

            Магические *числа* в коде.

            ## Magic Numbers!

            ```swift
            let duration = 0.3
            ```

            ## Magic numbers

            ### Ёлка & co
            """
        let sections = try TranscriptSection.sections(markdown: markdown)
        XCTAssertEqual(sections.map(\.id), ["intro", "лекция-9-анимация", "magic-numbers", "magic-numbers-2", "елка-co"])
        XCTAssertEqual(sections.map(\.title), ["", "Лекция 9. Анимация", "Magic Numbers!", "Magic numbers", "Ёлка & co"])
        XCTAssertEqual(sections.map(\.level), [0, 1, 2, 2, 3])
        XCTAssertEqual(sections.map(\.plainText), ["Опубликовано 12 марта.", "Магические числа в коде.", "let duration = 0.3", "", ""])
        XCTAssertEqual(sections[2].blocks, [.codeBlock(info: "swift", code: "let duration = 0.3")])
    }

    func testNoPreambleAndEmptyTitles() throws {
        let sections = try TranscriptSection.sections(markdown: "#\n## !!!\n# section\ntext")
        XCTAssertEqual(sections.map(\.id), ["section", "section-2", "section-3"])
        XCTAssertEqual(sections.last?.plainText, "text")
    }

    func testManyRepeatedTitlesGetDistinctIds() {
        let blocks = (0..<2_000).map { _ in MarkdownBlock.heading(level: 2, content: [.text("Same")]) }
        let ids = TranscriptSection.sections(of: blocks).map(\.id)
        XCTAssertEqual(Set(ids).count, 2_000)
        XCTAssertEqual(ids.prefix(3), ["same", "same-2", "same-3"])
    }
}
