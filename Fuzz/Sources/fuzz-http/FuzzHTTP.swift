import FuzzerDriver
import HTTPServer

/// What parsing a byte stream produced: heads, bodies and the refusal, in order.
private struct Transcript: Equatable {
    var heads: [String] = []
    var bodies: [[UInt8]] = []
    var refusal: Int?
}

/// Parses `bytes` fed in pieces of `split` bytes, checking the parser's contract on the way:
/// consumption never exceeds the input, body ranges lie inside it, and every call makes progress.
private func parse(_ bytes: UnsafeBufferPointer<UInt8>, split: Int, maxBodyBytes: Int) -> Transcript {
    var transcript = Transcript()
    var parser = HTTPRequestParser(maxBodyBytes: maxBodyBytes)
    var pending: [UInt8] = []
    var fed = 0
    var steps = 0
    while fed < bytes.count {
        let end = min(bytes.count, fed + split)
        pending.append(contentsOf: bytes[fed..<end])
        fed = end
        while !pending.isEmpty {
            steps += 1
            if steps > 4 * bytes.count + 64 { fatalError("parser made no progress") }
            let step: (event: HTTPRequestParser.Event, consumed: Int)
            do throws(HTTPParseError) {
                step = try pending.withUnsafeBufferPointer { (buffer) throws(HTTPParseError) in try parser.parse(buffer) }
            } catch {
                transcript.refusal = error.status.code
                return transcript
            }
            if step.consumed > pending.count { fatalError("consumed more than the input") }
            switch step.event {
            case .needMoreData:
                if step.consumed != pending.count { fatalError("needMoreData left input behind") }
            case .head(let head):
                if head.framing == .chunked, head.headers["Content-Length"] != nil { fatalError("framing ambiguity accepted") }
                if head.version == .http1_1, head.headers.values(for: "Host").count != 1 { fatalError("Host rule broken") }
                transcript.heads.append("\(head.method) \(head.target) \(head.framing) \(head.keepAlive) \(head.headers.count)")
                transcript.bodies.append([])
                parser.maxBodyBytes = maxBodyBytes
                inspect(head)
            case .body(let range):
                if range.lowerBound < 0 || range.upperBound > step.consumed || range.isEmpty { fatalError("bad body range") }
                transcript.bodies[transcript.bodies.count - 1].append(contentsOf: pending[range])
            case .end:
                break
            }
            pending.removeFirst(step.consumed)
            if case .needMoreData = step.event { break }
        }
    }
    return transcript
}

/// Runs the request-level decoders a handler would use on what the parser accepted.
private func inspect(_ head: HTTPRequestHead) {
    let request = Request(method: head.method, target: head.target, version: head.version, headers: head.headers)
    _ = request.query.pairs.count
    _ = request.cookies.count
    _ = request.prefersJSON(default: true)
    _ = PercentDecoding.decode(request.path)
}

/// The parser must reach the same result whatever the input's split, and never trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 1 else { return 0 }
    let split = Int(data[0] % 16) + 1
    let maxBody = 1 << Int(data[0] >> 4)
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let whole = parse(bytes, split: bytes.count, maxBodyBytes: maxBody)
    let pieces = parse(bytes, split: split, maxBodyBytes: maxBody)
    if whole != pieces { fatalError("split \(split) changed the result: \(whole) vs \(pieces)") }
    let text = String(decoding: bytes, as: UTF8.self)
    _ = FormParameters(encoded: text).pairs.count
    _ = Cookie.parse(header: text).count
    fuzzMultipart(bytes)
    return 0
}

/// The multipart reader on the input as a body, with the input's first line as the boundary: it
/// either parses, within its limits, or refuses with a 400.
private func fuzzMultipart(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let newline = bytes.firstIndex(of: 0x0A) else { return }
    let boundary = String(decoding: bytes[..<newline], as: UTF8.self)
    do throws(HTTPError) {
        let form = try MultipartForm(body: Array(bytes[(newline + 1)...]), boundary: boundary)
        if form.parts.count > MultipartForm.maxParts { fatalError("more parts than the limit") }
        _ = form.parameters.pairs.count
    } catch {
        if error.status != .badRequest { fatalError("multipart refused with \(error.status.code)") }
    }
}

@main
enum FuzzHTTPMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        _ = LLVMFuzzerRunDriver(&argc, &argv, fuzzHTTP)
    }
}
