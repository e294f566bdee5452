import Foundation
import HTTPTesting
import LecternApp
import SQLite
import Store
import XCTest

/// `lectern lti add-platform | list | remove | rotate-key`, run as real processes on a database file.
final class LTICommandTests: XCTestCase {
    private var directory = ""

    override func setUp() async throws {
        directory = NSTemporaryDirectory() + "lectern-lti-command-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let database = try await Application.openDatabase(at: directory + "/db.sqlite", readers: 1)
        try await database.write { db in _ = try Course.insert(NewCourse(slug: "cs193p", title: "Sample"), db) }
        await database.close()
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func lectern(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("lectern")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw TestClientError(description: "\(binary.path) is not built") }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + ["--db", directory + "/db.sqlite"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LECTERN_") }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile(), err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private let canvas = ["--issuer", "https://canvas.instructure.com", "--client-id", "10000000000042", "--deployment-id", "17:abc",
                          "--auth-url", "https://sso.canvaslms.com/api/lti/authorize_redirect",
                          "--token-url", "https://sso.canvaslms.com/login/oauth2/token",
                          "--jwks-url", "https://sso.canvaslms.com/api/lti/security/jwks"]

    func testRegisterListRotateAndRemove() throws {
        let added = try lectern(["lti", "add-platform"] + canvas + ["--course", "cs193p"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout, "Registered platform 1: https://canvas.instructure.com (client 10000000000042, deployment 17:abc), course cs193p\n")
        let again = try lectern(["lti", "add-platform"] + canvas)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("already registered"), again.stderr)

        let rotated = try lectern(["lti", "rotate-key"])
        XCTAssertEqual(rotated.status, 0, rotated.stderr)
        XCTAssertEqual(try lectern(["lti", "rotate-key"]).status, 0)
        let listed = try lectern(["lti", "list"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.hasPrefix("1\thttps://canvas.instructure.com\tclient=10000000000042\tdeployment=17:abc\tcourse=cs193p"), listed.stdout)
        XCTAssertEqual(listed.stdout.components(separatedBy: "\tsigning").count - 1, 1, listed.stdout)
        XCTAssertEqual(listed.stdout.components(separatedBy: "retired, still published").count - 1, 1, listed.stdout)
        XCTAssertFalse(listed.stdout.contains("PRIVATE") || rotated.stdout.contains("PRIVATE"), "no private key is printed")

        XCTAssertEqual(try lectern(["lti", "remove", "1"]).status, 0)
        let gone = try lectern(["lti", "remove", "1"])
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.stderr.contains("no platform 1"), gone.stderr)
    }

    func testBadRegistrationsNameTheOption() throws {
        var plainHTTP = canvas
        plainHTTP[1] = "http://canvas.example.edu"
        let refused = try lectern(["lti", "add-platform"] + plainHTTP)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("--issuer must be an https:// URL"), refused.stderr)
        let missing = try lectern(["lti", "add-platform", "--issuer", "https://lms.example"])
        XCTAssertEqual(missing.status, 2, "a usage error")
        XCTAssertTrue(missing.stderr.contains("--client-id"), missing.stderr)
        let noCourse = try lectern(["lti", "add-platform"] + canvas + ["--course", "nope"])
        XCTAssertEqual(noCourse.status, 1)
        XCTAssertTrue(noCourse.stderr.contains("--course names no course: nope"), noCourse.stderr)
    }
}
