/// Percent-decoding (RFC 3986 §2.1) and `application/x-www-form-urlencoded` parsing.
public enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as space when `plusAsSpace`). Returns nil for a
    /// malformed escape or bytes that are not valid UTF-8.
    public static func decode<S: StringProtocol>(_ s: S, plusAsSpace: Bool = false) -> String? {
        let utf8 = s.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(s)
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let b = utf8[i]
            if b == UInt8(ascii: "%") {
                let h = utf8.index(after: i)
                guard h < utf8.endIndex, utf8.index(after: h) < utf8.endIndex,
                      let hi = ASCII.hexValue(utf8[h]), let lo = ASCII.hexValue(utf8[utf8.index(after: h)]) else {
                    return nil
                }
                out.append(UInt8(hi << 4 | lo))
                i = utf8.index(h, offsetBy: 2)
                continue
            }
            out.append(plusAsSpace && b == UInt8(ascii: "+") ? ASCII.space : b)
            i = utf8.index(after: i)
        }
        return String(validating: out, as: UTF8.self)
    }

    /// Parses `a=1&b=x+y` into ordered pairs; malformed pairs are skipped, at most `limit` kept.
    public static func formPairs<S: StringProtocol>(_ s: S, limit: Int = 1000) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for part in s.split(separator: "&", omittingEmptySubsequences: true) {
            guard pairs.count < limit else { break }
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(kv[0], plusAsSpace: true), !name.isEmpty else { continue }
            let value = kv.count > 1 ? decode(kv[1], plusAsSpace: true) : ""
            guard let value else { continue }
            pairs.append((name: name, value: value))
        }
        return pairs
    }
}

/// Ordered name/value parameters from a query string or a form body.
public struct FormParameters: Sendable, Sequence {
    public typealias Pair = (name: String, value: String)
    public let pairs: [Pair]

    public init(_ pairs: [Pair]) { self.pairs = pairs }

    /// Parses an urlencoded string (`+` is a space).
    public init<S: StringProtocol>(encoded: S) { pairs = PercentDecoding.formPairs(encoded) }

    /// The first value for `name`.
    public subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    public var isEmpty: Bool { pairs.isEmpty }
    public func makeIterator() -> IndexingIterator<[Pair]> { pairs.makeIterator() }
}
