import Foundation
import XCTest
@testable import LayoutSolver

/// The wide compact tableau (two-word masks, 65 to 128 symbols): its mask against a set, the
/// widening of a one-word tableau, and solvers that cross 64 and 128 symbols against the same calls
/// on `Tableau`, bit for bit.
final class WideCompactTableauTests: XCTestCase {
    // MARK: The mask

    /// `WideSymbolMask` behaves as a `Set<Int>` of ids below 128 under random inserts, removals,
    /// set operations, complements and suffixes, and iterates in increasing order.
    func testWideMaskMatchesASet() {
        var rng = SeededGenerator(seed: 128)
        var masks = [WideSymbolMask(), WideSymbolMask()]
        var sets: [Set<Int>] = [[], []]
        let everyId = Set(0..<WideSymbolMask.capacity)
        for step in 0..<4_000 {
            let which = Int.random(in: 0..<2, using: &rng)
            // Ids near the word boundary are drawn often.
            let id = Bool.random(using: &rng) ? Int.random(in: 0..<128, using: &rng) : Int.random(in: 60..<68, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0, 1:
                masks[which].insert(id)
                sets[which].insert(id)
            case 2:
                masks[which].remove(id)
                sets[which].remove(id)
            case 3:
                masks[which] = masks[0].union(masks[1])
                sets[which] = sets[0].union(sets[1])
            case 4:
                masks[which] = masks[0].intersection(masks[1])
                sets[which] = sets[0].intersection(sets[1])
            case 5:
                masks[which] = masks[which].subtracting(masks[1 - which])
                sets[which] = sets[which].subtracting(sets[1 - which])
            case 6:
                let suffix = WideSymbolMask(idsFrom: id)
                XCTAssertEqual(Array(suffix), Array(id..<128), "step \(step)")
                masks[which] = masks[which].intersection(suffix.complement)
                sets[which] = sets[which].filter { $0 < id }
            default:
                masks[which] = masks[which].complement
                sets[which] = everyId.subtracting(sets[which])
            }
            for side in 0..<2 {
                XCTAssertEqual(Array(masks[side]), sets[side].sorted(), "step \(step)")
                XCTAssertEqual(masks[side].count, sets[side].count, "step \(step)")
                XCTAssertEqual(masks[side].isEmpty, sets[side].isEmpty, "step \(step)")
                XCTAssertEqual(masks[side].first, sets[side].min(), "step \(step)")
                XCTAssertEqual(masks[side].contains(id), sets[side].contains(id), "step \(step)")
            }
        }
        XCTAssertEqual(Array(WideSymbolMask.all), Array(0..<128))
    }

    /// A one-word mask widens to the same ids, and the one-word mask's own operations agree with
    /// the wide ones on ids below 64.
    func testNarrowMaskWidensToTheSameIds() {
        var rng = SeededGenerator(seed: 64)
        for _ in 0..<500 {
            let first = SymbolMask(bits: rng.next())
            let second = SymbolMask(bits: rng.next())
            XCTAssertEqual(Array(WideSymbolMask(first)), Array(first))
            XCTAssertEqual(WideSymbolMask(first.union(second)), WideSymbolMask(first).union(WideSymbolMask(second)))
            XCTAssertEqual(WideSymbolMask(first.subtracting(second)),
                           WideSymbolMask(first).subtracting(WideSymbolMask(second)))
            let count = Int.random(in: 0..<64, using: &rng)
            XCTAssertEqual(Array(SymbolMask(idsFrom: count)), Array(count..<64))
            XCTAssertEqual(WideSymbolMask(first.complement), WideSymbolMask(first).complement.intersection(WideSymbolMask(.all)))
        }
    }

    // MARK: Widening

