import XCTest
import HTTPServer

/// Drives the pure parser over a byte string split into pieces of `split` bytes.
struct ParsedStream {
    var heads: [HTTPRequestHead] = []
    var bodies: [[UInt8]] = []
    var error: HTTPParseError?

    init(_ text: String, split: Int = Int.max, maxBodyBytes: Int = 1 << 20) {
        let bytes = Array(text.utf8)
        var parser = HTTPRequestParser(maxBodyBytes: maxBodyBytes)
        var pending: [UInt8] = []
        var start = 0
        outer: while start < bytes.count || !pending.isEmpty {
            let end = min(bytes.count, start + split)
            pending += bytes[start..<end]
            start = end
            while true {
                let step: (event: HTTPRequestParser.Event, consumed: Int)
                do throws(HTTPParseError) {
                    step = try pending.withUnsafeBufferPointer { (buffer) throws(HTTPParseError) in try parser.parse(buffer) }
                } catch {
                    self.error = error
                    return
                }
                switch step.event {
                case .needMoreData: break
                case .head(let h):
                    heads.append(h)
                    bodies.append([])
                case .body(let r): bodies[bodies.count - 1] += pending[r]
                case .end: break
                }
                pending.removeFirst(step.consumed)
                if case .needMoreData = step.event {
                    if start >= bytes.count { break outer }
                    break
                }
            }
        }
    }
}

final class RequestParserTests: XCTestCase {
    func testSimpleGet() throws {
        let s = ParsedStream("GET /a?b=c HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n")
        XCTAssertNil(s.error)
        XCTAssertEqual(s.heads.count, 1)
        let h = try XCTUnwrap(s.heads.first)
        XCTAssertEqual(h.method, .get)
        XCTAssertEqual(h.target, "/a?b=c")
        XCTAssertEqual(h.version, .http1_1)
        XCTAssertEqual(h.headers["accept"], "*/*")
        XCTAssertTrue(h.keepAlive)
        XCTAssertEqual(h.framing, .none)
    }

    func testPipelinedRequestsWithBodiesInEverySplit() {
        let text = "POST /one HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
            + "POST /two HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=\"a b\"\r\nabc\r\n2\r\nde\r\n0\r\nTrailer: x\r\n\r\n"
            + "GET /three HTTP/1.0\r\n\r\n"
        for split in [1, 2, 3, 7, 64, Int.max] {
            let s = ParsedStream(text, split: split)
            XCTAssertNil(s.error, "split \(split)")
            XCTAssertEqual(s.heads.map(\.target), ["/one", "/two", "/three"], "split \(split)")
            XCTAssertEqual(s.bodies.map { String(decoding: $0, as: UTF8.self) }, ["hello", "abcde", ""], "split \(split)")
            XCTAssertEqual(s.heads.last?.keepAlive, false, "HTTP/1.0 without keep-alive closes")
        }
    }

    /// RFC 9112 §3.2.2: the absolute form is accepted and its authority replaces `Host`.
    func testAbsoluteFormTargetBecomesOriginFormAndSetsHost() throws {
        let cases: [(String, String, String)] = [
            ("GET http://example.com/a/b?c=d HTTP/1.1\r\nHost: other\r\n\r\n", "/a/b?c=d", "example.com"),
            ("GET HTTP://Example.com:8080 HTTP/1.1\r\nHost: other\r\n\r\n", "/", "Example.com:8080"),
            ("GET https://[::1]:8443?q=1 HTTP/1.1\r\nHost: x\r\n\r\n", "/?q=1", "[::1]:8443"),
            ("GET http://h/ HTTP/1.0\r\n\r\n", "/", "h"),
        ]
        for (text, target, host) in cases {
            for split in [1, Int.max] {
                let s = ParsedStream(text, split: split)
                XCTAssertNil(s.error, text)
                let head = try XCTUnwrap(s.heads.first, text)
                XCTAssertEqual(head.target, target, text)
                XCTAssertEqual(head.headers.values(for: "Host"), [host], text)
            }
        }
    }

    func testLeadingEmptyLinesAreTolerated() {
        XCTAssertEqual(ParsedStream("\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n").heads.count, 1)
    }

