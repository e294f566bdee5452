/// A `Set-Cookie` directive (RFC 6265 §4.1).
public struct Cookie: Sendable, Equatable {
    public enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public var name: String
    public var value: String
    public var path: String? = "/"
    public var domain: String?
    public var maxAge: Int?
    public var secure: Bool
    public var httpOnly: Bool
    public var sameSite: SameSite?

    /// A cookie with safe defaults: `Path=/`, `HttpOnly`, `SameSite=Lax`.
    public init(name: String, value: String, path: String? = "/", domain: String? = nil, maxAge: Int? = nil,
                secure: Bool = false, httpOnly: Bool = true, sameSite: SameSite? = .lax) {
        self.name = name
        self.value = value
        self.path = path
        self.domain = domain
        self.maxAge = maxAge
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
    }

    /// A cookie that tells the client to delete `name`.
    public static func expired(_ name: String, path: String? = "/") -> Cookie {
        Cookie(name: name, value: "", path: path, maxAge: 0)
    }

    /// The `Set-Cookie` header value. Characters not allowed in a cookie value are
    /// percent-encoded; an invalid name is replaced by its token characters.
    public var headerValue: String {
        let safeName = String(String.UnicodeScalarView(name.unicodeScalars.filter {
            $0.isASCII && ASCII.isTokenChar(UInt8($0.value))
        }))
        var s = "\(safeName)=\(Self.encodeValue(value))"
        if let path { s += "; Path=\(Self.encodeValue(path))" }
        if let domain { s += "; Domain=\(Self.encodeValue(domain))" }
        if let maxAge { s += "; Max-Age=\(maxAge)" }
        if secure { s += "; Secure" }
        if httpOnly { s += "; HttpOnly" }
        if let sameSite { s += "; SameSite=\(sameSite.rawValue)" }
        return s
    }

    /// Parses a `Cookie` request header into ordered pairs (RFC 6265 §5.4); at most `limit`.
    public static func parse(header: String, limit: Int = 100) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        for part in header.split(separator: ";") {
            guard out.count < limit else { break }
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = ASCII.trimmed(kv[0])
            guard !name.isEmpty, kv.count == 2 else { continue }
            var value = ASCII.trimmed(kv[1])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            out.append((name: String(name), value: PercentDecoding.decode(value) ?? String(value)))
        }
        return out
    }

    /// cookie-octet (RFC 6265 §4.1.1) passes through; everything else is percent-encoded.
    private static func encodeValue(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let allowed = b == 0x21 || (0x23...0x2B).contains(b) || (0x2D...0x3A).contains(b)
                || (0x3C...0x5B).contains(b) || (0x5D...0x7E).contains(b)
            if allowed && b != UInt8(ascii: "%") {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + String(b >> 4, radix: 16, uppercase: true) + String(b & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
