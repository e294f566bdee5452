@testable import LecternApp
import XCTest

/// The order of grading jobs: one admitted per user, users served in turn, slots respected.
final class FairSchedulerTests: XCTestCase {
    func testASecondJobOfTheSameKeyIsRefusedUntilTheFirstFinishes() throws {
        var scheduler = FairScheduler<String>(slots: 2)
        let first = try scheduler.admit("alice")
        XCTAssertThrowsError(try scheduler.admit("alice")) { XCTAssertEqual($0 as? FairScheduler<String>.Refusal, .keyBusy) }
        XCTAssertEqual(scheduler.startNext(), [first])
        XCTAssertThrowsError(try scheduler.admit("alice"), "running counts too")
        scheduler.finish(first)
        XCTAssertFalse(scheduler.isBusy("alice"))
        XCTAssertNoThrow(try scheduler.admit("alice"))
    }

    func testWaitingJobsStartInTurnAcrossKeysWithinTheSlots() throws {
        var scheduler = FairScheduler<String>(slots: 1, perKey: 3)
        let a1 = try scheduler.admit("a"), a2 = try scheduler.admit("a"), a3 = try scheduler.admit("a")
        let b1 = try scheduler.admit("b"), c1 = try scheduler.admit("c"), b2 = try scheduler.admit("b")
        var order: [Int] = []
        var started = scheduler.startNext()
        while let ticket = started.first {
            XCTAssertEqual(started.count, 1, "one slot")
            XCTAssertEqual(scheduler.runningCount, 1)
            order.append(ticket)
            scheduler.finish(ticket)
            started = scheduler.startNext()
        }
        XCTAssertEqual(order, [a1, b1, c1, a2, b2, a3], "round-robin: a key with many jobs waits its turn")
        XCTAssertEqual(scheduler.waitingCount, 0)
    }

    func testSlotsBoundTheJobsRunningAndAnAbandonedWaitingJobFreesItsPlace() throws {
        var scheduler = FairScheduler<Int>(slots: 2, maxWaiting: 3)
        let tickets = try (1...3).map { try scheduler.admit($0) }
        XCTAssertThrowsError(try scheduler.admit(4)) { XCTAssertEqual($0 as? FairScheduler<Int>.Refusal, .queueFull) }
        XCTAssertEqual(scheduler.startNext(), [tickets[0], tickets[1]])
        XCTAssertEqual(scheduler.startNext(), [], "both slots busy")
        scheduler.finish(tickets[2])  // gave up while waiting
        XCTAssertEqual(scheduler.waitingCount, 0)
        XCTAssertFalse(scheduler.isBusy(3))
        scheduler.finish(tickets[0])
        let next = try scheduler.admit(4)
        XCTAssertEqual(scheduler.startNext(), [next])
    }

    func testTheSameCallsGiveTheSameOrder() throws {
        func run() throws -> [Int] {
            var scheduler = FairScheduler<Int>(slots: 2, perKey: 2)
            for key in [5, 3, 5, 9, 3, 1] { _ = try scheduler.admit(key) }
            var order: [Int] = []
            var started = scheduler.startNext()
            while !started.isEmpty {
                order += started
                for ticket in started { scheduler.finish(ticket) }
                started = scheduler.startNext()
            }
            return order
        }
        XCTAssertEqual(try run(), try run())
        XCTAssertEqual(try run(), [1, 2, 4, 6, 3, 5])
    }
}
