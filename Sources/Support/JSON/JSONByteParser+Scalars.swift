/// Strings and numbers.
extension JSONByteParser {
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// Reads a string starting at the opening quote, validating UTF-8 and decoding escapes.
    mutating func parseString() throws(JSONParseError) -> String {
        let start = position
        var index = start + 1
        var runStart = index
        var hasEscapes = false
        while true {
            guard index < input.count else { throw error("unterminated string", at: start) }
            let byte = input[index]
            if byte == Self.quote { break }
            if byte == Self.backslash {
                if !hasEscapes {
                    scratch.removeAll(keepingCapacity: true)
                    hasEscapes = true
                }
                scratch.append(contentsOf: input[runStart..<index])
                index = try appendEscape(at: index)
                runStart = index
            } else if byte < 0x20 {
                throw error("unescaped control character U+\(hex(UInt32(byte), digits: 4)) in string", at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                guard let end = utf8SequenceEnd(at: index) else {
                    throw error("invalid UTF-8 byte 0x\(hex(UInt32(byte), digits: 2)) in string", at: index)
                }
                index = end
            }
        }
        let text: String
        if hasEscapes {
            scratch.append(contentsOf: input[runStart..<index])
            try checkStringLength(scratch.count, at: start)
            text = String(decoding: scratch, as: UTF8.self)
        } else {
            try checkStringLength(index - runStart, at: start)
            text = String(decoding: input[runStart..<index], as: UTF8.self)
        }
        position = index + 1
        return text
    }

    private func checkStringLength(_ byteCount: Int, at start: Int) throws(JSONParseError) {
        guard byteCount <= limits.maxStringBytes else {
            throw error("string of \(byteCount) bytes exceeds the limit of \(limits.maxStringBytes) bytes", at: start)
        }
    }

    /// Decodes the escape sequence at `index` (a backslash) into `scratch`; returns the offset after it.
    private mutating func appendEscape(at index: Int) throws(JSONParseError) -> Int {
        guard index + 1 < input.count else { throw error("unterminated escape sequence", at: index) }
        let simple: UInt8
        switch input[index + 1] {
        case Self.quote: simple = Self.quote
        case Self.backslash: simple = Self.backslash
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            return try appendUnicodeEscape(at: index)
        case let other where (0x21..<0x7F).contains(other):
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(other)))'", at: index)
        default:
            throw error("invalid escape sequence: '\\' followed by \(describeByte(at: index + 1))", at: index)
        }
        scratch.append(simple)
        return index + 2
    }

    /// Decodes `\uXXXX`, or a `\uD8xx\uDCxx` surrogate pair, at `index` into `scratch`.
    private mutating func appendUnicodeEscape(at index: Int) throws(JSONParseError) -> Int {
        let unit = try hexQuad(afterEscapeAt: index)
        var scalarValue = unit
        var end = index + 6
        switch unit {
        case 0xD800...0xDBFF:
            guard end + 1 < input.count, input[end] == Self.backslash, input[end + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate \\u\(hex(unit, digits: 4)): a high surrogate must be followed by a low surrogate escape", at: index)
            }
            let low = try hexQuad(afterEscapeAt: end)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("unpaired surrogate \\u\(hex(unit, digits: 4)): followed by \\u\(hex(low, digits: 4)), not a low surrogate", at: index)
            }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            end += 6
        case 0xDC00...0xDFFF:
            throw error("unpaired surrogate \\u\(hex(unit, digits: 4)): a low surrogate must follow a high surrogate", at: index)
        default:
            break
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw error("invalid Unicode escape", at: index)
        }
        scratch.append(contentsOf: scalar.utf8)
        return end
    }

    /// The value of the four hex digits after the `\u` at `index`.
    private func hexQuad(afterEscapeAt index: Int) throws(JSONParseError) -> UInt32 {
        guard index + 6 <= input.count else { throw error("expected 4 hex digits after \\u", at: index) }
        var value: UInt32 = 0
        for byte in input[(index + 2)..<(index + 6)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected 4 hex digits after \\u", at: index)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The offset just past the well-formed multi-byte UTF-8 sequence starting at `index`, or `nil` when
    /// it is malformed (overlong, surrogate, beyond U+10FFFF, truncated or a stray continuation byte).
    func utf8SequenceEnd(at index: Int) -> Int? {
        let lead = input[index]
        let continuationCount: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; secondRange = 0x80...0x9F
        case 0xF0: continuationCount = 3; secondRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; secondRange = 0x80...0x8F
        default: return nil
        }
        let end = index + 1 + continuationCount
        guard end <= input.count, secondRange.contains(input[index + 1]) else { return nil }
        for byte in input[(index + 2)..<end] where byte & 0xC0 != 0x80 {
            return nil
        }
        return end
    }

    /// Reads a number per the RFC 8259 grammar; values beyond `Double`'s range are errors.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        var index = start
        let isNegative = input[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        let integerStart = index
        guard index < input.count, isDigit(input[index]) else {
            throw error("expected a digit after '-'", at: index)
        }
        index = skipDigits(from: index)
        if input[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw error("leading zeros are not allowed in numbers", at: integerStart)
        }
        let integerDigits = index - integerStart
        var isInteger = true
        if index < input.count, input[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < input.count, isDigit(input[index]) else {
                throw error("expected a digit after '.' in number", at: index)
            }
            index = skipDigits(from: index)
        }
        if index < input.count, input[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < input.count, isDigit(input[index]) else {
                throw error("expected a digit in number exponent", at: index)
            }
            index = skipDigits(from: index)
        }
        position = index

        // Up to 15 digits are exact in both Int and Double; everything else takes the correctly rounded path.
        if isInteger, integerDigits <= 15 {
            var magnitude = 0
            for byte in input[integerStart..<index] { magnitude = magnitude * 10 + Int(byte - UInt8(ascii: "0")) }
            let value = Double(magnitude)
            return isNegative ? -value : value
        }
        guard let value = Double(String(decoding: input[start..<index], as: UTF8.self)), value.isFinite else {
            throw error("number out of range", at: start)
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private func skipDigits(from start: Int) -> Int {
        var index = start
        while index < input.count, isDigit(input[index]) { index += 1 }
        return index
    }
}
