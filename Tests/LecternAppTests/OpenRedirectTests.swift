import Foundation
import LecternApp
import XCTest

/// No `Location` that Lectern sends leaves the origin: not the trailing-slash redirect of a path
/// that browsers read as another host, not `next=` after signing in.
final class OpenRedirectTests: XCTestCase {
    private static let hostile = ["//evil.example", "/\\evil.example", "\\/evil.example", "/%2F%2Fevil.example",
                                  "/\t/evil.example", "/\n/evil.example", " //evil.example", "https://evil.example"]

    func testNoRedirectLeavesTheOrigin() async throws {
        let fixture = try await CourseworkFixture()
        var failures: [String] = []
        for path in ["//evil.example/", "/\\evil.example/", "/%2F%2Fevil.example/", "/%5Cevil.example/", "///evil.example/"] {
            let response = try fixture.client.send("GET", path)
            if let location = response.header("Location"), !Self.isLocal(location) { failures.append("\(path) → \(location)") }
        }
        for next in Self.hostile {
            let encoded = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let page = try fixture.client.send("GET", "/login?next=\(encoded)")
            if page.text.contains("evil.example") { failures.append("/login?next=\(next.debugDescription) kept it in the form") }
            let (cookie, _) = try fixture.browserSignIn(username: "alice")
            let signedIn = try fixture.client.send("GET", "/login?next=\(encoded)", headers: ["Cookie": cookie])
            if let location = signedIn.header("Location"), !Self.isLocal(location) {
                failures.append("signed-in /login?next=\(next.debugDescription) → \(location)")
            }
        }
        await fixture.stop()
        XCTAssertEqual(failures, [])
    }

    private static func isLocal(_ location: String) -> Bool {
        location.hasPrefix("/") && !location.hasPrefix("//") && !location.hasPrefix("/\\")
            && !location.lowercased().hasPrefix("/%2f") && !location.lowercased().hasPrefix("/%5c")
            && !location.contains(where: { $0.isWhitespace })
    }
}
