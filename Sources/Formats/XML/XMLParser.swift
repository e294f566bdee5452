/// The byte-level reader behind `XMLDocument.parse`: one pass over the bytes with an explicit
/// stack of open elements (no recursion), every limit checked where it is reached.
struct XMLParser {
    let bytes: [UInt8]
    let limits: XMLLimits
    var document: XMLDocument
    /// The open elements, innermost last.
    private var stack: [Int32] = []

    init(bytes: [UInt8], limits: XMLLimits) {
        self.bytes = bytes
        self.limits = limits
        document = XMLDocument(bytes: bytes)
    }

    mutating func parse() throws(XMLError) -> XMLDocument {
        guard bytes.count <= limits.maxBytes, bytes.count < Int(Int32.max) else {
            throw error(at: 0, "document too large: \(bytes.count) bytes, at most \(limits.maxBytes)")
        }
        let input = bytes
        let failure: XMLError? = input.withUnsafeBufferPointer { buffer in
            do throws(XMLError) {
                try run(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        document.indexLines()
        return document
    }

    private func error(at offset: Int, _ message: String) -> XMLError {
        let location = XMLDocument.location(of: offset, in: bytes)
        return XMLError(line: location.line, column: location.column, message: message)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// Whether the bytes at `position` spell `literal`.
    private static func has(_ buffer: UnsafeBufferPointer<UInt8>, _ position: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= buffer.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where buffer[position + offset] != pointer[offset] { return false }
        return true
    }

    /// The position of the first occurrence of `literal` at or after `position`, or nil.
    private static func find(_ buffer: UnsafeBufferPointer<UInt8>, _ position: Int, _ literal: StaticString) -> Int? {
        let first = literal.utf8Start[0]
        var index = position
        while index < buffer.count {
            if buffer[index] == first, has(buffer, index, literal) { return index }
            index += 1
        }
        return nil
    }

    private mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) throws(XMLError) {
        let count = buffer.count
        var position = 0
        if Self.has(buffer, 0, "\u{FEFF}") { position = 3 }
        var seenRoot = false
        while position < count {
            let byte = buffer[position]
            if byte != UInt8(ascii: "<") {
                position = try text(buffer, from: position, seenRoot: seenRoot)
                continue
            }
            guard position + 1 < count else { throw error(at: position, "unexpected end of file after '<'") }
            switch buffer[position + 1] {
            case UInt8(ascii: "/"):
                position = try closingTag(buffer, at: position)
            case UInt8(ascii: "?"):
                guard let end = Self.find(buffer, position + 2, "?>") else {
                    throw error(at: position, "unexpected end of file: this processing instruction is not closed with '?>'")
                }
                position = end + 2
            case UInt8(ascii: "!"):
                if Self.has(buffer, position, "<!--") {
                    guard let end = Self.find(buffer, position + 4, "-->") else {
                        throw error(at: position, "unexpected end of file: this comment is not closed with '-->'")
                    }
                    position = end + 3
                } else if Self.has(buffer, position, "<![CDATA[") {
                    guard let parent = stack.last else {
                        throw error(at: position, "a CDATA section outside the document element")
                    }
                    guard let end = Self.find(buffer, position + 9, "]]>") else {
                        throw error(at: position, "unexpected end of file: this CDATA section is not closed with ']]>'")
                    }
                    appendText(to: parent, start: position + 9, end: end, isCDATA: true, hasReference: false)
                    position = end + 3
                } else if Self.has(buffer, position, "<!DOCTYPE") || Self.has(buffer, position, "<!doctype") {
                    throw error(at: position, "DOCTYPE declarations are refused: documents may not declare entities or a DTD")
                } else if Self.has(buffer, position, "<!ENTITY") {
                    throw error(at: position, "entity declarations are refused")
                } else {
                    throw error(at: position, "unexpected '<!': expected a comment '<!--' or a CDATA section '<![CDATA['")
                }
            default:
                if stack.isEmpty, seenRoot {
                    throw error(at: position, "a second document element: a document has exactly one")
                }
                position = try startTag(buffer, at: position)
                seenRoot = true
            }
        }
        if let open = stack.last {
            let element = document.elements[Int(open)]
            let location = XMLDocument.location(of: Int(element.offset), in: bytes)
            throw error(at: count, "unexpected end of file: <\(document.string(element.nameStart, element.nameEnd))> "
                        + "opened at \(location.line):\(location.column) is not closed")
        }
        guard seenRoot else { throw error(at: count, "no document element") }
    }

    /// Character data up to the next `<`: whitespace outside the document element, kept inside it.
    private mutating func text(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, seenRoot: Bool) throws(XMLError) -> Int {
        var position = start
        var blank = true
        var hasReference = false
        let count = buffer.count
        while position < count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") {
                hasReference = true
                position = try checkReference(buffer, at: position)
                blank = false
                continue
            }
            if blank, !Self.isSpace(byte) { blank = false }
            position += 1
        }
        if let parent = stack.last {
            if !blank { appendText(to: parent, start: start, end: position, isCDATA: false, hasReference: hasReference) }
        } else if !blank {
            var first = start
            while Self.isSpace(buffer[first]) { first += 1 }
            throw error(at: first, seenRoot ? "text after the document element" : "text before the document element")
        }
        return position
    }

    private mutating func appendText(to parent: Int32, start: Int, end: Int, isCDATA: Bool, hasReference: Bool) {
        let index = Int32(document.texts.count)
        document.texts.append(.init(start: Int32(start), end: Int32(end), next: -1, isCDATA: isCDATA,
                                    hasReference: hasReference))
        let last = document.elements[Int(parent)].lastText
        if last >= 0 { document.texts[Int(last)].next = index } else { document.elements[Int(parent)].firstText = index }
        document.elements[Int(parent)].lastText = index
    }

    /// A name at `position`; its end.
    /// (`what` is made only for a message.)
    private func name(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int,
                      what: @autoclosure () -> String) throws(XMLError) -> Int {
        guard start < buffer.count else { throw error(at: start, "unexpected end of file: expected \(what())") }
        guard Self.isNameStart(buffer[start]) else { throw error(at: start, "expected \(what())") }
        var position = start + 1
        while position < buffer.count, Self.isNameByte(buffer[position]) {
            position += 1
            if position - start > limits.maxNameLength {
                throw error(at: start, "name too long: at most \(limits.maxNameLength) bytes")
            }
        }
        return position
    }

    private mutating func startTag(_ buffer: UnsafeBufferPointer<UInt8>, at open: Int) throws(XMLError) -> Int {
        let count = buffer.count
        let nameEnd = try name(buffer, at: open + 1, what: "an element name after '<'")
        guard document.elements.count < limits.maxElements else {
            throw error(at: open, "too many elements: at most \(limits.maxElements)")
        }
        guard stack.count < limits.maxDepth else {
            throw error(at: open, "elements nested too deeply: at most \(limits.maxDepth) levels")
        }
        let index = Int32(document.elements.count)
        let parent = stack.last ?? -1
        let firstAttribute = Int32(document.attributes.count)
        var attributeCount: Int32 = 0
        var position = nameEnd
        var selfClosing = false
        /// The tag's name, made only for messages.
        func tagName() -> String {
            String(decoding: UnsafeBufferPointer(rebasing: buffer[(open + 1)..<nameEnd]), as: UTF8.self)
        }
        while true {
            let beforeSpace = position
            while position < count, Self.isSpace(buffer[position]) { position += 1 }
            guard position < count else {
                throw error(at: open, "unexpected end of file: the tag <\(tagName())> is not closed with '>'")
            }
            let byte = buffer[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard position + 1 < count else {
                    throw error(at: open, "unexpected end of file: the tag <\(tagName())> is not closed with '>'")
                }
                guard buffer[position + 1] == UInt8(ascii: ">") else { throw error(at: position, "expected '>' after '/'") }
                position += 2
                selfClosing = true
                break
            }
            guard position > beforeSpace else {
                throw error(at: position, "expected a space, '>' or '/>' in the tag <\(tagName())>")
            }
            let attributeStart = position
            let attributeEnd = try name(buffer, at: position, what: "an attribute name, '>' or '/>' in the tag <\(tagName())>")
            guard attributeCount < Int32(limits.maxAttributes) else {
                throw error(at: attributeStart, "too many attributes on <\(tagName())>: at most \(limits.maxAttributes)")
            }
            for earlier in document.attributes[Int(firstAttribute)...] {
                if earlier.nameEnd - earlier.nameStart == Int32(attributeEnd - attributeStart),
                   buffer[Int(earlier.nameStart)..<Int(earlier.nameEnd)].elementsEqual(buffer[attributeStart..<attributeEnd]) {
                    throw error(at: attributeStart, "duplicate attribute '\(String(decoding: UnsafeBufferPointer(rebasing: buffer[attributeStart..<attributeEnd]), as: UTF8.self))'")
                }
            }
            position = attributeEnd
            while position < count, Self.isSpace(buffer[position]) { position += 1 }
            guard position < count else {
                throw error(at: open, "unexpected end of file: the tag <\(tagName())> is not closed with '>'")
            }
            guard buffer[position] == UInt8(ascii: "=") else { throw error(at: position, "expected '=' after the attribute name") }
            position += 1
            while position < count, Self.isSpace(buffer[position]) { position += 1 }
            guard position < count else {
                throw error(at: open, "unexpected end of file: the tag <\(tagName())> is not closed with '>'")
            }
            let quote = buffer[position]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error(at: position, "expected a quoted attribute value")
            }
            let valueStart = position + 1
            position = valueStart
            var hasReference = false
            let lengthLimit = valueStart + limits.maxAttributeLength
            while true {
                guard position < count else {
                    throw error(at: valueStart - 1, "unexpected end of file: this attribute value is not closed")
                }
                let byte = buffer[position]
                if byte == quote { break }
                if position >= lengthLimit {
                    throw error(at: valueStart - 1, "attribute value too long: at most \(limits.maxAttributeLength) bytes")
                }
                if byte == UInt8(ascii: "<") { throw error(at: position, "'<' is not allowed in an attribute value; write &lt;") }
                if byte == UInt8(ascii: "&") {
                    hasReference = true
                    position = try checkReference(buffer, at: position)
                    continue
                }
                position += 1
            }
            document.attributes.append(.init(nameStart: Int32(attributeStart), nameEnd: Int32(attributeEnd),
                                             valueStart: Int32(valueStart), valueEnd: Int32(position),
                                             hasReference: hasReference))
            attributeCount += 1
            position += 1
        }
        document.elements.append(.init(nameStart: Int32(open + 1), nameEnd: Int32(nameEnd), offset: Int32(open),
                                       parent: parent, firstAttribute: firstAttribute, attributeCount: attributeCount))
        if parent >= 0 {
            let last = document.elements[Int(parent)].lastChild
            if last >= 0 { document.elements[Int(last)].nextSibling = index } else { document.elements[Int(parent)].firstChild = index }
            document.elements[Int(parent)].lastChild = index
        }
        if !selfClosing { stack.append(index) }
        return position
    }

