import XCTest
import LayoutSolver

/// Constraints that introduce a new variable in terms of basic ones are kept as written
/// (definitions); these tests drive long chains of them through every operation.
final class DefinitionTests: XCTestCase {
    /// A row of `count` views, `left[i] == left[i-1] + width[i-1] + 8`, widths at least 20 and
    /// preferably 100 (weak), closed by `left + width + 20 == container`, a strong edit variable.
    private struct ViewRow {
        let lefts: [Variable]
        let widths: [Variable]
        let container = Variable("container")
        var links: [Constraint] = []
        /// `width[i] == 100`, weak.
        var preferredWidths: [Constraint] = []
        var required: [Constraint] = []
        let solver = Solver()

        init(count: Int) throws {
            lefts = (0..<count).map { Variable("left\($0)") }
            widths = (0..<count).map { Variable("width\($0)") }
            for index in 0..<count {
                let link: Constraint = index == 0 ? lefts[0] == 20
                    : lefts[index] == lefts[index - 1] + widths[index - 1] + 8
                links.append(link)
                let minimum: Constraint = widths[index] >= 20
                required += [link, minimum]
                try solver.add(link)
                try solver.add(minimum)
                let preferred = Constraint(widths[index] - 100, .equal, strength: .weak)
                preferredWidths.append(preferred)
                try solver.add(preferred)
            }
            let closing: Constraint = lefts[count - 1] + widths[count - 1] + 20 == container
            required.append(closing)
            try solver.add(closing)
            try solver.addEditVariable(container, strength: .strong)
        }

        var natural: Double { Double(lefts.count * 108 + 32) }

        func assertRequiredHold(file: StaticString = #filePath, line: UInt = #line) {
            for constraint in required {
                let active = ActiveConstraint(constraint: constraint, constant: constraint.expression.constant)
                XCTAssertLessThan(violation(of: active), 1e-6, "\(constraint)", file: file, line: line)
            }
        }

        /// The total weak error: how far the widths are from 100 altogether.
        var widthError: Double { widths.reduce(0) { $0 + abs($1.value - 100) } }
    }

    func testChainFollowsTheContainerWithTheLeastWidthChange() throws {
        let row = try ViewRow(count: 60)
        for shift: Double in [-300, -25, 0, 170, -4_700, 40] {
            try row.solver.suggestValue(row.container, row.natural + shift)
            row.solver.updateVariables()
            row.assertRequiredHold()
            XCTAssertEqual(row.container.value, row.natural + shift, accuracy: 1e-6)
            // Each width may shrink to 20, so the container is met and the weak error is |shift|.
            XCTAssertEqual(row.widthError, abs(shift), accuracy: 1e-6)
        }
    }

    func testRemovingAndReaddingALinkMovesBetweenTheSameOptima() throws {
        let row = try ViewRow(count: 40)
        try row.solver.suggestValue(row.container, row.natural - 130)
        row.solver.updateVariables()
        XCTAssertEqual(row.widthError, 130, accuracy: 1e-6)
        let link = row.links[20]
        try row.solver.remove(link)
        XCTAssertFalse(row.solver.hasConstraint(link))
        row.solver.updateVariables()
        // Without the link, the views after it no longer need to shrink: every width is 100 and
        // the closing constraint places the views after the link, a unique optimum.
        XCTAssertEqual(row.widthError, 0, accuracy: 1e-6)
        let unlinked = (row.lefts + row.widths).map(\.value)
        for _ in 0..<3 {
            try row.solver.add(link)
            row.solver.updateVariables()
            row.assertRequiredHold()
            XCTAssertEqual(row.widthError, 130, accuracy: 1e-6)
            XCTAssertEqual(row.lefts[20].value, row.lefts[19].value + row.widths[19].value + 8, accuracy: 1e-6)
            try row.solver.remove(link)
            row.solver.updateVariables()
            for (value, old) in zip((row.lefts + row.widths).map(\.value), unlinked) {
                XCTAssertEqual(value, old, accuracy: 1e-6)
            }
        }
    }

