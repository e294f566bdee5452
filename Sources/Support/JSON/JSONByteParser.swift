/// The parsing engine: a cursor over UTF-8 bytes with an explicit stack of open containers.
struct JSONByteParser {
    /// An array or object whose members are still being read.
    private struct Container {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONObject.Element] = []
        /// The key whose value is being read (objects only).
        var pendingKey = ""
        /// Keys seen so far, built once an object grows past a few members (objects only).
        var keyLookup: Set<String>?
    }

    /// Objects with more keys than this check duplicates through a hash set instead of a linear scan.
    private static let keyLookupThreshold = 12

    let input: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    /// Offset of the next unread byte.
    var position = 0
    /// Values started so far, checked against `limits.maxElements`.
    private var valueCount = 0
    /// Reusable buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    init(input: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.input = input
        self.limits = limits
    }

    /// Parses exactly one value surrounded by optional whitespace.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        var stack: [Container] = []
        document: while true {
            skipWhitespace()
            guard position < input.count else {
                throw error("expected a value, found end of input", at: position)
            }
            valueCount += 1
            guard valueCount <= limits.maxElements else {
                throw error("document has more than \(limits.maxElements) values", at: position)
            }
            var value: JSONValue
            switch input[position] {
            case UInt8(ascii: "{"):
                try checkDepth(stack.count)
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    value = .object(JSONObject())
                } else {
                    stack.append(Container(isObject: true))
                    try parseKey(into: &stack[stack.count - 1], expected: "expected a string key or '}'")
                    continue document
                }
            case UInt8(ascii: "["):
                try checkDepth(stack.count)
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    stack.append(Container(isObject: false))
                    continue document
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            default:
                throw error("expected a value, found \(describeByte(at: position))", at: position)
            }

            // Attach the completed value to its container, closing containers as their ends arrive.
            while let top = stack.indices.last {
                skipWhitespace()
                let next = peek()
                if stack[top].isObject {
                    stack[top].members.append((stack[top].pendingKey, value))
                    if next == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        try parseKey(into: &stack[top], expected: "expected a string key after ','")
                        continue document
                    }
                    guard next == UInt8(ascii: "}") else {
                        throw error("expected ',' or '}' after object member", at: position)
                    }
                    position += 1
                    value = .object(JSONObject(uniqueMembers: stack.removeLast().members))
                } else {
                    stack[top].elements.append(value)
                    if next == UInt8(ascii: ",") {
                        position += 1
                        continue document
                    }
                    guard next == UInt8(ascii: "]") else {
                        throw error("expected ',' or ']' after array element", at: position)
                    }
                    position += 1
                    value = .array(stack.removeLast().elements)
                }
            }
            skipWhitespace()
            guard position == input.count else {
                throw error("expected end of input after the top-level value", at: position)
            }
            return value
        }
    }

    // MARK: - Structure

    private func checkDepth(_ openContainers: Int) throws(JSONParseError) {
        guard openContainers < limits.maxDepth else {
            throw error("nesting exceeds the depth limit of \(limits.maxDepth)", at: position)
        }
    }

    /// Reads `"key"` and the following `:`, rejecting keys already present in `container`.
    private mutating func parseKey(into container: inout Container, expected: String) throws(JSONParseError) {
        guard peek() == UInt8(ascii: "\"") else { throw error(expected, at: position) }
        let keyStart = position
        let key = try parseString()
        let isDuplicate = container.keyLookup?.contains(key) ?? container.members.contains { $0.key == key }
        guard !isDuplicate else {
            throw error("duplicate key \(quotedForMessage(key))", at: keyStart)
        }
        if container.keyLookup != nil {
            container.keyLookup?.insert(key)
        } else if container.members.count >= Self.keyLookupThreshold {
            container.keyLookup = Set(container.members.map(\.key) + [key])
        }
        container.pendingKey = key
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after object key", at: position) }
        position += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        guard input.count - position >= length,
              UnsafeBufferPointer(start: literal.utf8Start, count: length).elementsEqual(input[position..<position + length])
        else {
            throw error("invalid literal, expected '\(literal)'", at: position)
        }
        position += length
    }

    // MARK: - Cursor

    func peek() -> UInt8? {
        position < input.count ? input[position] : nil
    }

    mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    // MARK: - Diagnostics

    /// An error located at byte `offset`, converted to a 1-based line and a column counted in Unicode scalars.
    func error(_ message: String, at offset: Int) -> JSONParseError {
        var line = 1
        var column = 1
        for byte in input[..<min(offset, input.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(line: line, column: column, message: message)
    }

    /// A readable description of the input at `offset`: "'x'", "end of input", "control character U+0000",
    /// "invalid UTF-8 byte 0xFF".
    func describeByte(at offset: Int) -> String {
        guard offset < input.count else { return "end of input" }
        let byte = input[offset]
        switch byte {
        case 0x21..<0x7F:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case ..<0x80:
            return "control character U+\(hex(UInt32(byte), digits: 4))"
        default:
            guard let end = utf8SequenceEnd(at: offset) else {
                return "invalid UTF-8 byte 0x\(hex(UInt32(byte), digits: 2))"
            }
            return "'\(String(decoding: input[offset..<end], as: UTF8.self))'"
        }
    }
}