    private mutating func closingTag(_ buffer: UnsafeBufferPointer<UInt8>, at open: Int) throws(XMLError) -> Int {
        let nameEnd = try name(buffer, at: open + 2, what: "an element name after '</'")
        var position = nameEnd
        while position < buffer.count, Self.isSpace(buffer[position]) { position += 1 }
        guard position < buffer.count else { throw error(at: open, "unexpected end of file: this closing tag is not closed with '>'") }
        guard buffer[position] == UInt8(ascii: ">") else { throw error(at: position, "expected '>' to end the closing tag") }
        let closing = String(decoding: UnsafeBufferPointer(rebasing: buffer[(open + 2)..<nameEnd]), as: UTF8.self)
        guard let top = stack.last else { throw error(at: open, "unexpected closing tag </\(closing)>: no element is open") }
        let element = document.elements[Int(top)]
        guard buffer[Int(element.nameStart)..<Int(element.nameEnd)].elementsEqual(buffer[(open + 2)..<nameEnd]) else {
            let location = XMLDocument.location(of: Int(element.offset), in: bytes)
            throw error(at: open, "expected </\(document.string(element.nameStart, element.nameEnd))> to close the element "
                        + "opened at \(location.line):\(location.column), found </\(closing)>")
        }
        stack.removeLast()
        return position + 1
    }

