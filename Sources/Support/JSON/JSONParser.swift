/// Strict RFC 8259 parsing of UTF-8 JSON text into ``JSONValue``.
///
/// A leading UTF-8 byte-order mark is skipped. Everything else the RFC does not allow is an error:
/// comments, trailing commas, single quotes, leading zeros, invalid UTF-8, unpaired surrogate escapes,
/// duplicate object keys and numbers that overflow `Double`. Parsing is iterative (no recursion) and
/// bounded by ``JSONLimits``.
public enum JSONParser {
    /// Parses `text` as one JSON document.
    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONParseError) -> JSONValue {
        var text = text
        try checkSize(text.utf8.count, limits: limits)
        return try text.withUTF8 { parse(buffer: $0, limits: limits) }.get()
    }

    /// Parses UTF-8 `bytes` as one JSON document.
    public static func parse(bytes: some Collection<UInt8>, limits: JSONLimits = .default) throws(JSONParseError) -> JSONValue {
        try checkSize(bytes.count, limits: limits)
        if let result = bytes.withContiguousStorageIfAvailable({ parse(buffer: $0, limits: limits) }) {
            return try result.get()
        }
        return try Array(bytes).withUnsafeBufferPointer { parse(buffer: $0, limits: limits) }.get()
    }

    private static func checkSize(_ byteCount: Int, limits: JSONLimits) throws(JSONParseError) {
        guard byteCount <= limits.maxBytes else {
            throw JSONParseError(line: 1, column: 1,
                                 message: "document of \(byteCount) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits) -> Result<JSONValue, JSONParseError> {
        let hasByteOrderMark = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
        var parser = JSONByteParser(input: UnsafeBufferPointer(rebasing: buffer[(hasByteOrderMark ? 3 : 0)...]),
                                    limits: limits)
        return Result { () throws(JSONParseError) in try parser.parseDocument() }
    }
}
