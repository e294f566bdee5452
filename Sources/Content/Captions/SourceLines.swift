/// One line of input with its 1-based number, without the line terminator.
struct SourceLine {
    let number: Int
    let text: Substring

    /// True when the line holds nothing but spaces and tabs.
    var isBlank: Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Splits input into lines, enforcing size limits and stripping a byte order mark.
enum SourceLines {
    /// The first `count` lines of `text` (BOM dropped, terminators removed), without reading further.
    static func leadingLines(of text: String, count: Int) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? utf8.index(utf8.startIndex, offsetBy: 3) : utf8.startIndex
        var index = start
        while index < utf8.endIndex, lines.count < count {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(text[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start < utf8.endIndex, lines.count < count {
            lines.append(text[start...])
        }
        return lines
    }

    /// Splits `text` at LF, CRLF or CR; the BOM, if any, is dropped.
    static func split(_ text: String, limits: CaptionLimits) throws(CaptionError) -> [SourceLine] {
        let utf8 = text.utf8
        guard utf8.count <= limits.maxBytes else {
            throw CaptionError(line: 1, message: "input is \(utf8.count) bytes; the limit is \(limits.maxBytes)")
        }
        var lines: [SourceLine] = []
        var start = utf8.startIndex
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = utf8.index(start, offsetBy: 3)
        }
        var index = start
        var number = 1
        func finish(_ end: String.Index) throws(CaptionError) {
            let length = utf8.distance(from: start, to: end)
            guard length <= limits.maxLineBytes else {
                throw CaptionError(line: number, message: "line is \(length) bytes long; the limit is \(limits.maxLineBytes)")
            }
            lines.append(SourceLine(number: number, text: text[start..<end]))
            number += 1
        }
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D {
                try finish(index)
                var next = utf8.index(after: index)
                if byte == 0x0D, next < utf8.endIndex, utf8[next] == 0x0A {
                    next = utf8.index(after: next)
                }
                index = next
                start = next
            } else {
                index = utf8.index(after: index)
            }
        }
        if start < utf8.endIndex {
            try finish(utf8.endIndex)
        }
        return lines
    }
}
