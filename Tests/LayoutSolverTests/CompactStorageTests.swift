import XCTest
@testable import LayoutSolver

/// The compact tableau's one storage block (`CompactStorage`, `BlockArray`): its tables against
/// arrays, growth to larger blocks, independent copies, rollbacks across a growth, and solvers
/// made, grown, reset and dropped against the same calls on `Tableau`.
final class CompactStorageTests: XCTestCase {
    /// A `BlockArray` behaves as an array under random appends, inserts, removals and truncations.
    func testBlockArrayMatchesAnArray() {
        let capacity = 24
        let memory = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        defer { memory.deallocate() }
        var table = BlockArray(base: memory, capacity: capacity)
        var expected: [Int] = []
        var rng = SeededGenerator(seed: 7)
        for step in 0..<2_000 {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where expected.count < capacity, 1 where expected.count < capacity:
                table.append(step)
                expected.append(step)
            case 2 where expected.count < capacity:
                let index = Int.random(in: 0...expected.count, using: &rng)
                table.insert(step, at: index)
                expected.insert(step, at: index)
            case 3:
                XCTAssertEqual(table.popLast(), expected.popLast())
            case 4:
                let divisor = Int.random(in: 2...5, using: &rng)
                table.removeAll { $0 % divisor == 0 }
                expected.removeAll { $0 % divisor == 0 }
            default:
                let count = Int.random(in: 0...expected.count, using: &rng)
                table.truncate(to: count)
                expected.removeLast(expected.count - count)
            }
            XCTAssertEqual(Array(table), expected, "step \(step)")
            if !expected.isEmpty {
                table[0] = -step
                expected[0] = -step
            }
        }
    }

    /// A tableau of `symbols` slack symbols and `entries` rows written by `fill`.
    private func filledTableau(symbols: Int, entries: Int) -> CompactTableau<SymbolMask> {
        var tableau = CompactTableau<SymbolMask>()
        for _ in 0..<symbols { _ = tableau.makeSymbol(.slack) }
        for _ in 0..<entries { _ = tableau.newEntry() }
        tableau.fill(entries: 0..<entries)
        return tableau
    }

    /// Entries past the first block's room move the tables to larger blocks, keeping every symbol
    /// (those past 32 too), row and objective.
    func testGrowthKeepsEverySymbolRowAndObjective() {
        var tableau = CompactTableau<SymbolMask>()
        let firstBlock = ObjectIdentifier(tableau.storage)
        for index in 0..<20 { _ = tableau.makeSymbol(index % 2 == 0 ? .slack : .error, level: index) }
        for _ in 0..<20 { _ = tableau.newEntry() }
        tableau.fill(entries: 0..<20)
        _ = tableau.objectiveIndex(for: 5)
        _ = tableau.objectiveIndex(for: 9)
        let before = tableau.rowBits(0..<20)
        // Every entry has room for every symbol id; past 32 entries the entries double.
        for _ in 20..<50 { _ = tableau.makeSymbol(.dummy) }
        for _ in 22..<90 { _ = tableau.newEntry() }
        XCTAssertNotEqual(ObjectIdentifier(tableau.storage), firstBlock)
        XCTAssertEqual(tableau.stride, SymbolMask.capacity)
        XCTAssertEqual(tableau.symbolCount, 50)
        XCTAssertEqual(tableau.rowBits(0..<20), before)
        XCTAssertEqual(tableau.objectives.map(\.level), [9, 5])
        XCTAssertEqual((0..<20).map { tableau.level($0) }, Array(0..<20))
        XCTAssertEqual(tableau.kind(31), .dummy)
        // The new rows hold the symbols past 32 too.
        tableau.fill(entries: 20..<90)
        let last = tableau.row(89)
        XCTAssertTrue(last.cells.contains { $0.symbol == 49 })
        XCTAssertEqual(last.constant, -89)
    }

    /// A duplicate has a block of its own: changing either leaves the other as it was.
    func testDuplicateHasItsOwnBlock() {
        var original = filledTableau(symbols: 10, entries: 6)
        let before = original.rowBits(0..<6)
        var copy = original.duplicate()
        XCTAssertNotEqual(ObjectIdentifier(copy.storage), ObjectIdentifier(original.storage))
        copy.multiply(0, by: 3)
        copy.freeEntry(5)
        _ = copy.makeSymbol(.error, level: 4)
        XCTAssertEqual(original.rowBits(0..<6), before)
        XCTAssertEqual(original.symbolCount, 10)
        original.multiply(1, by: -1)
        XCTAssertEqual(copy.row(1).bits, before[1])
        XCTAssertEqual(copy.row(0).cells.map(\.coefficient), original.row(0).cells.map { $0.coefficient * 3 })
    }

    /// A rollback restores the rows and symbols of its snapshot even when the tables moved to a
    /// larger block in between.
    func testRollbackAcrossAGrowthRestoresTheRows() {
        var tableau = filledTableau(symbols: 30, entries: 30)
        let before = tableau.rowBits(0..<30)
        let block = ObjectIdentifier(tableau.storage)
        tableau.beginTransaction(tracksRows: true)
        for _ in 30..<60 { _ = tableau.makeSymbol(.error, level: 2) }
        for _ in 30..<70 { _ = tableau.newEntry() }
        tableau.multiply(3, by: 7)
        tableau.insert(4, 55, 1)
        XCTAssertNotEqual(ObjectIdentifier(tableau.storage), block)
        tableau.rollback()
        XCTAssertEqual(tableau.symbolCount, 30)
        XCTAssertEqual(tableau.rowBits(0..<30), before)
        // The entries made in the transaction are gone: the next one follows the first 30.
        XCTAssertEqual(tableau.newEntry(), 30)
    }

    /// One solver reset and reused for many systems, each growing its block (more than 32
    /// symbols, and some past the compact tableau's limit onto `Tableau`), with required adds that
    /// fail and roll back, reads the same values and makes the same pivots as a fresh solver on
    /// `Tableau` given the same calls.
    func testReusedAndFreshSolversMatchTableau() {
        let reused = Solver()
        var rng = SeededGenerator(seed: 2_024)
        var grewPast32Symbols = 0
        var refused = 0
        for round in 0..<150 {
            reused.reset()
            let reference = Solver()
            reference.switchToTableau()
            let fresh = Solver()
            let count = Int.random(in: 4...14, using: &rng)
            let variables = (0..<count).map { Variable("v\($0)") }
            let calls = Int.random(in: 8...30, using: &rng)
            var constraints: [Constraint] = []
            for _ in 0..<calls {
                let first = variables[Int.random(in: 0..<count, using: &rng)]
                let second = variables[Int.random(in: 0..<count, using: &rng)]
                let constant = Double(Int.random(in: -100...100, using: &rng))
                let strength: Strength = [.required, .strong, .medium, .weak][Int.random(in: 0..<4, using: &rng)]
                let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int.random(in: 0..<3, using: &rng)]
                let constraint = Constraint(first - 2 * second + constant, relation, strength: strength)
                if !constraints.isEmpty && Int.random(in: 0..<6, using: &rng) == 0 {
                    let removed = constraints.remove(at: Int.random(in: 0..<constraints.count, using: &rng))
                    let outcomes = [reused, reference, fresh].map { (try? $0.remove(removed)) != nil }
                    XCTAssertEqual(Set(outcomes).count, 1, "round \(round)")
                }
                let outcomes = [reused, reference, fresh].map { (try? $0.add(constraint)) != nil }
                XCTAssertEqual(Set(outcomes).count, 1, "round \(round)")
                if outcomes[0] { constraints.append(constraint) } else { refused += 1 }
            }
            if reused.usesCompact && reused.compact.symbolCount > 32 { grewPast32Symbols += 1 }
            var values: [[UInt64]] = []
            for solver in [reused, reference, fresh] {
                solver.updateVariables()
                values.append(variables.map { $0.value == 0 ? 0 : $0.value.bitPattern })
            }
            XCTAssertEqual(values[0], values[1], "round \(round)")
            XCTAssertEqual(values[2], values[1], "round \(round)")
            XCTAssertEqual(reused.pivotCount, reference.pivotCount, "round \(round)")
            XCTAssertEqual(fresh.pivotCount, reference.pivotCount, "round \(round)")
        }
        XCTAssertGreaterThan(grewPast32Symbols, 0)
        XCTAssertGreaterThan(refused, 0)
    }
}

extension CompactTableau {
    /// Writes rows into `entries`: entry e holds symbol s when (e + s) % 3 == 0, with coefficient
    /// e·100 + s + 1, and the constant -e.
    mutating func fill(entries: Range<Int>) {
        for entry in entries {
            for symbol in 0..<symbolCount where (entry + symbol) % 3 == 0 {
                insert(entry, symbol, Double(entry * 100 + symbol + 1))
            }
            heads[entry].constant = -Double(entry)
        }
    }

    /// The rows of `entries`, each as its constant's bits followed by its symbols and their
    /// coefficients' bits.
    func rowBits(_ entries: Range<Int>) -> [[UInt64]] {
        entries.map { row($0).bits }
    }
}

extension Row {
    /// The constant's bits followed by each cell's symbol and coefficient bits.
    var bits: [UInt64] {
        [constant.bitPattern] + cells.flatMap { [UInt64($0.symbol), $0.coefficient.bitPattern] }
    }
}
