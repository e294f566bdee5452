import LayoutSolver

/// One layout solved in several scenarios, one after the other, as grading solves an answer in
/// each of an exercise's scenarios: the same results as `LayoutEngine.solve` for each scenario,
/// for less work.
///
/// A complete, conflict-free layout's solver is kept, one per writing direction, and moved to
/// the next scenario of that direction by changing its constraints' constants (the container's
/// size, the root's guides and margins) instead of being built again (see
/// `LayoutRun.resolve(for:)`). Whenever that cannot give the fresh solve's answer, the scenario
/// is solved afresh. A result's `pivots` count the work its scenario took, attempts included.
public struct LayoutSession {
    public let engine: LayoutEngine
    private var leftToRight: LayoutRun?
    private var rightToLeft: LayoutRun?

    /// A session over `engine`, with nothing prepared yet.
    public init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// Solves the layout in `scenario`, reusing the prepared solver of its direction when it can.
    public mutating func solve(_ scenario: LayoutScenario) -> LayoutResult {
        var attempted = 0
        if var run = prepared(for: scenario.direction) {
            let before = run.solver.pivotCount
            if let result = run.resolve(for: scenario) {
                setPrepared(run, for: scenario.direction)
                return result
            }
            attempted = run.solver.pivotCount - before
            setPrepared(nil, for: scenario.direction)
        }
        var (result, reusable) = engine.solveAfresh(scenario)
        result.pivots += attempted
        setPrepared(reusable, for: scenario.direction)
        return result
    }

    private func prepared(for direction: LayoutDirection) -> LayoutRun? {
        direction == .leftToRight ? leftToRight : rightToLeft
    }

    private mutating func setPrepared(_ run: LayoutRun?, for direction: LayoutDirection) {
        if direction == .leftToRight { leftToRight = run } else { rightToLeft = run }
    }
}
