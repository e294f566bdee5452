/// Parses the transcript Markdown subset into blocks: ATX headings, paragraphs, emphasis, strong,
/// code spans, links, ordered and bullet lists, fenced code blocks, block quotes, thematic breaks and
/// figure-caption lines. Everything else is paragraph text; nothing is ever rejected except input
/// over the size limits.
public enum MarkdownParser {
    /// Deepest nesting of block quotes and lists; deeper markers are read as text.
    static let maxBlockDepth = 8

    /// Parses a Markdown document (UTF-8 text, LF or CRLF, optional byte order mark).
    public static func parse(_ text: String, limits: CaptionLimits = .default) throws(CaptionError) -> [MarkdownBlock] {
        parse(lines: try SourceLines.split(text, limits: limits)).blocks
    }

    /// Parses split lines into top-level blocks, also giving the index in `lines` of each top-level
    /// heading's line, in document order.
    static func parse(lines: [SourceLine]) -> (blocks: [MarkdownBlock], headingLines: [Int]) {
        BlockReader(lines: lines.map(\.text)[...], depth: 0).readTrackingHeadings()
    }
}

/// Reads blocks from a run of lines, recursing into block quotes and list items.
private struct BlockReader {
    let lines: ArraySlice<Substring>
    let depth: Int

    func read() -> [MarkdownBlock] {
        readTrackingHeadings().blocks
    }

    /// The blocks, and the index in `lines` of each heading among them, in order.
    func readTrackingHeadings() -> (blocks: [MarkdownBlock], headingLines: [Int]) {
        var blocks: [MarkdownBlock] = []
        var headingLines: [Int] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            let line = lines[index]
            if MarkdownLine.isBlank(line) {
                index += 1
            } else if let fence = MarkdownLine.fence(line) {
                index = readCode(from: index, fence: fence, into: &blocks)
            } else if let heading = MarkdownLine.heading(line) {
                blocks.append(.heading(level: heading.level, content: MarkdownInlineParser.parse(heading.text)))
                headingLines.append(index)
                index += 1
            } else if MarkdownLine.isThematicBreak(line) {
                blocks.append(.thematicBreak)
                index += 1
            } else if depth < MarkdownParser.maxBlockDepth, MarkdownLine.quoteContent(line) != nil {
                index = readQuote(from: index, into: &blocks)
            } else if depth < MarkdownParser.maxBlockDepth, let marker = MarkdownLine.listMarker(line) {
                index = readList(from: index, first: marker, into: &blocks)
            } else {
                index = readParagraph(from: index, into: &blocks)
            }
        }
        return (blocks, headingLines)
    }

    private func readCode(from start: Int, fence: MarkdownLine.Fence, into blocks: inout [MarkdownBlock]) -> Int {
        var code: [Substring] = []
        var index = start + 1
        while index < lines.endIndex {
            let line = lines[index]
            index += 1
            if MarkdownLine.closesFence(line, fence) { break }
            code.append(MarkdownLine.dropIndent(line, columns: fence.indent))
        }
        blocks.append(.codeBlock(info: fence.info, code: code.joined(separator: "\n")))
        return index
    }

    private func readQuote(from start: Int, into blocks: inout [MarkdownBlock]) -> Int {
        var content: [Substring] = []
        var index = start
        while index < lines.endIndex, let inner = MarkdownLine.quoteContent(lines[index]) {
            content.append(inner)
            index += 1
        }
        blocks.append(.blockQuote(BlockReader(lines: content[...], depth: depth + 1).read()))
        return index
    }

    private func readList(from start: Int, first: MarkdownLine.ListMarker, into blocks: inout [MarkdownBlock]) -> Int {
        var items: [[MarkdownBlock]] = []
        var index = start
        var marker = first
        while true {
            var content: [Substring] = [marker.rest]
            index += 1
            var previousBlank = false
            while index < lines.endIndex {
                let line = lines[index]
                if MarkdownLine.isBlank(line) {
                    content.append("")
                    previousBlank = true
                } else if MarkdownLine.indent(line) >= marker.contentIndent {
                    content.append(MarkdownLine.dropIndent(line, columns: marker.contentIndent))
                    previousBlank = false
                } else if !previousBlank && !MarkdownLine.startsBlock(line) && MarkdownLine.listMarker(line) == nil {
                    content.append(line.drop { $0 == " " || $0 == "\t" })
                } else {
                    break
                }
                index += 1
            }
            while content.last == "" { content.removeLast() }
            items.append(BlockReader(lines: content[...], depth: depth + 1).read())
            guard index < lines.endIndex, let next = MarkdownLine.listMarker(lines[index]), next.continues(marker) else { break }
            marker = next
        }
        blocks.append(.list(MarkdownList(ordered: first.ordered, start: first.number, items: items)))
        return index
    }

    private func readParagraph(from start: Int, into blocks: inout [MarkdownBlock]) -> Int {
        var text: [Substring] = []
        var index = start
        func flush() {
            if !text.isEmpty { blocks.append(.paragraph(MarkdownInlineParser.parse(text.joined(separator: "\n")))) }
            text = []
        }
        while index < lines.endIndex {
            let line = lines[index]
            if MarkdownLine.isBlank(line) || (index > start && MarkdownLine.startsBlock(line)) { break }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if MarkdownLine.isFigureCaption(trimmed) {
                flush()
                blocks.append(.figureCaption(MarkdownInlineParser.parse(String(trimmed))))
            } else {
                text.append(trimmed)
            }
            index += 1
        }
        flush()
        return index
    }
}
