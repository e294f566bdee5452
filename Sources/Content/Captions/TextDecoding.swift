/// The bytes 0x80–0x9F of Windows-1252, which differ from Latin-1 (the rest are the same code points).
enum WindowsLatin1 {
    private static let high: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// The character of a byte 0x80–0x9F; nil for the five bytes Windows-1252 leaves undefined.
    static func scalar(_ byte: UInt8) -> Unicode.Scalar? {
        guard byte >= 0x80, byte <= 0x9F else { return Unicode.Scalar(byte) }
        let value = high[Int(byte - 0x80)]
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// Decodes every byte; undefined bytes become the control character of the same value.
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(scalar(byte) ?? Unicode.Scalar(byte)) }
        return String(scalars)
    }
}

/// Turns caption file bytes into text: UTF-16 when a UTF-16 byte order mark says so, UTF-8 when the
/// bytes are valid UTF-8 (with or without its byte order mark), otherwise U+FFFD for invalid bytes
/// in a WebVTT file (as the WebVTT spec decodes) and Windows-1252 for anything else.
enum TextDecoding {
    static func decode(_ bytes: [UInt8], maxBytes: Int) throws(CaptionError) -> (text: String, encoding: CaptionEncoding) {
        guard bytes.count <= maxBytes else {
            throw CaptionError(line: 1, message: "input is \(bytes.count) bytes; the limit is \(maxBytes)")
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return (try utf16(bytes.dropFirst(2), bigEndian: false), .utf16LittleEndian)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return (try utf16(bytes.dropFirst(2), bigEndian: true), .utf16BigEndian)
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        if body.starts(with: Array("WEBVTT".utf8)) {
            return (String(decoding: bytes, as: UTF8.self), .utf8WithReplacements)
        }
        return (WindowsLatin1.decode(body), .windows1252)
    }

    /// UTF-16 code units in the given byte order; an odd length or a lone surrogate names its line.
    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(CaptionError) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var line = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .emptyInput:
                break loop
            case .error:
                throw CaptionError(line: line, message: "invalid UTF-16")
            }
        }
        guard bytes.count % 2 == 0 else {
            throw CaptionError(line: line, message: "invalid UTF-16: an odd number of bytes")
        }
        return String(scalars)
    }
}