    /// Checks the reference that starts at `&`; returns the position after its `;`.
    private func checkReference(_ buffer: UnsafeBufferPointer<UInt8>, at ampersand: Int) throws(XMLError) -> Int {
        var end = ampersand + 1
        while end < buffer.count, end - ampersand <= 12, buffer[end] != UInt8(ascii: ";"),
              Self.isNameByte(buffer[end]) || buffer[end] == UInt8(ascii: "#") {
            end += 1
        }
        guard end < buffer.count, buffer[end] == UInt8(ascii: ";"), end > ampersand + 1 else {
            throw error(at: ampersand, "'&' must start a reference such as &amp; or &#38;")
        }
        guard Self.reference(bytes, from: ampersand + 1, to: end) != nil else {
            let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[ampersand..<(end + 1)]), as: UTF8.self)
            if buffer[ampersand + 1] == UInt8(ascii: "#") {
                throw error(at: ampersand, "\(name) is not a character XML allows")
            }
            throw error(at: ampersand, "the entity \(name) is refused: only &lt; &gt; &amp; &quot; &apos; "
                        + "and numeric references are allowed")
        }
        return end + 1
    }

    /// The character a reference (the bytes between `&` and `;`) stands for; nil for anything but
    /// the five predefined entities and numeric references to characters XML allows.
    static func reference(_ bytes: [UInt8], from start: Int, to end: Int) -> Unicode.Scalar? {
        let body = bytes[start..<end]
        if body.first == UInt8(ascii: "#") {
            var digits = body.dropFirst()
            var radix: UInt32 = 10
            if digits.first == UInt8(ascii: "x") {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.count <= 8 else { return nil }
            var value: UInt32 = 0
            for digit in digits {
                let d: UInt32
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(digit - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: d = UInt32(digit - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: d = UInt32(digit - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value * radix + d
            }
            guard value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF) else {
                return nil
            }
            return Unicode.Scalar(value)
        }
        switch String(decoding: body, as: UTF8.self) {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: return nil
        }
    }
}
