import LayoutSolver

extension LayoutRun {
    /// What a scenario makes of the document before anything is solved: the container, the root's
    /// geometry, the content sizes, each constraint's expression, and the values the required
    /// equalities fix (when folding).
    struct Setting {
        let container: LayoutSize
        let geometry: ScenarioGeometry
        let intrinsicSizes: [LayoutSize?]
        let sums: [LayoutEngine.LinearSum?]
        let fixed: FixedValues?

        /// The setting of `scenario`; with `following`, the setting of another scenario of the
        /// same writing direction: its terms are reused and only the constants computed, and with
        /// the same content sizes, its fixed values' search is replayed on the new constants.
        init(engine: LayoutEngine, scenario: LayoutScenario, foldingFixedValues: Bool,
             following previous: (sums: [LayoutEngine.LinearSum?], intrinsicSizes: [LayoutSize?], fixed: FixedValues?)? = nil) {
            let document = engine.document
            container = scenario.containerSize ?? document.containerSize ?? LayoutScenario.defaultContainerSize
            let geometry = ScenarioGeometry(scenario: scenario, container: container)
            self.geometry = geometry
            var sizes = document.items.map(\.intrinsicSize)
            for override in scenario.intrinsicSizes {
                if let index = document.items.firstIndex(where: { $0.name == override.view && !$0.isGuide }) {
                    sizes[index] = override.size
                }
            }
            intrinsicSizes = sizes
            let sums: [LayoutEngine.LinearSum?]
            if let previous = previous?.sums, previous.count == document.constraints.count {
                sums = previous.indices.map { index in
                    guard var sum = previous[index] else { return nil }
                    sum.constant = engine.constant(for: index, geometry: geometry)
                    return sum
                }
            } else {
                sums = document.constraints.indices.map { index in
                    engine.isUsable(index) ? engine.sum(for: index, geometry: geometry) : nil
                }
            }
            self.sums = sums
            guard foldingFixedValues else {
                fixed = nil
                return
            }
            let equalities = engine.shapes.indices.compactMap { index in
                engine.shapes[index].isRequiredEquality ? sums[index] : nil
            }
            if let previous, let previousFixed = previous.fixed, previous.sums.count == sums.count,
               previous.intrinsicSizes == sizes {
                fixed = FixedValues(replaying: previousFixed, equalities: equalities)
                return
            }
            fixed = FixedValues(equalities: equalities, variableCount: 4 * document.items.count).flatMap { values in
                LayoutRun.completingUnconstrained(values, engine: engine, sums: sums, intrinsicSizes: sizes)
            }
        }
    }

    /// Moves this run, a complete and conflict-free solve with fixed values folded in, to another
    /// scenario of the same writing direction, by changing the constants of its solver's
    /// constraints in place (`Solver.updateConstant`) instead of building a new solver, and returns
    /// that scenario's result.
    ///
    /// The scenario changes only constants: the container's size, the root's guides and margins
    /// enter every expression as constants, and the writing direction, which decides the terms,
    /// is the same. The new result is the one a fresh solve gives, because a complete layout has
    /// one solution: every position and size is determined by the constraints stronger than weak
    /// (that is what complete means), so the weak ones cannot choose among several. Nil, with the
    /// run no longer usable, whenever that reasoning does not apply and a fresh solve must decide:
    /// another direction or other content sizes, other variables fixed by the required
    /// equalities, a required constraint that cannot hold with its new constant, or a result
    /// that is not complete.
    mutating func resolve(for scenario: LayoutScenario) -> LayoutResult? {
        guard let oldFixed = fixed, scenario.direction == self.scenario.direction,
              conflicts.isEmpty, unanalyzed.isEmpty, pending.isEmpty else { return nil }
        // Same direction, so the same terms: only the constants change.
        let setting = Setting(engine: engine, scenario: scenario, foldingFixedValues: true,
                              following: (sums, intrinsicSizes, oldFixed))
        guard setting.intrinsicSizes == intrinsicSizes, let newFixed = setting.fixed,
              newFixed.isFixed == oldFixed.isFixed else { return nil }
        // Every constraint folded to a constant must still hold, as it did when it was added.
        for case let (index, sum?) in setting.sums.enumerated() where engine.shapes[index].priority.isRequired {
            let folded = Self.folded(sum, fixed: newFixed)
            guard folded.terms == 0 else { continue }
            let holds = switch engine.shapes[index].relation {
            case .equal: abs(folded.constant) < 1e-9
            case .lessThanOrEqual: folded.constant < 1e-9
            case .greaterThanOrEqual: folded.constant > -1e-9
            }
            guard holds else { return nil }
        }
        let startPivots = solver.pivotCount
        solver.pivotLimit = startPivots + engine.maxPivots
        for (constraint, origin) in added {
            guard case .document(let index) = origin else { continue }  // content sizes do not change
            guard let sum = setting.sums[index] else { return nil }
            let folded = Self.folded(sum, fixed: newFixed)
            guard folded.terms == constraint.expression.terms.count else { return nil }
            guard folded.constant != solver.constant(of: constraint) else { continue }
            do throws(SolverError) {
                try solver.updateConstant(constraint, to: folded.constant)
            } catch {
                return nil
            }
        }
        self.scenario = scenario
        container = setting.container
        geometry = setting.geometry
        sums = setting.sums
        fixed = newFixed
        var result = result()
        result.pivots = solver.pivotCount - startPivots
        return result.isComplete ? result : nil
    }

    /// The constant of `sum` with the fixed values folded in, and the number of terms left, as
    /// `add` makes them.
    private static func folded(_ sum: LayoutEngine.LinearSum, fixed: FixedValues) -> (constant: Double, terms: Int) {
        var constant = sum.constant
        var terms = 0
        for term in sum.terms where abs(term.coefficient) > LayoutEngine.LinearSum.negligibleCoefficient {
            if fixed.isFixed[term.index] {
                constant += term.coefficient * fixed.values[term.index]
            } else {
                terms += 1
            }
        }
        return (constant, terms)
    }
}
