/// A streaming JSON serializer that appends UTF-8 directly to a byte buffer.
///
/// Commas and (when `pretty`) newlines with two-space indentation are inserted automatically:
/// call ``key(_:)`` before each value inside an object, and values directly inside arrays.
/// Output is deterministic: integral numbers below 2^63 in magnitude print as plain integers ("1",
/// "-0.0" as "0"), other finite numbers in Swift's shortest round-trip form ("1.5", "1e+300"), and
/// non-finite numbers as `null`. Strings escape quotes, backslashes and control characters and keep
/// other text as UTF-8; with `htmlSafe`, `<`, `>`, `&`, U+2028 and U+2029 are escaped too so the
/// output can be embedded in HTML `<script>` elements.
public struct JSONWriter: Sendable {
    /// The serialized output so far.
    public private(set) var bytes: [UInt8]
    /// Whether containers are laid out one member per line.
    public let pretty: Bool
    /// Whether characters significant to HTML are escaped in strings.
    public let htmlSafe: Bool

    /// One entry per open container, `true` once it has a member.
    private var containerHasMembers: [Bool] = []
    /// Set by ``key(_:)``: the next value follows the key directly.
    private var isAfterKey = false

    /// Creates an empty writer whose buffer initially reserves `capacity` bytes.
    public init(capacity: Int = 256, pretty: Bool = false, htmlSafe: Bool = false) {
        bytes = []
        bytes.reserveCapacity(max(0, capacity))
        self.pretty = pretty
        self.htmlSafe = htmlSafe
    }

    /// The output as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Containers

    public mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        containerHasMembers.append(false)
    }

    public mutating func endObject() {
        endContainer(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        containerHasMembers.append(false)
    }

    public mutating func endArray() {
        endContainer(UInt8(ascii: "]"))
    }

    /// Writes an object member's key; the next call must write its value.
    public mutating func key(_ key: String) {
        beginValue()
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        isAfterKey = true
    }

    /// Writes `key` and then `value`.
    public mutating func field(_ key: String, _ value: some JSONWritable) {
        self.key(key)
        value.writeJSON(to: &self)
    }

    // MARK: - Values

    public mutating func value(_ value: some JSONWritable) {
        value.writeJSON(to: &self)
    }

    public mutating func string(_ string: String) {
        beginValue()
        appendQuoted(string)
    }

    public mutating func number(_ number: Int) {
        beginValue()
        appendInteger(Int64(number))
    }

    public mutating func number(_ number: Int64) {
        beginValue()
        appendInteger(number)
    }

    /// Writes a finite number (integral values without a fraction), or `null` when not finite.
    public mutating func number(_ number: Double) {
        beginValue()
        guard number.isFinite else {
            appendASCII("null")
            return
        }
        if let integer = number.exactInteger {
            appendInteger(integer)
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
    }

    public mutating func bool(_ bool: Bool) {
        beginValue()
        appendASCII(bool ? "true" : "false")
    }

    public mutating func null() {
        beginValue()
        appendASCII("null")
    }

    // MARK: - Layout

    /// Emits the separator and indentation that precede a value or key at the current position.
    private mutating func beginValue() {
        if isAfterKey {
            isAfterKey = false
            return
        }
        guard let innermost = containerHasMembers.indices.last else { return }
        if containerHasMembers[innermost] {
            bytes.append(UInt8(ascii: ","))
        } else {
            containerHasMembers[innermost] = true
        }
        if pretty { appendNewline(indentLevel: containerHasMembers.count) }
    }

    private mutating func endContainer(_ closer: UInt8) {
        let hadMembers = containerHasMembers.popLast() ?? false
        if pretty, hadMembers { appendNewline(indentLevel: containerHasMembers.count) }
        bytes.append(closer)
    }

    private mutating func appendNewline(indentLevel: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indentLevel))
    }

    // MARK: - Encoding

    private mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let firstDigit = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[firstDigit...].reverse()
    }

    /// Appends `text` as a quoted, escaped JSON string.
    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var length = 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), ..<0x20:
                    break
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                    guard htmlSafe else {
                        index += 1
                        continue
                    }
                case 0xE2 where htmlSafe && index + 2 < utf8.count && utf8[index + 1] == 0x80
                    && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    length = 3
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: utf8[runStart..<index])
                appendEscape(for: length == 3 ? (utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029) : UInt32(byte))
                index += length
                runStart = index
            }
            bytes.append(contentsOf: utf8[runStart...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the escape sequence for the scalar `value`: a two-character form when one exists,
    /// otherwise `\u` and four lowercase hex digits.
    private mutating func appendEscape(for value: UInt32) {
        let short: UInt8? = switch value {
        case 0x22: UInt8(ascii: "\"")
        case 0x5C: UInt8(ascii: "\\")
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        default: nil
        }
        bytes.append(UInt8(ascii: "\\"))
        if let short {
            bytes.append(short)
            return
        }
        bytes.append(UInt8(ascii: "u"))
        let digits: StaticString = "0123456789abcdef"
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(digits.utf8Start[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
