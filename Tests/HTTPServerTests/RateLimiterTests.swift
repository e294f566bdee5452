import Synchronization
import XCTest
import HTTPServer
import HTTPTesting

final class RateLimiterTests: XCTestCase {
    /// A clock the test moves by hand.
    private final class ManualClock: Sendable {
        let now = Mutex(100.0)
        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
        func read() -> Double { now.withLock { $0 } }
    }

    func testBurstThenRefillPerKey() {
        let clock = ManualClock()
        let limiter = RateLimiter(ratePerSecond: 2, burst: 3, clock: { clock.read() })
        XCTAssertEqual((0..<3).map { _ in limiter.take("a") }, [nil, nil, nil])
        XCTAssertEqual(limiter.take("a"), 1, "out of tokens: one more in half a second, rounded up")
        XCTAssertNil(limiter.take("b"), "another key has its own bucket")
        clock.advance(0.5)
        XCTAssertNil(limiter.take("a"))
        XCTAssertNotNil(limiter.take("a"))
        clock.advance(60)
        XCTAssertEqual((0..<4).map { _ in limiter.take("a") == nil }, [true, true, true, false], "refills to the burst, no further")
    }

    func testTableStaysBounded() {
        let clock = ManualClock()
        let limiter = RateLimiter(ratePerSecond: 1, burst: 2, maxKeys: 100, clock: { clock.read() })
        for i in 0..<1000 { _ = limiter.take("client-\(i)") }
        XCTAssertLessThanOrEqual(limiter.keyCount, 100)
    }

    func testMiddlewareAnswers429WithRetryAfter() throws {
        let limiter = RateLimiter(ratePerSecond: 0.01, burst: 2)
        let server = try startServer { router in
            let limited = router.group("/api", middleware: [RateLimitMiddleware(limiter)])
            limited.get("/search") { _, _ in .text("found") }
            router.get("/api/health") { _, _ in .text("ok") }
        }
        defer { Task { await server.shutdown(gracePeriod: 1) } }
        let client = TestClient(port: server.port)
        XCTAssertEqual(try client.get("/api/search").status, 200)
        XCTAssertEqual(try client.get("/api/search").status, 200)
        let limited = try client.get("/api/search")
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.headers["Retry-After"], "100")
        XCTAssertTrue(limited.text.contains("rate_limited"), limited.text)
        XCTAssertEqual(try client.get("/api/health").status, 200, "other routes are not limited")
    }
}
