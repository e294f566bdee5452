import XCTest
@testable import LayoutSolver

/// `ScratchBuffers` and `ChangeSet`: walks mark each symbol once; taken buffers keep their storage;
/// changes are listed once, in order.
final class ScratchBuffersTests: XCTestCase {
    func testAWalkMarksEachSymbolOnceAndANewWalkForgets() {
        var scratch = ScratchBuffers()
        scratch.newWalk()
        XCTAssertFalse(scratch.isMarked(2), "a symbol past the marks is not marked")
        XCTAssertTrue(scratch.mark(1))
        XCTAssertFalse(scratch.mark(1))
        XCTAssertTrue(scratch.isMarked(1))
        XCTAssertFalse(scratch.isMarked(2))
        scratch.newWalk()
        XCTAssertFalse(scratch.isMarked(1))
        XCTAssertTrue(scratch.mark(1))
    }

    func testATakenBufferIsEmptyAndKeepsItsStorage() {
        var buffer = Array(0..<100)
        let capacity = buffer.capacity
        let taken = ScratchBuffers.take(&buffer)
        XCTAssertTrue(taken.isEmpty)
        XCTAssertGreaterThanOrEqual(taken.capacity, capacity)
        XCTAssertTrue(buffer.isEmpty)
    }

    func testChangesAreListedOnceInOrderAndTakingEmptiesTheSet() {
        var changes = ChangeSet()
        for _ in 0..<5 { changes.appendSymbol() }
        for symbol in [3, 0, 3, 4] { changes.insert(symbol) }
        XCTAssertTrue(changes.contains(0))
        var taken: [Int] = [9]
        changes.take(into: &taken)
        XCTAssertEqual(taken, [3, 0, 4])
        XCTAssertFalse(changes.contains(3))
        changes.insert(3)
        changes.truncate(to: 3)
        changes.take(into: &taken)
        XCTAssertEqual(taken, [], "symbols past the truncation are forgotten")
    }
}
