/// An incremental HTTP/1.1 request parser: a pure state machine over bytes, with no I/O.
///
/// Feed it whatever bytes have arrived, in any split; it reports how many it consumed and
/// at most one event per call. Head bytes are copied into a reusable internal buffer, body
/// bytes are reported as ranges of the input so the caller can copy them where it wants.
///
/// ```swift
/// var parser = HTTPRequestParser()
/// let step = try parser.parse(buffer)   // .head, .body(range), .end or .needMoreData
/// ```
///
/// Every refusal throws an ``HTTPParseError`` carrying the status to answer; after an
/// error the connection must be closed, since the framing is no longer trustworthy.
public struct HTTPRequestParser: Sendable {
    /// What one call to ``parse(_:)`` produced.
    public enum Event: Sendable {
        /// All input was consumed and more is needed.
        case needMoreData
        /// A complete, validated request head.
        case head(HTTPRequestHead)
        /// Body bytes at this range of the input.
        case body(Range<Int>)
        /// The current request's body (possibly empty) is complete.
        case end
    }

    private enum State: Sendable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize(digits: Int, value: Int)
        case chunkExtension(length: Int, quoted: Bool, escaped: Bool)
        case chunkSizeLF
        case chunkData(remaining: Int)
        case chunkDataCR
        case chunkDataLF
        case trailer(lineLength: Int, total: Int, sawCR: Bool)
        case bodyEnd
    }

    public let limits: HTTPParserLimits
    /// Largest accepted body; set it after a head arrives (per route) and before its body.
    /// A declared or accumulated body beyond it throws 413 before the excess is read.
    public var maxBodyBytes: Int

    private var state: State = .head
    private var headBuffer: [UInt8] = []
    private var lineStart = 0
    private var lineCount = 0
    private var leadingEmptyLines = 0
    private var bodyReceived = 0
    private var chunkSizeValue = 0

    public init(limits: HTTPParserLimits = HTTPParserLimits(), maxBodyBytes: Int = 1 << 20) {
        self.limits = limits
        self.maxBodyBytes = maxBodyBytes
        headBuffer.reserveCapacity(1024)
    }

    /// Body bytes of the current request received so far.
    public var bodyBytesReceived: Int { bodyReceived }

    /// Whether the parser is between requests (nothing of a new request seen yet).
    public var isIdle: Bool {
        if case .head = state { return headBuffer.isEmpty }
        return false
    }

    /// Consumes a prefix of `input` and returns the event it produced. `.needMoreData` means
    /// every byte was consumed; after any other event, call again with the rest.
    public mutating func parse(_ input: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (event: Event, consumed: Int) {
        var offset = 0
        while true {
            let start = offset
            let (event, consumed) = try step(UnsafeBufferPointer(rebasing: input[start...]))
            offset += consumed
            switch event {
            case .needMoreData where consumed > 0 && offset < input.count:
                continue
            case .body(let range):
                return (.body((range.lowerBound + start)..<(range.upperBound + start)), offset)
            default:
                return (event, offset)
            }
        }
    }

    /// One state transition; `.needMoreData` may leave input behind after a framing change.
    private mutating func step(_ input: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (event: Event, consumed: Int) {
        switch state {
        case .head:
            return try parseHead(input)
        case .fixedBody(let remaining):
            if bodyReceived == 0, remaining > maxBodyBytes {
                throw HTTPParseError(.contentTooLarge, "body of \(remaining) bytes exceeds the limit of \(maxBodyBytes)")
            }
            if remaining == 0 { return finishBody() }
            let n = min(remaining, input.count)
            if n == 0 { return (.needMoreData, 0) }
            bodyReceived += n
            state = remaining - n == 0 ? .bodyEnd : .fixedBody(remaining: remaining - n)
            return (.body(0..<n), n)
        case .chunkData(let remaining):
            let n = min(remaining, input.count)
            if n == 0 { return (.needMoreData, 0) }
            state = remaining - n == 0 ? .chunkDataCR : .chunkData(remaining: remaining - n)
            return (.body(0..<n), n)
        case .bodyEnd:
            return finishBody()
        default:
            return try parseChunkFraming(input)
        }
    }

    private mutating func finishBody() -> (event: Event, consumed: Int) {
        state = .head
        bodyReceived = 0
        return (.end, 0)
    }

    // MARK: - Head

    private mutating func parseHead(_ input: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (event: Event, consumed: Int) {
        var i = 0
        while i < input.count {
            let b = input[i]
            i += 1
            if b == ASCII.lf {
                guard headBuffer.count > lineStart, headBuffer[headBuffer.count - 1] == ASCII.cr else {
                    throw HTTPParseError(.badRequest, "line ending without CR")
                }
                let lineLength = headBuffer.count - 1 - lineStart
                if lineLength == 0 {
                    if lineCount == 0 {
                        // Empty lines before the request line are tolerated, a few of them.
                        leadingEmptyLines += 1
                        if leadingEmptyLines > limits.maxLeadingEmptyLines {
                            throw HTTPParseError(.badRequest, "too many empty lines before the request line")
                        }
                        headBuffer.removeAll(keepingCapacity: true)
                        lineStart = 0
                        continue
                    }
                    let head = try HeadDecoder(bytes: headBuffer, limits: limits).decode()
                    resetHead()
                    startBody(head.framing)
                    return (.head(head), i)
                }
                headBuffer.append(b)
                lineCount += 1
                if lineCount > limits.maxHeaderCount + 1 {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields")
                }
                lineStart = headBuffer.count
                continue
            }
            if headBuffer.count > lineStart, headBuffer[headBuffer.count - 1] == ASCII.cr {
                throw HTTPParseError(.badRequest, "bare CR in the header section")
            }
            headBuffer.append(b)
            if lineCount == 0, headBuffer.count > limits.maxRequestLineBytes + 1 {
                throw HTTPParseError(.uriTooLong, "request line longer than \(limits.maxRequestLineBytes) bytes")
            }
            if headBuffer.count > limits.maxHeaderBytes {
                throw HTTPParseError(.requestHeaderFieldsTooLarge, "header section larger than \(limits.maxHeaderBytes) bytes")
            }
        }
        return (.needMoreData, i)
    }

    private mutating func resetHead() {
        headBuffer.removeAll(keepingCapacity: true)
        lineStart = 0
        lineCount = 0
        leadingEmptyLines = 0
    }

    private mutating func startBody(_ framing: BodyFraming) {
        bodyReceived = 0
        switch framing {
        case .none: state = .bodyEnd
        case .contentLength(let n): state = .fixedBody(remaining: n)
        case .chunked: state = .chunkSize(digits: 0, value: 0)
        }
    }

    // MARK: - Chunked framing (RFC 9112 §7.1)

    private mutating func parseChunkFraming(_ input: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (event: Event, consumed: Int) {
        var i = 0
        while i < input.count {
            let b = input[i]
            i += 1
            switch state {
            case .chunkSize(let digits, let value):
                if let hex = ASCII.hexValue(b) {
                    guard digits < 15 else { throw HTTPParseError(.badRequest, "chunk size too long") }
                    state = .chunkSize(digits: digits + 1, value: value << 4 | hex)
                    continue
                }
                guard digits > 0 else { throw HTTPParseError(.badRequest, "invalid chunk size") }
                if bodyReceived + value > maxBodyBytes {
                    throw HTTPParseError(.contentTooLarge, "chunked body exceeds the limit of \(maxBodyBytes) bytes")
                }
                bodyReceived += value
                if b == ASCII.cr {
                    state = .chunkSizeLF
                } else if b == UInt8(ascii: ";") || b == ASCII.space || b == ASCII.tab {
                    state = .chunkExtension(length: 1, quoted: false, escaped: false)
                } else {
                    throw HTTPParseError(.badRequest, "invalid chunk size")
                }
                chunkSizeValue = value
            case .chunkExtension(let length, let quoted, let escaped):
                if b == ASCII.cr, !quoted {
                    state = .chunkSizeLF
                    continue
                }
                guard length < limits.maxChunkExtensionBytes else {
                    throw HTTPParseError(.badRequest, "chunk extensions longer than \(limits.maxChunkExtensionBytes) bytes")
                }
                guard ASCII.isFieldValueChar(b) else { throw HTTPParseError(.badRequest, "invalid character in chunk extension") }
                let isQuote = b == UInt8(ascii: "\"") && !escaped
                let nowQuoted = isQuote ? !quoted : quoted
                state = .chunkExtension(length: length + 1, quoted: nowQuoted,
                                        escaped: quoted && !escaped && b == UInt8(ascii: "\\"))
            case .chunkSizeLF:
                guard b == ASCII.lf else { throw HTTPParseError(.badRequest, "chunk size line not ended by CRLF") }
                if chunkSizeValue == 0 {
                    state = .trailer(lineLength: 0, total: 0, sawCR: false)
                } else {
                    state = .chunkData(remaining: chunkSizeValue)
                    return (.needMoreData, i)
                }
            case .chunkDataCR:
                guard b == ASCII.cr else { throw HTTPParseError(.badRequest, "chunk data not followed by CRLF") }
                state = .chunkDataLF
            case .chunkDataLF:
                guard b == ASCII.lf else { throw HTTPParseError(.badRequest, "chunk data not followed by CRLF") }
                state = .chunkSize(digits: 0, value: 0)
            case .trailer(let lineLength, let total, let sawCR):
                if sawCR {
                    guard b == ASCII.lf else { throw HTTPParseError(.badRequest, "bare CR in trailer section") }
                    if lineLength == 0 {
                        state = .head
                        bodyReceived = 0
                        return (.end, i)
                    }
                    state = .trailer(lineLength: 0, total: total, sawCR: false)
                    continue
                }
                if b == ASCII.cr {
                    state = .trailer(lineLength: lineLength, total: total, sawCR: true)
                    continue
                }
                guard total < limits.maxTrailerBytes else {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "trailer section larger than \(limits.maxTrailerBytes) bytes")
                }
                let valid = lineLength == 0 ? ASCII.isTokenChar(b) : ASCII.isFieldValueChar(b)
                guard valid else { throw HTTPParseError(.badRequest, "invalid trailer field") }
                state = .trailer(lineLength: lineLength + 1, total: total + 1, sawCR: false)
            case .head, .fixedBody, .chunkData, .bodyEnd:
                // Handled by `parse(_:)` before reaching the framing loop.
                return (.needMoreData, i - 1)
            }
        }
        return (.needMoreData, i)
    }
}