    /// Widening keeps every symbol, row, objective and value: the rows read the same bits, and the
    /// solver goes on making the same pivots and reading the same values as one that stayed on the
    /// one-word tableau.
    func testWideningKeepsTheSystem() {
        func build(_ solver: Solver, _ variables: [Variable]) {
            for index in 1..<variables.count {
                try? solver.add(variables[index] >= variables[index - 1] + 4)
                try? solver.add((variables[index] == Double(index * 10)) | .medium)
            }
            try? solver.addEditVariable(variables[0], strength: .strong)
            try? solver.suggestValue(variables[0], 3)
        }
        let variables = (0..<9).map { Variable("x\($0)") }
        let narrow = Solver()
        build(narrow, variables)
        XCTAssertEqual(narrow.representation, .compact)
        let widened = Solver()
        build(widened, variables)
        let before = narrow.compact
        widened.widen()
        XCTAssertEqual(widened.representation, .wide)
        guard let wide = widened.wide else { return XCTFail("no wide tableau after widening") }
        XCTAssertEqual(wide.symbolCount, before.symbolCount)
        XCTAssertEqual(Array(wide.basic), Array(before.basic))
        XCTAssertEqual(Array(wide.externals), Array(before.externals))
        for symbol in 0..<before.symbolCount {
            XCTAssertEqual(wide.kind(symbol), before.kind(symbol))
            XCTAssertEqual(wide.level(symbol), before.level(symbol))
            XCTAssertEqual(wide.symbols[symbol].slot, before.symbols[symbol].slot)
            XCTAssertEqual(wide.symbols[symbol].column.count, before.symbols[symbol].column.count)
            XCTAssertEqual(Array(wide.symbols[symbol].column.slots), Array(before.symbols[symbol].column.slots))
            if before.isBasic(symbol) {
                XCTAssertEqual(wide.row(wide.rowEntry(symbol)).bits, before.row(before.rowEntry(symbol)).bits)
            }
        }
        XCTAssertEqual(wide.objectives.map(\.level), before.objectives.map(\.level))
        for (mine, theirs) in zip(wide.objectives, before.objectives) {
            XCTAssertEqual(wide.row(mine.entry).bits, before.row(theirs.entry).bits)
        }
        // The same calls on both go on identically.
        var reads: [[UInt64]] = [[], []]
        for (side, solver) in [narrow, widened].enumerated() {
            for value in [-40.0, 12, 95, 0] {
                try? solver.suggestValue(variables[0], value)
                try? solver.add((variables[4] <= variables[0] + 30) | .strong)
                solver.updateVariables()
                reads[side] += variables.map { $0.value == 0 ? 0 : $0.value.bitPattern } + [UInt64(solver.pivotCount)]
            }
        }
        XCTAssertEqual(reads[0], reads[1])
        XCTAssertEqual(widened.representation, .wide)
    }

    /// The storage block of the wide tableau grows past its first entries, keeping every row (those
    /// naming symbols past 64 too), as the one-word tableau's does.
    func testWideGrowthKeepsEveryRow() {
        var tableau = CompactTableau<WideSymbolMask>()
        for index in 0..<70 { _ = tableau.makeSymbol(index % 3 == 0 ? .error : .slack, level: index) }
        for _ in 0..<40 { _ = tableau.newEntry() }
        tableau.fill(entries: 0..<40)
        let before = tableau.rowBits(0..<40)
        XCTAssertTrue(tableau.row(39).cells.contains { $0.symbol >= 64 })
        for _ in 70..<125 { _ = tableau.makeSymbol(.dummy) }
        for _ in 40..<100 { _ = tableau.newEntry() }
        XCTAssertEqual(tableau.stride, 128)
        XCTAssertEqual(tableau.rowBits(0..<40), before)
        XCTAssertTrue(tableau.hasRoom(for: 3))
        XCTAssertFalse(tableau.hasRoom(for: 4))
        var copy = tableau.duplicate()
        copy.multiply(39, by: -1)
        XCTAssertEqual(tableau.rowBits(0..<40), before)
        XCTAssertEqual(copy.row(39).cells.map(\.coefficient), tableau.row(39).cells.map { -$0.coefficient })
    }

    // MARK: Solvers crossing 64 and 128 symbols

    /// A row of views inside a strong edit container, suggested 30 times: with 14 views the system
    /// ends on the wide tableau, with 24 it goes on to `Tableau`; both read the same values and make
    /// the same pivots as the same calls on `Tableau` from the start.
    func testRowsCrossingBothLimitsMatchTableau() {
        for (count, expected) in [(14, Solver.Representation.wide), (24, .large)] {
            var visited: [Solver.Representation] = []
            let shipped = layOutRow(count, onTableau: false, cycles: 30) { visited.append($0.representation) }
            let reference = layOutRow(count, onTableau: true, cycles: 30)
            XCTAssertTrue(visited.contains(.compact) && visited.contains(.wide), "\(count) views: \(visited)")
            XCTAssertEqual(visited.last, expected, "\(count) views")
            XCTAssertEqual(shipped.pivots, reference.pivots, "\(count) views")
            XCTAssertEqual(shipped.values, reference.values, "\(count) views")
        }
    }

