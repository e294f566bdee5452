import Foundation
import HTTPTesting
import LecternApp
import XCTest

/// What keeps one client from slowing everyone else: large bodies judged on the head, search
/// limited per client, health apart from the shared database readers.
final class RequestLimitsTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "lectern-limits-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/Public", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func start(_ adjust: (inout AppConfiguration) -> Void = { _ in }) async throws -> Application {
        var configuration = AppConfiguration()
        configuration.port = 0
        configuration.databasePath = directory + "/lectern.sqlite"
        configuration.publicDirectory = directory + "/Public"
        configuration.exercisesDirectory = directory + "/Exercises"
        configuration.contentDirectory = SampleContent.coursesDirectory
        configuration.quiet = true
        configuration.databaseReaders = 2
        adjust(&configuration)
        return try await Application.start(configuration) { _ in }
    }

    func testHealthAnswersWhileEveryReaderIsBusy() async throws {
        let app = try await start()
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let database = app.context.database
        let holders = (0..<2).map { _ in
            Task {
                try await database.read { _ in
                    entered.signal()
                    release.wait()
                }
            }
        }
        for _ in 0..<2 { await withCheckedContinuation { c in DispatchQueue.global().async { entered.wait(); c.resume() } } }
        let port = app.port
        let health = await Task.detached { Result { try TestClient.get("/api/health", port: port) } }.value
        for _ in 0..<2 { release.signal() }
        for holder in holders { try await holder.value }
        await app.stop()
        let reply = try health.get()
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(try XCTUnwrap(reply.json() as? [String: String])["database"], "ok")
    }

    func testSearchIsLimitedPerClientWith429AndRetryAfter() async throws {
        let app = try await start {
            $0.searchRatePerSecond = 1
            $0.searchBurst = 3
        }
        let port = app.port
        try await Task.detached {
            for _ in 0..<3 { XCTAssertEqual(try TestClient.get("/api/search?q=magic", port: port).status, 200) }
            let limited = try TestClient.get("/api/search?q=magic", port: port)
            XCTAssertEqual(limited.status, 429)
            XCTAssertNotNil(limited.header("Retry-After"))
            XCTAssertEqual(try TestClient.get("/search?q=magic", port: port, accept: "text/html").status, 429,
                           "the search page spends the same budget")
            XCTAssertEqual(try TestClient.get("/api/health", port: port).status, 200, "health is not limited")
            XCTAssertEqual(try TestClient.get("/api/courses", port: port).status, 200, "nor other reads")
        }.value
        await app.stop()
    }

    func testSearchLimitCanBeTurnedOff() async throws {
        let app = try await start {
            $0.searchRatePerSecond = 0
            $0.searchBurst = 1
        }
        let port = app.port
        try await Task.detached {
            for _ in 0..<5 { XCTAssertEqual(try TestClient.get("/api/search?q=magic", port: port).status, 200) }
        }.value
        await app.stop()
    }

    /// 40 anonymous 24 MiB uploads to an instructor route are answered from their heads; the
    /// bodies are never sent, so an answer at all proves the server did not wait to read them.
    func testLargeUploadsWithoutCredentialsAreRefusedBeforeTheirBodies() async throws {
        let app = try await start()
        let port = app.port
        let size = 24 << 20
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try TestClient.raw("POST /courses/cs193p/lectures/new HTTP/1.1\r\nHost: x\r\n"
                        + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: \(size)\r\n\r\n", port: port).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(statuses, Array(repeating: 401, count: 40))
        try await Task.detached {
            let noCSRF = try TestClient.raw("PUT /api/courses/cs193p/lectures/1 HTTP/1.1\r\nHost: x\r\n"
                + "Cookie: lectern_session=abc\r\nContent-Type: application/json\r\nContent-Length: \(size)\r\n\r\n", port: port)
            XCTAssertEqual(noCSRF.status, 403, "a cookie without the CSRF header is not enough for an API upload")
            let nowhere = try TestClient.raw("POST /no/such/route HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n", port: port)
            XCTAssertEqual(nowhere.status, 405, "only the static files' GET is routed there")
        }.value
        await app.stop()
    }
}
