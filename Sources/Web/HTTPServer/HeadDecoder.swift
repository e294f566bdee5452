/// Decodes and validates a complete header section (request line + fields, each line ended
/// by CRLF) into an ``HTTPRequestHead``: RFC 9112 §2–§6 and RFC 9110 §5, §7.2, §8.6.
struct HeadDecoder {
    let bytes: [UInt8]
    let limits: HTTPParserLimits

    init(bytes: [UInt8], limits: HTTPParserLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    func decode() throws(HTTPParseError) -> HTTPRequestHead {
        // Split into lines without their CRLF. The parser guarantees CR precedes every LF.
        var lines: [Range<Int>] = []
        var start = 0
        for i in bytes.indices where bytes[i] == ASCII.lf {
            lines.append(start..<(i - 1))
            start = i + 1
        }
        guard let requestLine = lines.first else { throw HTTPParseError(.badRequest, "missing request line") }
        var (head, authority) = try decodeRequestLine(requestLine)

        var fields = HTTPHeaders()
        fields.reserveCapacity(lines.count - 1)
        var state = FramingState()
        for line in lines.dropFirst() {
            let (name, value) = try decodeField(line)
            try state.observe(name: name, value: value)
            fields.add(name, value)
        }
        head.headers = fields
        try state.finish(into: &head)
        if let authority {
            // RFC 9112 §3.2.2: the target's authority replaces whatever Host said.
            head.headers.set("Host", authority)
        }
        return head
    }

    /// The request line, with an absolute-form target rewritten to origin form, and that target's
    /// authority (nil for origin form).
    private func decodeRequestLine(_ line: Range<Int>) throws(HTTPParseError) -> (HTTPRequestHead, String?) {
        let parts = bytes[line].split(separator: ASCII.space, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, ASCII.isToken(parts[0]), !parts[1].isEmpty else {
            throw HTTPParseError(.badRequest, "malformed request line")
        }
        let method = parts[0].withUnsafeBufferPointer { HTTPMethod.parse($0) }
        if method == .connect {
            // A tunnel is not something an origin server offers (RFC 9110 §9.3.6).
            throw HTTPParseError(.notImplemented, "CONNECT is not supported")
        }
        var target = parts[1]
        guard target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPParseError(.badRequest, "invalid character in request target")
        }
        var authority: String?
        if target.first != UInt8(ascii: "/"), let (host, rest) = try Self.splitAbsoluteForm(target) {
            authority = host
            target = rest
        }
        let isAsterisk = target.count == 1 && target.first == UInt8(ascii: "*")
        let emptyAbsolutePath = authority != nil && (target.isEmpty || target.first == UInt8(ascii: "?"))
        guard target.first == UInt8(ascii: "/") || emptyAbsolutePath || (isAsterisk && method == .options && authority == nil) else {
            throw HTTPParseError(.badRequest, "request target must be in origin or absolute form")
        }
        let version: HTTPVersion
        let v = parts[2]
        if v.elementsEqual("HTTP/1.1".utf8) {
            version = .http1_1
        } else if v.elementsEqual("HTTP/1.0".utf8) {
            version = .http1_0
        } else if Self.isVersionSyntax(v) {
            throw HTTPParseError(.httpVersionNotSupported, "HTTP version not supported")
        } else {
            throw HTTPParseError(.badRequest, "malformed HTTP version")
        }
        let path = target.isEmpty ? "/" : target.first == UInt8(ascii: "?") ? "/" + String(decoding: target, as: UTF8.self)
            : String(decoding: target, as: UTF8.self)
        return (HTTPRequestHead(method: method, target: path, version: version,
                                headers: HTTPHeaders(), framing: .none, keepAlive: version == .http1_1,
                                expectsContinue: false), authority)
    }

    /// `http://authority/path?query` or `https://…` (RFC 9112 §3.2.2) split into the authority and
    /// the rest (possibly empty or starting with `?`); nil when `target` has no `http(s)://` scheme.
    /// - Throws: 400 for an empty authority, user information or an invalid host.
    private static func splitAbsoluteForm(_ target: ArraySlice<UInt8>) throws(HTTPParseError) -> (String, ArraySlice<UInt8>)? {
        var schemeEnd = target.startIndex
        if ASCII.startsIgnoringCase(target, "http://") {
            schemeEnd += 7
        } else if ASCII.startsIgnoringCase(target, "https://") {
            schemeEnd += 8
        } else {
            return nil
        }
        let rest = target[schemeEnd...]
        let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        let authority = String(decoding: rest[schemeEnd..<end], as: UTF8.self)
        guard !authority.isEmpty, !authority.contains("@"), FramingState.isValidHost(authority) else {
            throw HTTPParseError(.badRequest, "invalid authority in an absolute request target")
        }
        return (authority, target[end...])
    }

    /// `HTTP/` DIGIT `.` DIGIT (RFC 9112 §2.3).
    private static func isVersionSyntax(_ v: ArraySlice<UInt8>) -> Bool {
        let digit: (UInt8) -> Bool = { $0 >= 48 && $0 <= 57 }
        let b = Array(v)
        return b.count == 8 && b.starts(with: "HTTP/".utf8) && digit(b[5]) && b[6] == UInt8(ascii: ".") && digit(b[7])
    }

    private func decodeField(_ line: Range<Int>) throws(HTTPParseError) -> (String, String) {
        let field = bytes[line]
        guard let first = field.first else { throw HTTPParseError(.badRequest, "empty header line") }
        if first == ASCII.space || first == ASCII.tab {
            throw HTTPParseError(.badRequest, "obsolete line folding or whitespace before a header field")
        }
        guard let colon = field.firstIndex(of: ASCII.colon) else {
            throw HTTPParseError(.badRequest, "header field without a colon")
        }
        let name = field[field.startIndex..<colon]
        guard ASCII.isToken(name) else {
            throw HTTPParseError(.badRequest, "invalid header field name")
        }
        var valueStart = colon + 1
        var valueEnd = field.endIndex
        while valueStart < valueEnd, bytes[valueStart] == ASCII.space || bytes[valueStart] == ASCII.tab { valueStart += 1 }
        while valueEnd > valueStart, bytes[valueEnd - 1] == ASCII.space || bytes[valueEnd - 1] == ASCII.tab { valueEnd -= 1 }
        let value = bytes[valueStart..<valueEnd]
        guard value.allSatisfy(ASCII.isFieldValueChar) else {
            throw HTTPParseError(.badRequest, "invalid character in header field value")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }
}

/// Accumulates the fields that decide framing and connection handling.
private struct FramingState {
    var hostCount = 0
    var hostValid = true
    var contentLength: Int?
    var contentLengthTooLarge = false
    var transferCodings: [Substring] = []
    var sawTransferEncoding = false
    var close = false
    var keepAlive = false
    var expectContinue = false
    var unsupportedExpectation = false

    mutating func observe(name: String, value: String) throws(HTTPParseError) {
        switch name.utf8.count {
        case 4 where HTTPHeaders.namesEqual(name, "Host"):
            hostCount += 1
            hostValid = hostValid && Self.isValidHost(value)
        case 14 where HTTPHeaders.namesEqual(name, "Content-Length"):
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = ASCII.trimmed(element)
                guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                    throw HTTPParseError(.badRequest, "invalid Content-Length")
                }
                let n = Self.parseDecimal(digits)
                if let existing = contentLength, existing != n || n == nil {
                    throw HTTPParseError(.badRequest, "conflicting Content-Length values")
                }
                if n == nil {
                    if contentLengthTooLarge { throw HTTPParseError(.badRequest, "conflicting Content-Length values") }
                    contentLengthTooLarge = true
                } else {
                    contentLength = n
                }
            }
        case 17 where HTTPHeaders.namesEqual(name, "Transfer-Encoding"):
            sawTransferEncoding = true
            for coding in value.split(separator: ",", omittingEmptySubsequences: false) {
                transferCodings.append(ASCII.trimmed(coding))
            }
        case 10 where HTTPHeaders.namesEqual(name, "Connection"):
            for option in value.split(separator: ",") {
                let o = ASCII.trimmed(option).utf8
                if ASCII.equalsIgnoringCase(o, "close") { close = true }
                if ASCII.equalsIgnoringCase(o, "keep-alive") { keepAlive = true }
            }
        case 6 where HTTPHeaders.namesEqual(name, "Expect"):
            if ASCII.equalsIgnoringCase(ASCII.trimmed(Substring(value)).utf8, "100-continue") {
                expectContinue = true
            } else {
                unsupportedExpectation = true
            }
        default:
            break
        }
    }