    /// Random call-order scripts over 30–45 variables, long enough to cross 64 symbols and often
    /// 128 (adds, batches, removes, re-adds, constant changes, suggestions, edit variables that
    /// come and go, required adds that fail and roll back, ambiguity checks on duplicates): each
    /// must pass the call-order oracle as shipped and when widened early, and read the same bits
    /// and pivots as on `Tableau` from the start.
    /// `swift test` runs 6 seeds; `scripts/solver-oracle.sh` runs more through
    /// `LAYOUT_SOLVER_WIDE_ORACLE_SEEDS` (a count).
    func testScriptsCrossingBothLimitsMatchTableau() {
        var representations: Set<String> = []
        var differing: [UInt64] = []
        let count = ProcessInfo.processInfo.environment["LAYOUT_SOLVER_WIDE_ORACLE_SEEDS"].flatMap { UInt64($0) } ?? 6
        for seed: UInt64 in 1...max(count, 1) {
            var shipped = wideOracle(seed)
            shipped.onSolver = { solver in
                representations.insert("\(solver.representation)")
                // An ambiguity check runs on a duplicate of the tableau and must change nothing.
                _ = solver.ambiguousVariables(among: [])
            }
            var large = wideOracle(seed)
            large.switchAtCall = 0
            var widenedEarly = wideOracle(seed)
            widenedEarly.widenAtCall = Int(seed % 5)
            let transcripts = [shipped, large, widenedEarly].map { readTranscript(of: $0) }
            if transcripts[0] != transcripts[1] || transcripts[2] != transcripts[1] { differing.append(seed) }
        }
        XCTAssertEqual(differing, [], "seeds whose reads differ between the representations")
        XCTAssertEqual(representations, ["compact", "wide", "large"])
        print("wide call-order scripts: \(max(count, 1)) seeds, \(differing.count) differing")
    }

    private func wideOracle(_ seed: UInt64) -> CallOrderOracle {
        var oracle = CallOrderOracle(seed: 50_000 + seed)
        oracle.variableCounts = 30...45
        oracle.calls = 110
        return oracle
    }

    /// A batch too large for the one-word tableau but not for the wide one moves a solver there
    /// (empty or not); one too large for both moves it to `Tableau`. Either way the values are those
    /// of `Tableau` given the same calls.
    func testBatchesChooseTheTableauWithRoom() {
        func batch(_ count: Int, smallStart: Bool, onTableau: Bool) -> (Solver, [UInt64]) {
            let solver = Solver()
            if onTableau { solver.switchToTableau() }
            let lefts = (0..<count).map { Variable("left\($0)") }
            let widths = (0..<count).map { Variable("width\($0)") }
            if smallStart { try? solver.add(lefts[0] == 20) }
            var constraints: [Constraint] = smallStart ? [] : [lefts[0] == 20]
            for index in 0..<count {
                if index > 0 { constraints.append(lefts[index] == lefts[index - 1] + widths[index - 1] + 8) }
                constraints.append(widths[index] >= 20)
                constraints.append((widths[index] == 100 + Double(index)) | .weak)
            }
            XCTAssertEqual(solver.add(contentsOf: constraints).map(\.index), [])
            solver.updateVariables()
            return (solver, (lefts + widths).map { $0.value == 0 ? 0 : $0.value.bitPattern })
        }
        // 12 views: 24 variables and 48 markers; 20 views: 40 and 80; 30 views: 60 and 120.
        for (count, expected) in [(12, Solver.Representation.wide), (20, .wide), (30, .large)] {
            for smallStart in [false, true] {
                let (solver, values) = batch(count, smallStart: smallStart, onTableau: false)
                XCTAssertEqual(solver.representation, expected, "\(count) views, small start \(smallStart)")
                XCTAssertEqual(values, batch(count, smallStart: smallStart, onTableau: true).1)
            }
        }
    }

    /// A solver reset after growing onto the wide tableau starts again on the one-word one.
    func testResetReturnsToTheOneWordTableau() {
        let solver = Solver()
        let variables = (0..<40).map { Variable("v\($0)") }
        for index in 1..<40 { try? solver.add(variables[index] >= variables[index - 1] + 1) }
        XCTAssertEqual(solver.representation, .wide)
        solver.reset()
        XCTAssertEqual(solver.representation, .compact)
        XCTAssertNil(solver.wide)
        try? solver.add(variables[0] == 5)
        solver.updateVariables()
        XCTAssertEqual(variables[0].value, 5)
    }
}
