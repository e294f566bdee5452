import Foundation
import HTTPTesting
@testable import LecternApp
import SQLite
import Store
import Synchronization
import XCTest

/// What `serve` prepares on start: the first admin and the exercises, with versions kept.
final class CourseworkStartupTests: XCTestCase {
    func testFirstStartCreatesTheAdminAndExercisesAreReloadedWhenTheirVersionChanges() async throws {
        let directory = NSTemporaryDirectory() + "lectern-startup-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/Exercises", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CourseworkFixture.cornersFolder, toPath: directory + "/Exercises/corners")
        let database = try await Application.openDatabase(at: directory + "/db.sqlite", readers: 1)
        try await database.write { db in _ = try Course.insert(NewCourse(slug: "cs193p", title: "Sample"), db) }
        await database.close()

        var configuration = AppConfiguration()
        configuration.port = 0
        configuration.databasePath = directory + "/db.sqlite"
        configuration.exercisesDirectory = directory + "/Exercises"
        configuration.contentDirectory = directory + "/Courses"
        configuration.publicDirectory = directory
        configuration.quiet = true
        let console = StartupConsole()
        var app = try await Application.start(configuration) { console.append($0) }
        let line = try XCTUnwrap(console.lines.first { $0.contains("admin account") })
        let password = try XCTUnwrap(line.range(of: #"password [A-Za-z0-9]{20} "#, options: .regularExpression)
            .map { String(line[$0].dropFirst("password ".count).dropLast()) }, line)
        let client = TestClient(port: app.port)
        let body = try JSONSerialization.data(withJSONObject: ["username": "admin", "password": password])
        let signIn = try client.send("POST", "/api/session", headers: ["Content-Type": "application/json"], body: [UInt8](body))
        XCTAssertEqual(signIn.status, 200, signIn.text)
        XCTAssertEqual((try signIn.object()["user"] as? [String: Any])?["isAdmin"] as? Bool, true)
        let firstVersion = try await app.context.database.read { db in try ExerciseRecord.all(courseID: 1, db).map(\.version) }
        XCTAssertEqual(firstVersion.count, 1)
        await app.stop()

        // Edit the statement: a new version becomes current, the old one stays loadable; no second admin.
        let statement = directory + "/Exercises/corners/statement.md"
        try (try String(contentsOfFile: statement, encoding: .utf8) + "\nOne more sentence.\n").write(toFile: statement, atomically: true, encoding: .utf8)
        console.clear()
        app = try await Application.start(configuration) { console.append($0) }
        XCTAssertFalse(console.lines.contains { $0.contains("admin account") })
        XCTAssertTrue(console.lines.contains("Exercises: 0 added, 1 with a new version"), "\(console.lines)")
        let (current, old) = try await app.context.database.read { db in
            (try ExerciseRecord.all(courseID: 1, db).map(\.version),
             try ExerciseRecord.definition(exerciseID: 1, version: firstVersion[0], db))
        }
        XCTAssertNotEqual(current, firstVersion)
        XCTAssertNotNil(old)
        let library = ExerciseLibrary(database: app.context.database)
        let reloaded = try await library.exercise(id: 1, version: firstVersion[0])
        XCTAssertEqual(reloaded?.version, firstVersion[0], "a stored definition loads back to the same version")
        await app.stop()
    }
}

/// Lines written to the console by a starting application.
private final class StartupConsole: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ line: String) { storage.withLock { $0.append(line) } }
    func clear() { storage.withLock { $0.removeAll() } }
    var lines: [String] { storage.withLock { $0 } }
}
