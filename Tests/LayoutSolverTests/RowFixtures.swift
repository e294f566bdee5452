import XCTest
@testable import LayoutSolver

/// A row of `count` views, 8 points apart, each at least 20 wide and weakly 100 wide, inside a
/// container that is a strong edit variable, laid out on a fresh solver (on `Tableau` from the start
/// when `onTableau`), then `cycles` container sizes suggested and read. `observe` sees the solver
/// after each view and after the container. Returns the pivot count and the bit patterns of every
/// left and width read (a zero of either sign as 0).
func layOutRow(_ count: Int, onTableau: Bool, cycles: Int,
               observe: (Solver) -> Void = { _ in }) -> (pivots: Int, values: [UInt64]) {
    let solver = Solver()
    if onTableau { solver.switchToTableau() }
    let lefts = (0..<count).map { Variable("left\($0)") }
    let widths = (0..<count).map { Variable("width\($0)") }
    let container = Variable("container")
    for index in 0..<count {
        try? solver.add(index == 0 ? lefts[0] == 20 : lefts[index] == lefts[index - 1] + widths[index - 1] + 8)
        try? solver.add(widths[index] >= 20)
        try? solver.add((widths[index] == 100) | .weak)
        observe(solver)
    }
    try? solver.add(lefts[count - 1] + widths[count - 1] + 20 == container)
    try? solver.addEditVariable(container, strength: .strong)
    observe(solver)
    var values: [UInt64] = []
    for cycle in 0..<cycles {
        try? solver.suggestValue(container, Double(count * 108 + 32 + (cycle % 9 - 4) * 25))
        solver.updateVariables()
        values += (lefts + widths).map { $0.value == 0 ? 0 : $0.value.bitPattern }
    }
    return (solver.pivotCount, values)
}

/// Runs `oracle`, which must pass, and returns the bit patterns of every value read and the pivot
/// count at every read (a zero of either sign as 0).
func readTranscript(of oracle: CallOrderOracle) -> [UInt64] {
    var oracle = oracle
    var bits: [UInt64] = []
    oracle.onRead = { variables, pivots in
        bits.append(UInt64(pivots))
        bits.append(contentsOf: variables.map { $0.value == 0 ? 0 : $0.value.bitPattern })
    }
    if let failure = oracle.run() { XCTFail(failure) }
    XCTAssertFalse(bits.isEmpty)
    return bits
}
