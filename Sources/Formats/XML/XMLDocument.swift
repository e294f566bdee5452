/// A parsed XML document: elements with their attributes and text, stored flat as byte ranges of
/// the source and decoded when asked for.
///
/// Only the XML that tools write is read: elements, attributes, text, CDATA sections, comments,
/// processing instructions and the XML declaration. A `DOCTYPE` is refused outright, and so is
/// every entity reference except the five predefined ones (`&lt; &gt; &amp; &quot; &apos;`) and
/// numeric character references, so that no document can expand itself or reach outside.
/// Namespaces are not interpreted: a prefixed name is just a name.
public struct XMLDocument: Sendable {
    struct Element: Sendable {
        var nameStart: Int32
        var nameEnd: Int32
        /// Offset of the `<` that opens the element.
        var offset: Int32
        var parent: Int32
        var firstAttribute: Int32
        var attributeCount: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var firstText: Int32 = -1
        var lastText: Int32 = -1
    }

    struct Attribute: Sendable {
        var nameStart: Int32
        var nameEnd: Int32
        var valueStart: Int32
        var valueEnd: Int32
        /// Whether the value holds a reference (`&…;`) to decode.
        var hasReference: Bool
    }

    struct TextRun: Sendable {
        var start: Int32
        var end: Int32
        var next: Int32
        /// A CDATA section: taken as it is.
        var isCDATA: Bool
        var hasReference: Bool
    }

    let bytes: [UInt8]
    /// The offset where each line after the first starts (after its `\n`), for locations.
    var lineStarts: [Int32] = []
    var elements: [Element] = []
    var attributes: [Attribute] = []
    var texts: [TextRun] = []

    /// The document element.
    public var root: XMLElement { XMLElement(document: self, index: 0) }

    /// How many elements the document has.
    public var elementCount: Int { elements.count }

    /// Reads a document from its bytes (UTF-8; a byte-order mark is skipped).
    public static func parse(_ bytes: [UInt8], limits: XMLLimits = .default) throws(XMLError) -> XMLDocument {
        var parser = XMLParser(bytes: bytes, limits: limits)
        return try parser.parse()
    }

    /// Reads a document from text.
    public static func parse(_ text: String, limits: XMLLimits = .default) throws(XMLError) -> XMLDocument {
        try parse(Array(text.utf8), limits: limits)
    }

    /// The 1-based line and column of a byte offset (columns count Unicode scalars).
    public func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        let end = min(max(0, offset), bytes.count)
        // The number of lines that start at or before `end`.
        var low = 0, high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if Int(lineStarts[middle]) <= end { low = middle + 1 } else { high = middle }
        }
        let lineStart = low == 0 ? 0 : Int(lineStarts[low - 1])
        var column = 1
        var index = lineStart
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (low + 1, column)
    }

    /// Records where every line starts.
    mutating func indexLines() {
        var starts: [Int32] = []
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index] == 0x0A { starts.append(Int32(index + 1)) }
                index += 1
            }
        }
        lineStarts = starts
    }

    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = 0
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < end {
                if buffer[index] == 0x0A {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }
        var column = 1
        var index = lineStart
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (line, column)
    }

    func string(_ start: Int32, _ end: Int32) -> String {
        String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self)
    }

    /// Whether the bytes from `start` to `end` spell `name`.
    func equals(_ start: Int32, _ end: Int32, _ name: String) -> Bool {
        guard name.utf8.count == Int(end - start) else { return false }
        var position = Int(start)
        for byte in name.utf8 {
            if bytes[position] != byte { return false }
            position += 1
        }
        return true
    }

    /// Decodes the references in `start..<end` (already checked by the parser).
    func decoded(_ start: Int32, _ end: Int32) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(Int(end - start))
        var index = Int(start)
        let limit = Int(end)
        while index < limit {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            var close = index + 1
            while close < limit, bytes[close] != UInt8(ascii: ";") { close += 1 }
            if let scalar = XMLParser.reference(bytes, from: index + 1, to: close) {
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
            index = close + 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// One element of a parsed document.
public struct XMLElement: Sendable {
    let document: XMLDocument
    let index: Int

    private var element: XMLDocument.Element { document.elements[index] }

    /// The element's name as written (`view`, `ns:tag`).
    public var name: String { document.string(element.nameStart, element.nameEnd) }

    /// Whether the element's name is `name`, without making a string.
    public func isNamed(_ name: String) -> Bool { document.equals(element.nameStart, element.nameEnd, name) }

    /// The byte offset of the element's `<`.
    public var offset: Int { Int(element.offset) }

    /// The 1-based line of the element's `<`.
    public var line: Int { document.location(ofOffset: offset).line }

    /// The line and column of the element's `<`.
    public var location: (line: Int, column: Int) { document.location(ofOffset: offset) }

    /// The element containing this one; `nil` for the document element.
    public var parent: XMLElement? {
        element.parent < 0 ? nil : XMLElement(document: document, index: Int(element.parent))
    }

    /// The child elements in document order.
    public var children: [XMLElement] {
        var result: [XMLElement] = []
        var child = element.firstChild
        while child >= 0 {
            result.append(XMLElement(document: document, index: Int(child)))
            child = document.elements[Int(child)].nextSibling
        }
        return result
    }

    /// The child elements with this name, in document order.
    public func children(named name: String) -> [XMLElement] {
        children.filter { $0.isNamed(name) }
    }

    /// The first child element with this name.
    public func child(named name: String) -> XMLElement? {
        var child = element.firstChild
        while child >= 0 {
            let candidate = XMLElement(document: document, index: Int(child))
            if candidate.isNamed(name) { return candidate }
            child = document.elements[Int(child)].nextSibling
        }
        return nil
    }

    /// The value of the attribute with this name, decoded; `nil` when absent.
    public subscript(attribute: String) -> String? {
        let first = Int(element.firstAttribute)
        for position in first..<first + Int(element.attributeCount) {
            let item = document.attributes[position]
            if document.equals(item.nameStart, item.nameEnd, attribute) {
                return item.hasReference ? document.decoded(item.valueStart, item.valueEnd)
                    : document.string(item.valueStart, item.valueEnd)
            }
        }
        return nil
    }

    /// Every attribute in the order written, decoded.
    public var attributes: [(name: String, value: String)] {
        let first = Int(element.firstAttribute)
        return (first..<first + Int(element.attributeCount)).map { position in
            let item = document.attributes[position]
            let value = item.hasReference ? document.decoded(item.valueStart, item.valueEnd)
                : document.string(item.valueStart, item.valueEnd)
            return (document.string(item.nameStart, item.nameEnd), value)
        }
    }

    /// The element's own text (not its descendants'), with references decoded.
    public var text: String {
        var result = ""
        var run = element.firstText
        while run >= 0 {
            let item = document.texts[Int(run)]
            result += item.hasReference && !item.isCDATA ? document.decoded(item.start, item.end)
                : document.string(item.start, item.end)
            run = item.next
        }
        return result
    }
}
