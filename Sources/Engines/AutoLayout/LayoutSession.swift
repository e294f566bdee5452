import LayoutSolver

/// One layout solved in several scenarios, one after the other, as grading solves an answer in
/// each of an exercise's scenarios: the same results as `LayoutEngine.solve` for each scenario,
/// for less work.
///
/// A complete, conflict-free layout's solver is kept, one per writing direction, and moved to
/// the next scenario of that direction by changing its constraints' constants (the container's
/// size, the root's guides and margins) instead of being built again (see
/// `LayoutRun.resolve(for:)`). A right-to-left scenario of a layout that mirrors exactly (see
/// `LayoutEngine.mirrorsBetweenDirections`) is read off the complete left-to-right result of the
/// same scenario, solved for it if no earlier scenario was that one. Whenever neither can give
/// the fresh solve's answer, the scenario is solved afresh. A result's `pivots` count the work
/// its scenario took, attempts included.
public struct LayoutSession {
    public let engine: LayoutEngine
    private var leftToRight: LayoutRun?
    private var rightToLeft: LayoutRun?
    /// Complete, conflict-free left-to-right results met so far, for their right-to-left twins.
    private var mirrorSources: [(result: LayoutResult, raw: [(x: Double, width: Double)])] = []
    /// Whether the layout mirrors exactly between the directions; found at the first right-to-left scenario.
    private var mirrorsBetweenDirections: Bool?
    /// How many right-to-left scenarios were read off their left-to-right twins so far.
    public private(set) var mirroredScenarios = 0

    /// Most left-to-right results kept for mirroring (an exercise has a handful of scenarios).
    static let maxMirrorSources = 16

    /// A session over `engine`, with nothing prepared yet.
    public init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// Solves the layout in `scenario`, reusing the prepared solver of its direction, or the
    /// left-to-right twin of a right-to-left scenario, when it can.
    public mutating func solve(_ scenario: LayoutScenario) -> LayoutResult {
        var attempted = 0
        if scenario.direction == .rightToLeft, canMirror(scenario) {
            var twin = scenario
            twin.direction = .leftToRight
            if let source = mirrorSources.first(where: { $0.result.scenario == twin }) {
                mirroredScenarios += 1
                return engine.mirrored(source.result, raw: source.raw, as: scenario)
            }
            let solved = solveInItsDirection(twin)
            if let source = mirrorSources.last, source.result.scenario == twin {
                mirroredScenarios += 1
                var result = engine.mirrored(source.result, raw: source.raw, as: scenario)
                result.pivots = solved.pivots
                return result
            }
            attempted = solved.pivots
        }
        var result = solveInItsDirection(scenario)
        result.pivots += attempted
        return result
    }

    /// Whether `scenario` (right-to-left) may be read off its left-to-right twin.
    private mutating func canMirror(_ scenario: LayoutScenario) -> Bool {
        let mirrors = mirrorsBetweenDirections ?? engine.mirrorsBetweenDirections()
        mirrorsBetweenDirections = mirrors
        return mirrors && engine.mirrors(scenario)
    }

    /// Solves `scenario` with the prepared solver of its direction, or afresh.
    private mutating func solveInItsDirection(_ scenario: LayoutScenario) -> LayoutResult {
        var attempted = 0
        if var run = prepared(for: scenario.direction) {
            let before = run.solver.pivotCount
            if let result = run.resolve(for: scenario) {
                setPrepared(run, for: scenario.direction)
                keepForMirroring(result, of: run)
                return result
            }
            attempted = run.solver.pivotCount - before
            setPrepared(nil, for: scenario.direction)
        }
        var (result, reusable) = engine.solveAfresh(scenario)
        result.pivots += attempted
        setPrepared(reusable, for: scenario.direction)
        if let reusable { keepForMirroring(result, of: reusable) }
        return result
    }

    /// Keeps a complete, conflict-free left-to-right result, with the unrounded positions and
    /// widths of the run that gave it, for a right-to-left twin to come.
    private mutating func keepForMirroring(_ result: LayoutResult, of run: LayoutRun) {
        guard result.scenario.direction == .leftToRight, result.isComplete, !result.reachedPivotLimit,
              mirrorSources.count < Self.maxMirrorSources,
              !mirrorSources.contains(where: { $0.result.scenario == result.scenario }) else { return }
        mirrorSources.append((result, run.rawHorizontalFrames()))
    }

    private func prepared(for direction: LayoutDirection) -> LayoutRun? {
        direction == .leftToRight ? leftToRight : rightToLeft
    }

    private mutating func setPrepared(_ run: LayoutRun?, for direction: LayoutDirection) {
        if direction == .leftToRight { leftToRight = run } else { rightToLeft = run }
    }
}
