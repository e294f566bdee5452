import Foundation
import HTTPTesting
import LecternApp
import SQLite
import Store
import XCTest

final class ApplicationTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "lectern-app-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/Public", withIntermediateDirectories: true)
        try Data("body { color: black; }\n".utf8).write(to: URL(fileURLWithPath: directory + "/Public/style.css"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func configuration() -> AppConfiguration {
        var configuration = AppConfiguration()
        configuration.port = 0
        configuration.databasePath = directory + "/lectern.sqlite"
        configuration.publicDirectory = directory + "/Public"
        configuration.exercisesDirectory = directory + "/Exercises"
        configuration.contentDirectory = SampleContent.coursesDirectory
        configuration.quiet = true
        configuration.databaseReaders = 2
        return configuration
    }

    func testServesHealthCoursesAndFilesOverARealSocket() async throws {
        let console = ConsoleLines()
        let app = try await Application.start(configuration()) { console.append($0) }
        XCTAssertTrue(app.url.hasPrefix("http://127.0.0.1:"), app.url)
        XCTAssertNotEqual(app.port, 0)
        XCTAssertTrue(console.lines.contains { $0.contains("sample course cs193p") }, "\(console.lines)")

        let health = try TestClient.get("/api/health", port: app.port)
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.header("Content-Type"), "application/json")
        let healthBody = try XCTUnwrap(health.json() as? [String: String])
        XCTAssertEqual(healthBody, ["status": "ok", "version": LecternVersion.current, "database": "ok"])

        let courses = try TestClient.get("/api/courses", port: app.port)
        XCTAssertEqual(courses.status, 200)
        let list = try XCTUnwrap(courses.json() as? [[String: String]])
        XCTAssertEqual(list.map { $0["slug"] }, ["cs193p"])
        XCTAssertEqual(list.first?["title"], try SampleContent.manifestTitle(), "the title comes from course.json")

        let stylesheet = try TestClient.get("/style.css", port: app.port)
        XCTAssertEqual(stylesheet.status, 200)
        XCTAssertEqual(String(decoding: stylesheet.body, as: UTF8.self), "body { color: black; }\n")
        XCTAssertEqual(try TestClient.get("/../lectern.sqlite", port: app.port).status, 404)
        XCTAssertEqual(try TestClient.get("/api/no-such-thing", port: app.port).status, 404)
        XCTAssertEqual(try TestClient.get("/bench/hello", port: app.port).status, 404, "benchmark routes only on request")
        await app.stop()
    }

    func testTheInProcessClientGetsWhatTheSocketGets() async throws {
        let app = try await Application.start(configuration()) { _ in }
        let inProcess = TestClient(server: app.server)
        for path in ["/api/health", "/api/courses", "/api/no-such-thing", "/courses/cs193p/", "/style.css"] {
            let direct = try await inProcess.fetch("GET", path, headers: ["Accept": "application/json"])
            let overSocket = try TestClient.get(path, port: app.port)
            XCTAssertEqual(direct.status, overSocket.status, path)
            XCTAssertEqual(direct.header("Content-Type"), overSocket.header("Content-Type"), path)
            XCTAssertEqual(direct.header("Location"), overSocket.header("Location"), path)
            XCTAssertEqual(direct.header("Content-Security-Policy"), overSocket.header("Content-Security-Policy"), path)
            if path != "/api/health" { XCTAssertEqual(direct.text, overSocket.text, path) }
        }
        await app.stop()
    }

    func testHealthReportsADatabaseThatDoesNotAnswer() async throws {
        let app = try await Application.start(configuration()) { _ in }
        await app.context.database.close()
        let health = try TestClient.get("/api/health", port: app.port)
        await app.stop()
        XCTAssertEqual(health.status, 503)
        XCTAssertEqual(health.header("Content-Type"), "application/problem+json")
        let body = try XCTUnwrap(health.json() as? [String: Any])
        XCTAssertEqual(body["status"] as? Int, 503)
        XCTAssertEqual(body["database"] as? String, "error")
        XCTAssertTrue((body["detail"] as? String)?.contains("closed") ?? false, "\(body)")
    }

    func testBenchmarkRoutesOnlyWhenConfigured() async throws {
        var configuration = configuration()
        configuration.benchRoutes = true
        let app = try await Application.start(configuration) { _ in }
        let hello = try TestClient.get("/bench/hello", port: app.port)
        XCTAssertEqual(hello.status, 200)
        XCTAssertEqual(try hello.json() as? NSDictionary, ["ok": true, "n": 42])
        await app.stop()
    }

    func testRestartKeepsTheDataAndDoesNotSeedAgain() async throws {
        let first = try await Application.start(configuration()) { _ in }
        try await first.context.database.write { db in
            try Course.insert(NewCourse(slug: "extra", title: "Extra course"), db)
        }
        await first.stop()

        let console = ConsoleLines()
        let second = try await Application.start(configuration()) { console.append($0) }
        XCTAssertFalse(console.lines.contains { $0.contains("sample course") }, "\(console.lines)")
        let list = try XCTUnwrap(TestClient.get("/api/courses", port: second.port).json() as? [[String: String]])
        XCTAssertEqual(list.map { $0["slug"] }, ["cs193p", "extra"])
        await second.stop()
    }

    func testDurabilityChoosesSQLitesSynchronousSetting() async throws {
        func synchronous(_ durability: AppConfiguration.Durability) async throws -> DatabaseValue? {
            var configuration = configuration()
            configuration.durability = durability
            let app = try await Application.start(configuration) { _ in }
            let writer = try await app.context.database.write { db in try db.fetchOne(sql: "PRAGMA synchronous")?[0] }
            await app.stop()
            return writer
        }
        let normal = try await synchronous(.processCrash)
        let full = try await synchronous(.powerLoss)
        XCTAssertEqual(normal, .integer(1), "NORMAL by default")
        XCTAssertEqual(full, .integer(2), "FULL survives a power loss")
    }

    func testUnusableDatabasePathFailsWithThePath() async {
        var configuration = configuration()
        configuration.databasePath = directory + "/missing-folder/lectern.sqlite"
        do {
            let app = try await Application.start(configuration) { _ in }
            await app.stop()
            XCTFail("a database in a missing folder cannot be opened")
        } catch {
            XCTAssertTrue("\(error)".contains("missing-folder/lectern.sqlite"), "\(error)")
        }
    }

    func testPortInUseFailsClearly() async throws {
        let first = try await Application.start(configuration()) { _ in }
        var taken = configuration()
        taken.port = first.port
        taken.databasePath = directory + "/other.sqlite"
        do {
            let app = try await Application.start(taken) { _ in }
            await app.stop()
            XCTFail("the port is taken")
        } catch {
            XCTAssertTrue("\(error)".contains("listening on 127.0.0.1:\(first.port)"), "\(error)")
        }
        await first.stop()
    }
}

/// Collects console lines from any thread.
final class ConsoleLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ line: String) {
        lock.lock()
        storage.append(line)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
