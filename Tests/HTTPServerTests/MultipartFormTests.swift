import SeededRandom
import XCTest
import HTTPServer

final class MultipartFormTests: XCTestCase {
    private func request(_ body: String, contentType: String = "multipart/form-data; boundary=XyZ") -> Request {
        Request(method: .post, target: "/upload", headers: ["Content-Type": contentType], body: Array(body.utf8))
    }

    private func status(of body: String, boundary: String = "XyZ") -> HTTPStatus? {
        do {
            _ = try MultipartForm(body: Array(body.utf8), boundary: boundary)
            return nil
        } catch {
            return error.status
        }
    }

    func testFieldsAndAFileAsABrowserSendsThem() throws {
        let body = "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"csrf\"\r\n\r\n"
            + "token-1\r\n"
            + "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"captions\"; filename=\"C:\\\\lectures\\\\one.vtt\"\r\n"
            + "Content-Type: text/vtt\r\n\r\n"
            + "WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHello --XyZ not a boundary\r\n"
            + "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"empty\"; filename=\"\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n"
            + "\r\n"
            + "--XyZ--\r\n"
        let form = try request(body).multipartForm()
        XCTAssertEqual(form.parts.map(\.name), ["csrf", "captions", "empty"])
        XCTAssertEqual(form["csrf"]?.filename, nil)
        XCTAssertEqual(String(decoding: form["csrf"]!.data, as: UTF8.self), "token-1")
        XCTAssertEqual(form["captions"]?.filename, "one.vtt", "a path in the filename is dropped")
        XCTAssertEqual(form["captions"]?.contentType, "text/vtt")
        XCTAssertEqual(String(decoding: form["captions"]!.data, as: UTF8.self),
                       "WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHello --XyZ not a boundary")
        XCTAssertEqual(form["empty"]?.data, [])
        // Request.form() reads the same body as parameters.
        let parameters = try request(body).form()
        XCTAssertEqual(parameters["csrf"], "token-1")
        XCTAssertEqual(parameters["empty"], "")
    }

    func testPreambleEpilogueQuotedBoundaryAndPadding() throws {
        let body = "ignored preamble --a\"b not a delimiter\r\n"
            + "--a\"b \t\r\n"
            + "content-disposition: FORM-DATA; NAME=\"title\"\r\n\r\n"
            + "One; two=\"three\"\r\n"
            + "--a\"b--\r\nignored epilogue"
        let form = try MultipartForm(body: Array(body.utf8), boundary: "a\"b")
        XCTAssertEqual(form.parts.count, 1)
        XCTAssertEqual(form["title"].map { String(decoding: $0.data, as: UTF8.self) }, "One; two=\"three\"")
        let quoted = request("--a b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n--a b--",
                             contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"")
        XCTAssertEqual(try quoted.form()["x"], "1")
    }

    func testMalformedBodiesAreA400() {
        let part = "Content-Disposition: form-data; name=\"x\"\r\n\r\nvalue"
        XCTAssertEqual(status(of: "no boundary here"), .badRequest)
        XCTAssertEqual(status(of: "--XyZ\r\n" + part), .badRequest, "no closing boundary")
        XCTAssertEqual(status(of: "--XyZ\r\n" + part + "\r\n--XyZ"), .badRequest, "a boundary line without CRLF or --")
        XCTAssertEqual(status(of: "--XyZ\r\nContent-Type: text/plain\r\n\r\nvalue\r\n--XyZ--"), .badRequest,
                       "no Content-Disposition")
        XCTAssertEqual(status(of: "--XyZ\r\nContent-Disposition: attachment; name=\"x\"\r\n\r\nv\r\n--XyZ--"), .badRequest)
        XCTAssertEqual(status(of: "--XyZ\r\nno colon\r\n\r\nvalue\r\n--XyZ--"), .badRequest)
        XCTAssertEqual(status(of: "--XyZ\r\nContent-Disposition: form-data; name=\"x\"\r\n"
                              + "X-Long: " + String(repeating: "a", count: MultipartForm.maxHeaderBytes) + "\r\n\r\nv\r\n--XyZ--"),
                       .badRequest, "headers over the limit")
        let many = String(repeating: "--XyZ\r\n" + part + "\r\n", count: MultipartForm.maxParts + 1) + "--XyZ--"
        XCTAssertEqual(status(of: many), .badRequest, "too many parts")
        let enough = String(repeating: "--XyZ\r\n" + part + "\r\n", count: MultipartForm.maxParts) + "--XyZ--"
        XCTAssertNil(status(of: enough))
        XCTAssertEqual(status(of: "--\r\n--", boundary: ""), .badRequest, "an empty boundary")
        XCTAssertEqual(status(of: "x", boundary: String(repeating: "b", count: 71)), .badRequest)
        let noBoundary = request("", contentType: "multipart/form-data")
        XCTAssertThrowsError(try noBoundary.form()) { XCTAssertEqual(($0 as? HTTPError)?.status, .unsupportedMediaType) }
    }

    /// Bodies spliced from the pieces of valid ones either parse or are a 400, never anything else.
    func testSplicedBodiesParseOrAreRefused() {
        var random = SplitMix64(seed: 7)
        let pieces = ["--XyZ", "\r\n", "--", "Content-Disposition: form-data; name=\"a\"", "; filename=\"f\"",
                      "Content-Type: text/plain", ":", "\"", "\\", ";", "x", " ", "\r\n\r\n", "--XyZ--"]
        var parsed = 0
        for _ in 0..<2_000 {
            let body = (0..<Int.random(in: 0...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            switch status(of: body) {
            case nil: parsed += 1
            case .badRequest?: continue
            case let other?: XCTFail("\(other) for \(body.debugDescription)")
            }
        }
        XCTAssertGreaterThan(parsed, 0, "some spliced bodies are valid")
    }

    /// Random binary contents (any byte, CRLFs and near-boundaries included) come back exactly.
    func testRandomContentsRoundTrip() throws {
        var random = SplitMix64(seed: 42)
        let boundary = "----LecternBoundary7MA4YWxkTrZu0gW"
        for round in 0..<200 {
            let alphabet: [UInt8] = Array("-\r\nLecternBoundary7MA4YWxkTrZu0gWab".utf8) + [0, 255]
            var expected: [(String, [UInt8])] = []
            var body: [UInt8] = []
            for index in 0..<Int.random(in: 1...6, using: &random) {
                let data = (0..<Int.random(in: 0...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
                // Only a CRLF followed by the delimiter ends a part; such a run cannot be sent.
                if data.count >= 2, (0..<data.count - 1).contains(where: { position in
                    data[position] == 0x0D && data[position + 1] == 0x0A
                        && Array(data[(position + 2)...]).starts(with: Array(("--" + boundary).utf8))
                }) { continue }
                let name = "field\(index)"
                expected.append((name, data))
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"f.bin\"\r\n\r\n".utf8)
                body += data + Array("\r\n".utf8)
            }
            body += Array("--\(boundary)--\r\n".utf8)
            let form = try MultipartForm(body: body, boundary: boundary)
            XCTAssertEqual(form.parts.map(\.name), expected.map(\.0), "round \(round)")
            XCTAssertEqual(form.parts.map(\.data), expected.map(\.1), "round \(round)")
        }
    }
}