    /// Random operations on rows of views, whose variables are definitions that name basic
    /// symbols through many pivots: each step's solution must hold the required constraints and
    /// match a fresh solver's errors, level by level.
    func testRandomOperationsOnViewRowsMatchFreshSolver() throws {
        for seed in 1...12 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let row = try ViewRow(count: Int.random(in: 6...30, using: &rng))
            var active = row.required.map { ActiveConstraint(constraint: $0, constant: $0.expression.constant) }
            var preferences: [ActiveConstraint] = row.widths.map { width in
                let preference = Constraint(width - Double(Int.random(in: 30...150, using: &rng)), .equal,
                                            strength: .priority(randomLevels[Int.random(in: 0..<3, using: &rng)]))
                return ActiveConstraint(constraint: preference, constant: preference.expression.constant)
            }
            for preference in preferences { try row.solver.add(preference.constraint) }
            preferences += row.preferredWidths.map { ActiveConstraint(constraint: $0, constant: $0.expression.constant) }
            var container = row.natural
            var removed: [ActiveConstraint] = []
            for step in 0..<60 {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<4:
                    container = row.natural + Double(Int.random(in: -400...400, using: &rng))
                    try row.solver.suggestValue(row.container, container)
                case 4..<6:
                    let index = Int.random(in: 0..<preferences.count, using: &rng)
                    let constant = -Double(Int.random(in: 20...200, using: &rng))
                    try row.solver.updateConstant(preferences[index].constraint, to: constant)
                    preferences[index].constant = constant
                case 6..<8 where !removed.isEmpty:
                    let back = removed.removeLast()
                    try row.solver.add(back.constraint)
                    active.append(back)
                case 6..<9:
                    let index = Int.random(in: 0..<active.count, using: &rng)
                    try row.solver.remove(active[index].constraint)
                    removed.append(active.remove(at: index))
                default:
                    let index = Int.random(in: 0..<preferences.count, using: &rng)
                    try row.solver.remove(preferences[index].constraint)
                    try row.solver.add(preferences[index].constraint)
                    if preferences[index].constant != preferences[index].constraint.expression.constant {
                        try row.solver.updateConstant(preferences[index].constraint, to: preferences[index].constant)
                    }
                }
                row.solver.updateVariables()
                for constraint in active {
                    XCTAssertLessThan(violation(of: constraint), 1e-6, "seed \(seed) step \(step): \(constraint.constraint)")
                }
                let edit = (row.container, Strength.strong, container)
                let incremental = errorsByLevel(active + preferences + [ActiveConstraint(
                    constraint: Constraint(Expression(row.container), .equal, strength: .strong), constant: -container)])
                let fresh = try freshErrors(active + preferences, edits: [edit])
                XCTAssert(sameErrors(incremental, fresh), "seed \(seed) step \(step): \(incremental) vs \(fresh)")
            }
        }
    }

    func testRejectedConstraintOnDefinedVariablesLeavesTheSolverUnchanged() throws {
        let row = try ViewRow(count: 10)
        try row.solver.suggestValue(row.container, row.natural + 50)
        row.solver.updateVariables()
        let before = (row.lefts + row.widths + [row.container]).map(\.value)
        // Ten views of at least 20 points with 8-point gaps cannot end before 20 + 9 * 28.
        let impossible: Constraint = row.lefts[9] <= 100
        XCTAssertThrowsError(try row.solver.add(impossible)) { error in
            guard case let .unsatisfiable(rejected, conflicting)? = error as? SolverError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertTrue(rejected === impossible)
            XCTAssertEqual(conflicting.count, 20)  // 10 links, 9 minimums (widths 0...8), the bound
            XCTAssertTrue(conflicting.contains { $0 === row.links[9] })
            XCTAssertFalse(conflicting.contains { $0 === row.required.last })
        }
        row.solver.updateVariables()
        XCTAssertEqual((row.lefts + row.widths + [row.container]).map(\.value), before)
        try row.solver.suggestValue(row.container, row.natural - 50)
        row.solver.updateVariables()
        row.assertRequiredHold()
        XCTAssertEqual(row.widthError, 50, accuracy: 1e-6)
    }

    func testPositionsFixedOnlyByWeakWidthsAreAmbiguous() throws {
        let solver = Solver()
        let lefts = (0..<8).map { Variable("left\($0)") }
        let widths = (0..<8).map { Variable("width\($0)") }
        try solver.add(lefts[0] == 0)
        for index in 1..<8 {
            try solver.add(lefts[index] == lefts[index - 1] + widths[index - 1] + 8)
            try solver.add(Constraint(widths[index - 1] - 50, .equal, strength: .weak))
        }
        try solver.add(widths[2] == 30)
        solver.updateVariables()
        XCTAssertEqual(lefts[3].value, 50 + 50 + 30 + 24, accuracy: 1e-9)
        XCTAssertEqual(solver.ambiguousVariables(among: lefts).map(\.name), lefts[1...].map(\.name))
        XCTAssertEqual(solver.ambiguousVariables(among: [widths[2]]).count, 0)
    }
}
