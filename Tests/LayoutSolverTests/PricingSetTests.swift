import XCTest
@testable import LayoutSolver

/// `PricingSet`: each candidate once, in order; pricing in place; changes not recorded on request.
final class PricingSetTests: XCTestCase {
    private func set(symbols: Int) -> PricingSet {
        var set = PricingSet()
        for _ in 0..<symbols { set.appendSymbol() }
        return set
    }

    func testCandidatesAreKeptOnceInTheOrderFound() {
        var pricing = set(symbols: 6)
        for symbol in [4, 1, 4, 2, 1] { pricing.insert(symbol) }
        XCTAssertEqual((0..<pricing.count).map { pricing[$0] }, [4, 1, 2])
        XCTAssertTrue(pricing.contains(1))
        XCTAssertFalse(pricing.contains(3))
    }

    func testAPricingPassKeepsTheImprovingOnesInOrder() {
        var pricing = set(symbols: 6)
        for symbol in [5, 0, 3, 2] { pricing.insert(symbol) }
        var kept = 0
        for index in 0..<pricing.count {
            let symbol = pricing[index]
            if symbol.isMultiple(of: 2) { pricing.keep(symbol, at: kept); kept += 1 } else { pricing.drop(symbol) }
        }
        pricing.keepFirst(kept)
        XCTAssertEqual((0..<pricing.count).map { pricing[$0] }, [0, 2])
        XCTAssertFalse(pricing.contains(5))
        pricing.insert(5)
        XCTAssertEqual(pricing.count, 3, "a dropped candidate can come back")
    }

    func testChangesAreNotRecordedWhileOff() {
        var pricing = set(symbols: 3)
        pricing.recordsChanges = false
        pricing.insert(1)
        XCTAssertTrue(pricing.isEmpty)
        pricing.recordsChanges = true
        pricing.insert(1)
        XCTAssertEqual(pricing.count, 1)
    }

    func testRemoveAllAndTruncate() {
        var pricing = set(symbols: 4)
        for symbol in [3, 1] { pricing.insert(symbol) }
        pricing.truncate(to: 2)
        XCTAssertEqual((0..<pricing.count).map { pricing[$0] }, [1])
        XCTAssertTrue(pricing.pricesEverySymbol, "forgotten symbols mean a full pass next time")
        pricing.removeAll(pricingEverySymbol: false)
        XCTAssertTrue(pricing.isEmpty)
        XCTAssertFalse(pricing.pricesEverySymbol)
        XCTAssertFalse(pricing.contains(1))
    }
}
