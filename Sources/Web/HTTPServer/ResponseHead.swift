/// Serializes response heads straight into a reusable byte buffer.
enum ResponseHead {
    /// Pre-rendered status lines for the standard reason phrases.
    private static let statusLines: [Int: (reason: String, line: [UInt8])] = {
        var table: [Int: (reason: String, line: [UInt8])] = [:]
        for code in 100...599 {
            let status = HTTPStatus(code: code)
            if status.reason != "Unknown" { table[code] = (status.reason, Array("HTTP/1.1 \(code) \(status.reason)\r\n".utf8)) }
        }
        return table
    }()
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// How the body is framed on the wire.
    enum Framing {
        case length(Int)
        case chunked
        /// No framing header: bodiless statuses, or close-delimited streams for HTTP/1.0.
        case none
    }

    static func encode(_ response: Response, framing: Framing, keepAlive: Bool, version: HTTPVersion,
                       date: [UInt8], serverLine: [UInt8], into out: inout [UInt8]) {
        if let cached = statusLines[response.status.code], cached.reason == response.status.reason {
            out.append(contentsOf: cached.line)
        } else {
            out.append(contentsOf: "HTTP/1.1 \(response.status.code) ".utf8)
            appendSanitized(response.status.reason, to: &out)
            out.append(contentsOf: "\r\n".utf8)
        }
        out.append(contentsOf: date)
        out.append(contentsOf: serverLine)
        if let type = response.contentType {
            out.append(contentsOf: "Content-Type: ".utf8)
            appendSanitized(type, to: &out)
            out.append(contentsOf: "\r\n".utf8)
        }
        switch framing {
        case .length(let n):
            out.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(n, to: &out)
            out.append(contentsOf: "\r\n".utf8)
        case .chunked:
            out.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
        case .none:
            break
        }
        for field in response.headers where ASCII.isToken(field.name.utf8) && !isManaged(field.name) {
            out.append(contentsOf: field.name.utf8)
            out.append(contentsOf: ": ".utf8)
            // No redirect leaves the origin, whoever built the response.
            let value = HTTPHeaders.namesEqual(field.name, "Location") ? RedirectTarget.local(field.value) : field.value
            appendSanitized(value, to: &out)
            out.append(contentsOf: "\r\n".utf8)
        }
        if !keepAlive {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if version == .http1_0 {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        out.append(contentsOf: "\r\n".utf8)
    }

    /// Framing headers the server owns; handler-set copies are dropped to keep framing consistent.
    private static func isManaged(_ name: String) -> Bool {
        HTTPHeaders.namesEqual(name, "Content-Length") || HTTPHeaders.namesEqual(name, "Transfer-Encoding")
            || HTTPHeaders.namesEqual(name, "Connection") || HTTPHeaders.namesEqual(name, "Date")
            || HTTPHeaders.namesEqual(name, "Server")
    }

    /// Field values cannot carry CR, LF, NUL or other controls (response splitting); they become spaces.
    static func appendSanitized(_ value: String, to out: inout [UInt8]) {
        for b in value.utf8 { out.append(ASCII.isFieldValueChar(b) ? b : ASCII.space) }
    }

    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        guard n > 0 else {
            out.append(UInt8(ascii: "0"))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var v = n
        withUnsafeMutableBytes(of: &digits) { buf in
            while v > 0 {
                buf[count] = UInt8(48 + v % 10)
                v /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buf[i]) }
        }
    }

    static func appendHex(_ n: Int, to out: inout [UInt8]) {
        var shift = (Int.bitWidth - 4)
        while shift > 0, (n >> shift) & 0xF == 0 { shift -= 4 }
        while shift >= 0 {
            out.append(hexDigits[(n >> shift) & 0xF])
            shift -= 4
        }
    }
}