    func finish(into head: inout HTTPRequestHead) throws(HTTPParseError) {
        if hostCount > 1 { throw HTTPParseError(.badRequest, "duplicate Host header") }
        if head.version == .http1_1, hostCount == 0 { throw HTTPParseError(.badRequest, "missing Host header") }
        if !hostValid { throw HTTPParseError(.badRequest, "invalid Host header") }

        if sawTransferEncoding {
            if head.version == .http1_0 { throw HTTPParseError(.badRequest, "Transfer-Encoding in an HTTP/1.0 request") }
            if contentLength != nil || contentLengthTooLarge {
                throw HTTPParseError(.badRequest, "both Content-Length and Transfer-Encoding")
            }
            head.framing = try Self.framing(for: transferCodings)
        } else if contentLengthTooLarge {
            throw HTTPParseError(.contentTooLarge, "Content-Length too large")
        } else if let n = contentLength {
            head.framing = n == 0 ? .none : .contentLength(n)
        }

        if unsupportedExpectation { throw HTTPParseError(.expectationFailed, "unsupported expectation") }
        head.expectsContinue = expectContinue && head.version == .http1_1
        head.keepAlive = head.version == .http1_1 ? !close : (keepAlive && !close)
    }

    /// Only `chunked`, exactly once and last, is supported (RFC 9112 §6.1, §7).
    private static func framing(for codings: [Substring]) throws(HTTPParseError) -> BodyFraming {
        guard codings.allSatisfy({ ASCII.isToken($0.utf8) }) else {
            throw HTTPParseError(.badRequest, "malformed Transfer-Encoding")
        }
        let chunked = codings.filter { ASCII.equalsIgnoringCase($0.utf8, "chunked") }.count
        if chunked > 1 { throw HTTPParseError(.badRequest, "chunked applied more than once") }
        if chunked == 1, let last = codings.last, !ASCII.equalsIgnoringCase(last.utf8, "chunked") {
            throw HTTPParseError(.badRequest, "chunked is not the final transfer coding")
        }
        if codings.count > chunked { throw HTTPParseError(.notImplemented, "unsupported transfer coding") }
        return .chunked
    }

    /// A decimal number, or nil when it does not fit.
    private static func parseDecimal(_ digits: Substring) -> Int? {
        var n = 0
        for d in digits.utf8 {
            let (m, o1) = n.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(d - 48))
            if o1 || o2 { return nil }
            n = s
        }
        return n
    }

    /// `uri-host [ ":" port ]` (RFC 9110 §7.2): reg-name or bracketed IP literal, digits for the port.
    static func isValidHost(_ value: String) -> Bool {
        var host = Substring(value)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard !literal.isEmpty, literal.utf8.allSatisfy({ ASCII.isHexDigit($0) || $0 == 58 || $0 == 46 }) else {
                return false
            }
            host = host[host.index(after: close)...]
            guard host.isEmpty || host.hasPrefix(":") else { return false }
            return host.dropFirst().utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
        }
        var parts = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard parts[1].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
            parts.removeLast()
        }
        return parts[0].utf8.allSatisfy { b in
            switch b {
            case 48...57, 65...90, 97...122: return true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                 UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                 UInt8(ascii: "="):
                return true
            default: return false
            }
        }
    }
}
