/// Byte-level character classes used by the parser and the encoders (RFC 9110 §5.6).
enum ASCII {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9
    static let colon: UInt8 = 58

    @inline(__always)
    static func lowercased(_ b: UInt8) -> UInt8 { (b >= 65 && b <= 90) ? b | 0x20 : b }

    /// `tchar` from RFC 9110 §5.6.2.
    static func isTokenChar(_ b: UInt8) -> Bool { tokenTable[Int(b)] }

    /// Field-value octets: VCHAR, obs-text, SP and HTAB (no NUL, CR, LF or other controls).
    @inline(__always)
    static func isFieldValueChar(_ b: UInt8) -> Bool { b >= 0x20 ? b != 0x7F : b == tab }

    static func isHexDigit(_ b: UInt8) -> Bool { hexValue(b) != nil }

    static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case 48...57: return Int(b - 48)
        case 65...70: return Int(b - 55)
        case 97...102: return Int(b - 87)
        default: return nil
        }
    }

    static func isToken<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenChar)
    }

    /// Case-insensitive comparison of a byte sequence with an ASCII literal.
    static func equalsIgnoringCase<C: Collection<UInt8>>(_ bytes: C, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { lit in
            zip(bytes, lit).allSatisfy { lowercased($0) == lowercased($1) }
        }
    }

    /// Whether a byte sequence begins with an ASCII literal, ignoring case.
    static func startsIgnoringCase<C: Collection<UInt8>>(_ bytes: C, _ literal: StaticString) -> Bool {
        guard bytes.count >= literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { lit in
            zip(bytes, lit).allSatisfy { lowercased($0) == lowercased($1) }
        }
    }

    /// Trims leading and trailing SP/HTAB.
    static func trimmed(_ s: Substring) -> Substring {
        var s = s
        while let f = s.utf8.first, f == space || f == tab { s = s.dropFirst() }
        while let l = s.utf8.last, l == space || l == tab { s = s.dropLast() }
        return s
    }

    private static let tokenTable: [Bool] = (0..<256).map { i in
        switch UInt8(i) {
        case 48...57, 65...90, 97...122: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}
