import Foundation
import HTTPTesting
@testable import LecternApp
import SQLite
import Store
import XCTest

/// A running Lectern on a temporary database file with two courses, the `corners` exercise in
/// `cs193p`, and one account per role, each signed in through `POST /api/session`.
final class CourseworkFixture {
    /// Who makes a request.
    enum Actor: String, CaseIterable {
        case anonymous, studentA, studentB, instructor, otherInstructor, admin
    }

    static let password = "correct horse battery"
    let directory: String
    let app: Application
    let client: TestClient
    /// Bearer tokens (session tokens from `POST /api/session`) by actor.
    private(set) var tokens: [Actor: String] = [:]

    /// The repository's `Exercises/corners`.
    static var cornersFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Exercises/corners").path
    }

    static func reference() throws -> String {
        try String(contentsOfFile: cornersFolder + "/reference.layout", encoding: .utf8)
    }

    /// The repository's `Exercises/SLUG`.
    static func exerciseFolder(_ slug: String) -> String {
        URL(fileURLWithPath: cornersFolder).deletingLastPathComponent().appendingPathComponent(slug).path
    }

    /// `extraExercises`: more of the repository's exercises to load besides `corners`.
    /// `configure` changes the server's configuration before it starts; `console` receives what the
    /// server reports.
    init(displayNameOfStudentA: String = "Alice Liddell", extraExercises: [String] = [],
         trustedProxies: [String] = [], configure: (inout AppConfiguration) -> Void = { _ in },
         console: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        directory = NSTemporaryDirectory() + "lectern-coursework-" + UUID().uuidString
        let files = FileManager.default
        try files.createDirectory(atPath: directory + "/Exercises", withIntermediateDirectories: true)
        try files.createDirectory(atPath: directory + "/Public", withIntermediateDirectories: true)
        try files.copyItem(atPath: Self.cornersFolder, toPath: directory + "/Exercises/corners")
        for slug in extraExercises {
            try files.copyItem(atPath: Self.exerciseFolder(slug), toPath: directory + "/Exercises/" + slug)
        }

        let databasePath = directory + "/lectern.sqlite"
        let database = try await Application.openDatabase(at: databasePath, readers: 1)
        try await database.write { db in
            try Course.insert(NewCourse(slug: "cs193p", title: "Sample course"), db)
            try Course.insert(NewCourse(slug: "other", title: "Another course"), db)
        }
        let accounts: [(Actor, String, String, String?, CourseRole, Bool)] = [
            (.studentA, "alice", displayNameOfStudentA, "cs193p", .student, false),
            (.studentB, "bob", "Bob", "cs193p", .student, false),
            (.instructor, "ines", "Ines", "cs193p", .instructor, false),
            (.otherInstructor, "otto", "Otto", "other", .instructor, false),
            (.admin, "root", "Root", nil, .instructor, true),
        ]
        for (_, username, name, course, role, isAdmin) in accounts {
            _ = try await AccountProvisioning.provision(NewUser(username: username, displayName: name, isAdmin: isAdmin),
                                                        password: Self.password, courseSlug: course, role: role, database: database)
        }
        await database.close()

        var configuration = AppConfiguration()
        configuration.port = 0
        configuration.databasePath = databasePath
        configuration.publicDirectory = directory + "/Public"
        configuration.exercisesDirectory = directory + "/Exercises"
        configuration.contentDirectory = directory + "/Courses"
        configuration.quiet = true
        configuration.databaseReaders = 2
        configuration.trustedProxies = trustedProxies
        configure(&configuration)
        app = try await Application.start(configuration, console: console)
        client = TestClient(port: app.port)
        for (actor, username, _, _, _, _) in accounts {
            let response = try signIn(username: username)
            XCTAssertEqual(response.status, 200, response.text)
            tokens[actor] = try response.object()["token"] as? String
        }
    }

    func stop() async {
        await app.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func signIn(username: String, password: String = CourseworkFixture.password, cookie: String? = nil) throws -> TestResponse {
        var headers = ["Content-Type": "application/json"]
        if let cookie { headers["Cookie"] = cookie }
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        return try client.send("POST", "/api/session", headers: headers, body: [UInt8](body))
    }

    /// A request as `actor` (bearer token; no credentials for `.anonymous`).
    func send(_ actor: Actor, _ method: String, _ path: String, contentType: String? = nil, body: String = "") throws -> TestResponse {
        var headers: [String: String] = [:]
        if let token = tokens[actor] { headers["Authorization"] = "Bearer \(token)" }
        if let contentType { headers["Content-Type"] = contentType }
        return try client.send(method, path, headers: headers, body: Array(body.utf8))
    }

    /// Submits `text` to `corners` as `actor` through the API.
    func submit(_ actor: Actor, _ text: String) throws -> TestResponse {
        try send(actor, "POST", "/api/courses/cs193p/exercises/corners/submissions", contentType: "text/plain", body: text)
    }

    /// Signs in through the HTML form and returns the cookie header value and the session's CSRF token.
    func browserSignIn(username: String) throws -> (cookie: String, csrf: String) {
        let page = try client.send("GET", "/login")
        let loginCSRF = try XCTUnwrap(page.setCookies(AccountRoutes.loginCSRFCookie).first)
        let form = "csrf=\(loginCSRF)&username=\(username)&password=\(Self.password.replacingOccurrences(of: " ", with: "+"))&next=/account"
        let response = try client.send("POST", "/login", headers: [
            "Cookie": "\(AccountRoutes.loginCSRFCookie)=\(loginCSRF)", "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array(form.utf8))
        XCTAssertEqual(response.status, 303, response.text)
        let session = try XCTUnwrap(response.setCookies(Authenticator.sessionCookie).first)
        let cookie = "\(Authenticator.sessionCookie)=\(session)"
        let account = try client.send("GET", "/account", headers: ["Cookie": cookie])
        let csrf = try XCTUnwrap(Self.hiddenCSRF(in: account.text), account.text)
        return (cookie, csrf)
    }

    /// The value of the first hidden `csrf` input of a page.
    static func hiddenCSRF(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value="([0-9a-f]{64})""#, options: .regularExpression) else { return nil }
        return String(html[range].dropLast().suffix(64))
    }

    /// Waits (bounded) until the regrade run reaches `status`.
    func waitForRegrade(_ id: Int, status: String, as actor: Actor = .instructor) throws -> [String: Any] {
        for _ in 0..<200 {
            let run = try send(actor, "GET", "/api/regrades/\(id)").object()
            if run["status"] as? String == status { return run }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestClientError(description: "regrade \(id) never became \(status)")
    }
}
