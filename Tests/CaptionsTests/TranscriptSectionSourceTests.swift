import Foundation
import XCTest
import Captions
import SeededRandom

final class TranscriptSectionSourceTests: XCTestCase {
    func testSourceIsTheLinesBetweenHeadingsAsWritten() throws {
        let markdown = "Intro *text*\r\n# One\r\nBody\r\n\r\n## Two\rline\n- item"
        let sections = try TranscriptSection.sections(markdown: markdown)
        XCTAssertEqual(sections.map(\.title), ["", "One", "Two"])
        XCTAssertEqual(sections.map(\.markdown), ["Intro *text*\r\n", "Body\r\n\r\n", "line\n- item"])
    }

    func testHeadingsInsideBlocksDoNotSplitTheSource() throws {
        let markdown = "# A\n```\n# not a heading\n```\n> # quoted\n\n- # in a list\n# B\n"
        let sections = try TranscriptSection.sections(markdown: markdown)
        XCTAssertEqual(sections.map(\.title), ["A", "B"])
        XCTAssertEqual(sections[0].markdown, "```\n# not a heading\n```\n> # quoted\n\n- # in a list\n")
        XCTAssertEqual(sections[1].markdown, "")
    }

    func testByteOrderMarkIsNotPartOfTheSource() throws {
        let sections = try TranscriptSection.sections(markdown: "\u{FEFF}text\n# A\nbody")
        XCTAssertEqual(sections.map(\.markdown), ["text\n", "body"])
    }

    func testSourceStartingWithFEFFKeepsItsMeaning() throws {
        let sections = try TranscriptSection.sections(markdown: "# A\n\u{FEFF}# literal\n")
        XCTAssertEqual(sections.count, 1)
        XCTAssertEqual(sections[0].blocks, [.paragraph([.text("\u{FEFF}# literal")])])
        XCTAssertEqual(sections[0].markdown, "\u{FEFF}\u{FEFF}# literal\n")
        XCTAssertEqual(try MarkdownParser.parse(sections[0].markdown), sections[0].blocks)
    }

    func testSectionsBuiltFromBlocksHaveNoSource() {
        let sections = TranscriptSection.sections(of: [.heading(level: 1, content: [.text("A")]), .thematicBreak])
        XCTAssertEqual(sections.map(\.markdown), [""])
    }

    func testSampleTranscriptSourcesReparseToTheirBlocks() throws {
        let courses = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Courses/cs193p")
        let lectures = try FileManager.default.contentsOfDirectory(atPath: courses.path).sorted()
        var checked = 0
        for lecture in lectures {
            let file = courses.appendingPathComponent(lecture).appendingPathComponent("transcript.md")
            guard let markdown = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let sections = try TranscriptSection.sections(markdown: markdown)
            XCTAssertGreaterThan(sections.count, 1, lecture)
            XCTAssertTrue(sections.contains { !$0.blocks.isEmpty }, lecture)
            try assertSourcesReparse(sections, of: markdown, lecture)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 3)
    }

    func testGeneratedDocumentSourcesReparseToTheirBlocks() throws {
        let fragments = [
            "# Title", "## Sub *em* ##", "   ### Indented", "    # indented code", "#hashtag", "\t# tab",
            "####### seven", "```swift", "~~~~", "```", "> # quoted", "> text", "- # listed", "- item",
            "  # continued", "1. first", "2) second", "---", "* * *", "Рис. 5 caption", "plain `code` text",
            "\u{FEFF}# marked", "", "", "  ",
        ]
        let terminators = ["\n", "\r\n", "\r"]
        var random = SplitMix64(seed: 0x5EC7_1025)
        for document in 0..<400 {
            var markdown = random.next() % 8 == 0 ? "\u{FEFF}" : ""
            for _ in 0..<(random.next() % 30) {
                markdown += fragments[Int(random.next() % UInt64(fragments.count))]
                markdown += terminators[Int(random.next() % UInt64(terminators.count))]
            }
            if random.next() % 2 == 0 { markdown += fragments[Int(random.next() % UInt64(fragments.count))] }
            let sections = try TranscriptSection.sections(markdown: markdown)
            try assertSourcesReparse(sections, of: markdown, "document \(document): \(markdown.debugDescription)")
        }
    }

    /// Each source parses back to its section's blocks, and the document is exactly its sources
    /// with the heading lines between them (and blank lines before the first heading when there is
    /// no intro section).
    private func assertSourcesReparse(_ sections: [TranscriptSection], of markdown: String, _ context: String,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let scalars = Array(markdown.unicodeScalars)
        var position = scalars.first == "\u{FEFF}" ? 1 : 0
        /// The line at `position` without its terminator; moves `position` past the terminator.
        func nextLine() -> String {
            let start = position
            while position < scalars.count, scalars[position] != "\n", scalars[position] != "\r" { position += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<position]))
            if position < scalars.count {
                position += scalars[position] == "\r" && position + 1 < scalars.count && scalars[position + 1] == "\n" ? 2 : 1
            }
            return text
        }
        for (index, section) in sections.enumerated() {
            let label = "\(context), section \(section.id)"
            XCTAssertEqual(try MarkdownParser.parse(section.markdown), section.blocks, label, file: file, line: line)
            if section.level > 0 {
                var headingLine = nextLine()
                while index == 0, position < scalars.count, isBlank(headingLine) {
                    headingLine = nextLine()
                }
                guard case .heading(section.level, let content)? = try MarkdownParser.parse(headingLine).first,
                      content.plainText == section.title
                else {
                    return XCTFail("\(label): line \(headingLine.debugDescription) is not its heading", file: file, line: line)
                }
            }
            var written = Array(section.markdown.unicodeScalars)
            if written.starts(with: ["\u{FEFF}", "\u{FEFF}"]) { written.removeFirst() }
            guard scalars[position...].starts(with: written) else {
                return XCTFail("\(label): source is not the text after the heading", file: file, line: line)
            }
            position += written.count
        }
        while sections.isEmpty, position < scalars.count {
            XCTAssertTrue(isBlank(nextLine()), "\(context): text but no section", file: file, line: line)
        }
        XCTAssertEqual(position, scalars.count, "\(context): text after the last section", file: file, line: line)
    }

    private func isBlank(_ line: String) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
