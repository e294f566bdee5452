import Foundation
import Threads
import XCTest

final class ThreadPoolTests: XCTestCase {
    func testAWorkerPoolRunsWorkAndBoundsItsQueue() async throws {
        let pool = WorkerPool(name: "test", threads: 1, queueLimit: 1)
        defer { pool.shutdown() }
        let sum = try await pool.run { (1...1000).reduce(0, +) }
        XCTAssertEqual(sum, 500_500)
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        async let blocker: Void = pool.run {
            started.signal()
            gate.wait()
        }
        while started.wait(timeout: .now()) == .timedOut { try await Task.sleep(nanoseconds: 1_000_000) }
        async let queued: Int = pool.run { 1 }
        while pool.pendingCount < 1 { try await Task.sleep(nanoseconds: 1_000_000) }
        do {
            _ = try await pool.run { 2 }
            XCTFail("a full queue must refuse")
        } catch let error as ThreadPoolError {
            XCTAssertEqual(error, .busy)
        }
        gate.signal()
        try await blocker
        let value = try await queued
        XCTAssertEqual(value, 1)
    }

    /// Each thread opens its resource once, on itself, and keeps it; the first thread may be handed one.
    func testEachThreadOwnsTheResourceItOpened() async throws {
        let opened = Counter()
        let pool = ThreadPool<Int>(name: "resources", threads: 2, first: 100) {
            opened.increment()
            return opened.value
        }
        var seen = Set<Int>()
        for _ in 0..<40 {
            seen.insert(try await pool.run { resource in resource })
        }
        XCTAssertTrue(seen.isSubset(of: [100, 1]), "\(seen)")
        XCTAssertLessThanOrEqual(opened.value, 1, "the second thread opens one resource at most")
        pool.close()
        await pool.waitUntilExited()
    }

    func testAResourceThatFailsToOpenFailsTheJobNotThePool() async throws {
        struct Refused: Error {}
        let attempts = Counter()
        let pool = ThreadPool<String>(name: "flaky", threads: 1) {
            attempts.increment()
            if attempts.value == 1 { throw Refused() }
            return "ready"
        }
        do {
            _ = try await pool.run { $0 }
            XCTFail("the first job gets the opening error")
        } catch is Refused {}
        let value = try await pool.run { $0 }
        XCTAssertEqual(value, "ready", "the next job opens the resource again")
        pool.close()
        await pool.waitUntilExited()
    }

    func testAClosedPoolFinishesQueuedJobsAndRefusesNewOnes() async throws {
        let pool = WorkerPool(name: "closing", threads: 1, queueLimit: 16)
        let done = Counter()
        let gate = DispatchSemaphore(value: 0)
        try pool.submit { _ in gate.wait(); done.increment() }
        for _ in 0..<5 { try pool.submit { _ in done.increment() } }
        pool.close()
        XCTAssertThrowsError(try pool.submit { _ in }) { XCTAssertEqual($0 as? ThreadPoolError, .closed) }
        gate.signal()
        await pool.waitUntilExited()
        XCTAssertEqual(done.value, 6)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
