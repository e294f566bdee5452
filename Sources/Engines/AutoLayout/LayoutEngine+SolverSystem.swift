import LayoutSolver

extension LayoutEngine {
    /// The constraints the solver holds at the end of `solve(scenario)`, in the order they were
    /// added: with the fixed values folded in for a complete, conflict-free layout, else every
    /// constraint the solver accepted. Benchmarks replay these systems through other solvers.
    public func solverConstraints(_ scenario: LayoutScenario = LayoutScenario()) -> [Constraint] {
        var reduced = LayoutRun(engine: self, scenario: scenario, foldingFixedValues: true)
        if reduced.solveIfComplete() != nil { return reduced.added.map(\.constraint) }
        var run = reduced.restartedWithoutFolding()
        _ = run.solve()
        return run.added.map(\.constraint)
    }
}
