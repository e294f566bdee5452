import Foundation
import HTTPTesting
@testable import LecternApp
import SQLite
import Store
import XCTest

/// `lectern user add`, `lectern user import` and `lectern backup`, run as real processes.
final class UserAndBackupCommandTests: XCTestCase {
    private var directory: String!

    override func setUp() async throws {
        directory = NSTemporaryDirectory() + "lectern-user-command-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let database = try await Application.openDatabase(at: directory + "/db.sqlite", readers: 1)
        try await database.write { db in _ = try Course.insert(NewCourse(slug: "cs193p", title: "Sample"), db) }
        await database.close()
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `lectern ARGUMENTS` with `input` on standard input; returns the status and outputs.
    private func lectern(_ arguments: [String], input: String = "", database: String? = nil,
                         environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("lectern")
        // `swift test` builds every product first; a missing binary is a failure, never a skip.
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw TestClientError(description: "\(binary.path) is not built") }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + ["--db", database ?? directory + "/db.sqlite"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LECTERN_") }
            .merging(environment) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile(), err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private func credentials(_ username: String, path: String? = nil) async throws -> (passwordHash: String?, role: CourseRole?)? {
        let database = try await Application.openDatabase(at: path ?? directory + "/db.sqlite", readers: 1)
        let found = try await database.read { db -> (String?, CourseRole?)? in
            guard let (user, hash) = try User.credentials(username: username, db) else { return nil }
            return (hash, try User.role(userID: user.id, courseID: 1, db))
        }
        await database.close()
        return found
    }

    func testUserAddWithAPasswordOrASetPasswordLink() async throws {
        let added = try lectern(["user", "add", "--course", "cs193p", "--role", "instructor", "--password-stdin", "ines"],
                                input: "a very long password\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout, "Created ines (instructor in cs193p)\n")
        let ines = try await credentials("ines")
        XCTAssertEqual(ines?.role, .instructor)
        XCTAssertTrue(PasswordHasher.verify("a very long password", against: ines?.passwordHash ?? nil))

        let linked = try lectern(["user", "add", "--course", "cs193p", "bob"])
        XCTAssertEqual(linked.status, 0, linked.stderr)
        XCTAssertNotNil(linked.stdout.range(of: #"/set-password\?token=[0-9a-f]{64}"#, options: .regularExpression), linked.stdout)
        let bob = try await credentials("bob")
        XCTAssertEqual(bob?.role, .student)
        XCTAssertNil(bob?.passwordHash ?? nil)

        // Adding an existing account again only enrols it: no second link.
        let again = try lectern(["user", "add", "--course", "cs193p", "bob"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stdout.contains("set-password"), again.stdout)
        // The operator issues a new link on purpose, never for an admin.
        let relinked = try lectern(["user", "link", "bob"])
        XCTAssertEqual(relinked.status, 0, relinked.stderr)
        XCTAssertNotNil(relinked.stdout.range(of: #"/set-password\?token=[0-9a-f]{64}"#, options: .regularExpression), relinked.stdout)
        let admin = try lectern(["user", "add", "--admin", "root"])
        XCTAssertEqual(admin.status, 1, "an admin needs --password-stdin")
        XCTAssertTrue(admin.stderr.contains("password"), admin.stderr)

        let short = try lectern(["user", "add", "--password-stdin", "eve"], input: "short\n")
        XCTAssertEqual(short.status, 1)
        XCTAssertTrue(short.stderr.contains("at least 10 characters"), short.stderr)
        let noCourse = try lectern(["user", "add", "--course", "nope", "eve"])
        XCTAssertEqual(noCourse.status, 1)
        XCTAssertTrue(noCourse.stderr.contains("no course nope"), noCourse.stderr)
        let badName = try lectern(["user", "add", "e v e"])
        XCTAssertEqual(badName.status, 1)
        XCTAssertTrue(badName.stderr.contains("username"), badName.stderr)
        let nobody = try await credentials("eve")
        XCTAssertNil(nobody, "nothing is stored when a command fails")
    }

    func testAMistypedDatabaseIsRefusedNotCreated() throws {
        let typo = directory + "/lectern.sqlit"
        for command in [["user", "add", "zed"], ["user", "link", "zed"], ["backup", directory + "/copy.sqlite"]] {
            let result = try lectern(command, database: typo)
            XCTAssertEqual(result.status, 1, "\(command)")
            XCTAssertTrue(result.stderr.contains("no database at \(typo)"), result.stderr)
            XCTAssertFalse(result.stdout.contains("Created"), result.stdout)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: typo), "nothing was created")
    }

    func testLinksAreAbsoluteWithAPublicURL() throws {
        let flag = try lectern(["user", "add", "--public-url", "https://lectern.example.edu/", "zoe"])
        XCTAssertEqual(flag.status, 0, flag.stderr)
        XCTAssertNotNil(flag.stdout.range(of: #"https://lectern\.example\.edu/set-password\?token=[0-9a-f]{64}"#, options: .regularExpression),
                        flag.stdout)
        let env = try lectern(["user", "link", "zoe"], environment: ["LECTERN_PUBLIC_URL": "http://127.0.0.1:8080"])
        XCTAssertTrue(env.stdout.contains("http://127.0.0.1:8080/set-password?token="), env.stdout)
        let bad = try lectern(["user", "link", "--public-url", "lectern.example.edu", "zoe"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("https://"), bad.stderr)
    }

    func testRosterImportAndBackup() async throws {
        try "username,name,email\nann,Ann Lee,ann@example.com\nben,,\n".write(toFile: directory + "/roster.csv", atomically: true, encoding: .utf8)
        let imported = try lectern(["user", "import", "--course", "cs193p", directory + "/roster.csv"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") },
                       ["ann created", "ben created"])

        let copy = directory + "/copy.sqlite"
        let backup = try lectern(["backup", copy])
        XCTAssertEqual(backup.status, 0, backup.stderr)
        let annInCopy = try await credentials("ann", path: copy)
        XCTAssertEqual(annInCopy?.role, .student)
        let again = try lectern(["backup", copy])
        XCTAssertEqual(again.status, 1, "an existing file is never overwritten")
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
    }
}
