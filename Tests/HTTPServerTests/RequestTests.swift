import JSON
import XCTest
@testable import HTTPServer

final class RequestTests: XCTestCase {
    func testQueryDecoding() {
        let request = Request(method: .get, target: "/s?q=a+b%2Bc&empty=&q=second&bad=%G1&=x")
        XCTAssertEqual(request.path, "/s")
        XCTAssertEqual(request.query["q"], "a b+c")
        XCTAssertEqual(request.query.values(for: "q"), ["a b+c", "second"])
        XCTAssertEqual(request.query["empty"], "")
        XCTAssertNil(request.query["bad"], "malformed escapes are skipped")
        XCTAssertEqual(request.query.pairs.count, 3)
    }

    func testFormBody() throws {
        let request = Request(method: .post, target: "/f", headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
                              body: Array("name=Ada+Lovelace&note=1%2B1%3D2".utf8))
        let form = try request.form()
        XCTAssertEqual(form["name"], "Ada Lovelace")
        XCTAssertEqual(form["note"], "1+1=2")
        let json = Request(method: .post, target: "/f", headers: ["Content-Type": "application/json"])
        XCTAssertThrowsError(try json.form()) { XCTAssertEqual(($0 as? HTTPError)?.status, .unsupportedMediaType) }
    }

    private struct Submission: Decodable, Equatable {
        struct Part: Decodable, Equatable { let size: [Int] }
        let title: String
        let parts: [Part]
    }

    func testDecodableBodyWithLimitsAndPaths() throws {
        func request(_ body: String, type: String = "application/json") -> Request {
            Request(method: .post, target: "/", headers: ["Content-Type": type], body: Array(body.utf8))
        }
        let ok = try request(#"{"title":"t","parts":[{"size":[1,2]}]}"#).decode(Submission.self)
        XCTAssertEqual(ok, Submission(title: "t", parts: [.init(size: [1, 2])]))
        XCTAssertThrowsError(try request(#"{"title":"t","parts":[{"size":"x"}]}"#).decode(Submission.self)) { error in
            let e = error as? HTTPError
            XCTAssertEqual(e?.status, .badRequest)
            XCTAssertTrue(e?.message.hasPrefix("$.parts[0].size") == true, e?.message ?? "")
        }
        XCTAssertThrowsError(try request(#"{"parts":[]}"#).decode(Submission.self)) {
            XCTAssertEqual(($0 as? HTTPError)?.message, "$.title: required field is missing")
        }
        XCTAssertThrowsError(try request(#"{"title":"t","parts":[]}"#).decode(Submission.self, maxBytes: 8)) {
            XCTAssertEqual(($0 as? HTTPError)?.status, .contentTooLarge)
        }
        XCTAssertThrowsError(try request("{}", type: "text/plain").decode(Submission.self)) {
            XCTAssertEqual(($0 as? HTTPError)?.status, .unsupportedMediaType)
        }
    }

    func testJSONValueBodyWithLimitsAndPositions() throws {
        func request(_ body: String) -> Request {
            Request(method: .post, target: "/", headers: ["Content-Type": "application/json; charset=utf-8"], body: Array(body.utf8))
        }
        XCTAssertEqual(try request(#"{"a":[1,true]}"#).json(), .object(JSONObject([("a", .array([.number(1), .bool(true)]))])))
        XCTAssertThrowsError(try request("{\n  \"a\" 1}").json()) { error in
            let e = error as? HTTPError
            XCTAssertEqual(e?.status, .badRequest)
            XCTAssertTrue(e?.message.hasPrefix("2:") == true, "the message locates the error: \(e?.message ?? "")")
        }
        XCTAssertThrowsError(try request("[1,2,3]").json(limits: JSONLimits(maxBytes: 4))) {
            XCTAssertEqual(($0 as? HTTPError)?.status, .contentTooLarge)
        }
    }

    func testCookieParsingAndSerialization() {
        let pairs = Cookie.parse(header: #"a=1; b="quoted"; c=x%20y; broken; =nameless"#)
        XCTAssertEqual(pairs.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(pairs.map(\.value), ["1", "quoted", "x y"])
        let cookie = Cookie(name: "s", value: "a;b\r\nc", maxAge: 0, secure: true, httpOnly: true, sameSite: .lax)
        XCTAssertEqual(cookie.headerValue, "s=a%3Bb%0D%0Ac; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Lax")
        XCTAssertEqual(Cookie.parse(header: "s=" + "a%3Bb%0D%0Ac").first?.value, "a;b\r\nc", "values round-trip")
    }

    func testContentNegotiation() {
        func prefers(_ accept: String?, api: Bool) -> Bool {
            Request(method: .get, target: "/", headers: accept.map { ["Accept": $0] } ?? [:]).prefersJSON(default: api)
        }
        XCTAssertTrue(prefers("application/json", api: false))
        XCTAssertFalse(prefers("text/html,application/xhtml+xml,*/*;q=0.8", api: true))
        XCTAssertTrue(prefers("text/html;q=0.5, application/json", api: false))
        XCTAssertTrue(prefers("*/*", api: true))
        XCTAssertFalse(prefers(nil, api: false))
    }

    func testResponseHeadersCannotSplitTheResponse() {
        var out: [UInt8] = []
        let response = Response(status: .ok, headers: ["X-Note": "/x\r\nSet-Cookie: evil=1"])
        ResponseHead.encode(response, framing: .length(0), keepAlive: true, version: .http1_1, date: [], serverLine: [], into: &out)
        let text = String(decoding: out, as: UTF8.self)
        XCTAssertTrue(text.contains("X-Note: /x  Set-Cookie: evil=1\r\n"), text)
        XCTAssertEqual(text.components(separatedBy: "\r\n").filter { $0.hasPrefix("Set-Cookie") }.count, 0)
        // A redirect with controls in its target is not local at all: it goes home.
        var redirected: [UInt8] = []
        ResponseHead.encode(Response.redirect(to: "/x\r\nSet-Cookie: evil=1"), framing: .length(0), keepAlive: true, version: .http1_1,
                            date: [], serverLine: [], into: &redirected)
        XCTAssertTrue(String(decoding: redirected, as: UTF8.self).contains("Location: /\r\n"))
    }
}