    func testConnectionAndExpectHandling() {
        XCTAssertEqual(ParsedStream("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").heads.first?.keepAlive, false)
        XCTAssertEqual(ParsedStream("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").heads.first?.keepAlive, true)
        XCTAssertEqual(ParsedStream("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n").heads.first?.expectsContinue, true)
        XCTAssertEqual(ParsedStream("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\nabc").bodies.first, Array("abc".utf8))
    }

    /// Every refusal the server must make, with its status (RFC 9112 / RFC 9110).
    func testRefusals() {
        let longTarget = "/" + String(repeating: "a", count: 9000)
        let manyHeaders = (0..<101).map { "X-\($0): v\r\n" }.joined()
        let bigHeader = "X-Big: " + String(repeating: "b", count: 33 * 1024) + "\r\n"
        let cases: [(String, Int, String)] = [
            ("GET / HTTP/1.1\r\nHost: x\rX: y\r\n\r\n", 400, "bare CR"),
            ("GET / HTTP/1.1\nHost: x\n\n", 400, "bare LF"),
            ("GET / HTTP/1.1\r\n Host: x\r\n\r\n", 400, "whitespace before first header"),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n folded\r\n\r\n", 400, "obsolete line folding"),
            ("GET / HTTP/1.1\r\n\r\n", 400, "missing Host"),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "duplicate Host"),
            ("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400, "invalid Host"),
            ("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", 400, "invalid Host"),
            ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "TE on HTTP/1.0"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", 400, "doubled chunked"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "doubled chunked fields"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \"chunked\"\r\n\r\n", 400, "obfuscated chunked"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400, "chunked not last"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n", 400, "space before colon"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501, "unsupported coding"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "unsupported coding"),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "CL and TE"),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", 400, "differing CL"),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 4\r\n\r\n", 400, "differing CL list"),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\n", 400, "signed CL"),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413, "huge CL"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", 400, "bad chunk size"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1234567890abcdef0\r\n", 400, "chunk size overflow"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n", 400, "chunk data without CRLF"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;" + String(repeating: "e", count: 2000) + "\r\n", 400, "extension too long"),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc\r\n", 400, "chunk size without CR"),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: a\u{0}b\r\n\r\n", 400, "NUL in value"),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: a\u{1}b\r\n\r\n", 400, "control in value"),
            ("GET / HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n", 400, "space in name"),
            ("GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400, "no colon"),
            ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "double space in request line"),
            ("GET / HTTP/1.1 \r\nHost: x\r\n\r\n", 400, "trailing space in request line"),
            ("GET http://user@x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400, "user info in an absolute target"),
            ("GET http:///a HTTP/1.1\r\nHost: x\r\n\r\n", 400, "absolute target without a host"),
            ("GET http://a b/ HTTP/1.1\r\nHost: x\r\n\r\n", 400, "space in an absolute target"),
            ("GET ftp://x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400, "absolute target of another scheme"),
            ("GET http://x/ HTTP/1.1\r\n\r\n", 400, "absolute form still needs Host on HTTP/1.1"),
            ("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 501, "CONNECT"),
            ("CONNECT / HTTP/1.1\r\nHost: x\r\n\r\n", 501, "CONNECT with an origin-form target"),
            ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "HTTP/2 on an HTTP/1 connection"),
            ("GET / HTTX/1.1\r\nHost: x\r\n\r\n", 400, "garbage version"),
            ("GET / HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n", 417, "unknown expectation"),
            ("GET \(longTarget) HTTP/1.1\r\nHost: x\r\n\r\n", 414, "long request line"),
            ("GET / HTTP/1.1\r\nHost: x\r\n\(manyHeaders)\r\n", 431, "too many fields"),
            ("GET / HTTP/1.1\r\nHost: x\r\n\(bigHeader)\r\n", 431, "header section too large"),
        ]
        for (text, status, what) in cases {
            for split in [1, Int.max] {
                let s = ParsedStream(text, split: split)
                XCTAssertEqual(s.error?.status.code, status, "\(what) (split \(split)): \(s.error.map { "\($0)" } ?? "accepted")")
            }
        }
    }

    func testBodyLimits() {
        let cl = ParsedStream("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world", maxBodyBytes: 10)
        XCTAssertEqual(cl.error?.status, .contentTooLarge)
        let chunked = ParsedStream("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n",
                                   maxBodyBytes: 10)
        XCTAssertEqual(chunked.error?.status, .contentTooLarge)
        XCTAssertEqual(chunked.bodies.first, Array("hello ".utf8), "refused before the chunk that crosses the limit")
    }
}
