import XCTest
@testable import LayoutSolver

/// `IdentityTable` against a `Dictionary` oracle: random sets, appends, lookups and removals (by key
/// and by position), on both sides of the size where the table starts indexing its keys, and the
/// order of its entries.
final class IdentityTableTests: XCTestCase {
    func testMatchesADictionaryUnderRandomChanges() {
        var generator = SeededGenerator(seed: 7)
        // Keys that stay alive for the whole test, so that no address is reused by another key.
        let objects = (0..<300).map { Variable("k\($0)") }
        for round in 0..<20 {
            var table = IdentityTable<Int>()
            var oracle: [ObjectIdentifier: Int] = [:]
            // Some rounds stay small (linear search), others grow well past the index's start.
            let universe = round.isMultiple(of: 2) ? 40 : objects.count
            for step in 0..<3_000 {
                let key = ObjectIdentifier(objects[Int.random(in: 0..<universe, using: &generator)])
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<4:
                    if oracle[key] == nil {
                        table.append(step, forKey: key)
                    } else {
                        table.set(step, forKey: key)
                    }
                    oracle[key] = step
                case 4..<6:
                    table.set(-step, forKey: key)
                    oracle[key] = -step
                case 6..<7:
                    XCTAssertEqual(table.removeValue(forKey: key), oracle.removeValue(forKey: key))
                case 7..<8:
                    // Removal by position, as a solver removes a record it found through its hint.
                    guard let position = table.position(of: key) else {
                        XCTAssertNil(oracle[key])
                        continue
                    }
                    XCTAssertEqual(table.key(at: position), key)
                    XCTAssertEqual(table.remove(at: position), oracle.removeValue(forKey: key))
                default:
                    XCTAssertEqual(table[key], oracle[key])
                    XCTAssertEqual(table.contains(key), oracle[key] != nil)
                    if let position = table.position(of: key) { XCTAssertEqual(table[position: position], oracle[key]) }
                }
                XCTAssertEqual(table.count, oracle.count)
            }
            for object in objects.prefix(universe) {
                XCTAssertEqual(table[ObjectIdentifier(object)], oracle[ObjectIdentifier(object)])
            }
            XCTAssertEqual(table.values.sorted(), oracle.values.sorted())
            table.removeAll()
            XCTAssertTrue(table.isEmpty)
            XCTAssertNil(table[ObjectIdentifier(objects[0])])
        }
    }

    func testRemovingMovesTheLastEntryIntoThePlaceFreed() {
        let objects = (0..<100).map { Variable("k\($0)") }
        var table = IdentityTable<Int>()
        for (index, object) in objects.enumerated() { table.append(index, forKey: ObjectIdentifier(object)) }
        XCTAssertEqual(table.values, Array(0..<100))
        table.removeValue(forKey: ObjectIdentifier(objects[10]))
        table.removeValue(forKey: ObjectIdentifier(objects[0]))
        var expected = Array(0..<100)
        expected.swapAt(10, 99)
        expected.removeLast()
        expected.swapAt(0, 98)
        expected.removeLast()
        XCTAssertEqual(table.values, expected)
        for (index, object) in objects.enumerated() where index != 10 && index != 0 {
            XCTAssertEqual(table[ObjectIdentifier(object)], index)
        }
    }
}
