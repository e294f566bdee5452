/// Which tableau a solver works on: `CompactTableau` while the system is small, `Tableau` once it
/// outgrows it. The solver's operations call the helpers below, which forward to the tableau in
/// use; both follow the same pivoting rules, so the switch changes no result.
extension Solver {
    /// The large-system tableau. Reading or changing it through this property first moves a
    /// solver still on its compact tableau onto it, for good (until `reset()`).
    var tableau: Tableau {
        _read {
            switchToTableau()
            yield large
        }
        _modify {
            switchToTableau()
            yield &large
        }
    }

    /// Moves the solver from its compact tableau onto a `Tableau` holding the same system; it then
    /// stays there until `reset()`. Does nothing on a solver already there.
    func switchToTableau() {
        guard usesCompact else { return }
        usesCompact = false
        if compact.isEmpty {
            // Nothing to carry over but the work: `large` is still the empty tableau it was made as.
            large.work = compact.work
            large.pricing.pricesEverySymbol = true
            compact.work = PivotWork()
            return
        }
        large = compact.makeTableau()
        compact.removeAll()
    }

    /// Switches to `Tableau` first when an operation may make `extra` symbols that the compact
    /// tableau has no room for.
    func makeRoom(for extra: Int) {
        if usesCompact && !compact.hasRoom(for: extra) { switchToTableau() }
    }

    /// Switches to `Tableau` before a batch whose symbols would not all fit in the compact tableau
    /// (its markers, the variables it brings and one artificial variable), instead of moving there
    /// in the middle of it.
    func makeRoom(forBatch constraints: [Constraint]) {
        guard usesCompact else { return }
        var markers = 1
        var terms = 0
        for constraint in constraints {
            markers += constraint.strength.isRequired ? 1 : 2
            terms += constraint.expression.terms.count
        }
        // Cheap bounds first; the new variables are counted only between them.
        guard !compact.hasRoom(for: markers + terms) else { return }
        guard compact.hasRoom(for: markers) else { return switchToTableau() }
        if !fitsFreshVariables(of: constraints, besides: markers) { switchToTableau() }
    }

    /// Whether the variables of `constraints` that the compact tableau has not seen fit in it
    /// beside `markers` more symbols. The distinct new variables are gathered in a list no longer
    /// than the room left, searched linearly, so a batch that does not fit is given up on as soon
    /// as the list is full (no hashing: only the count matters).
    private func fitsFreshVariables(of constraints: [Constraint], besides markers: Int) -> Bool {
        let room = CompactTableau.symbolLimit - compact.symbolCount - markers
        guard room >= 0 else { return false }
        return withUnsafeTemporaryAllocation(of: ObjectIdentifier.self, capacity: room + 1) { fresh in
            var count = 0
            for constraint in constraints {
                for term in constraint.expression.terms where compact.existingSymbol(for: term.variable) == nil {
                    let key = ObjectIdentifier(term.variable)
                    if fresh[..<count].contains(key) { continue }
                    guard count < room else { return false }
                    fresh[count] = key
                    count += 1
                }
            }
            return true
        }
    }

    /// The pivots made and the limit, on the tableau in use.
    var work: PivotWork {
        get { usesCompact ? compact.work : large.work }
        set {
            if usesCompact { compact.work = newValue } else { large.work = newValue }
        }
    }

    /// The current value of `variable` in the tableau in use (its expanded row's constant), or
    /// nil for a variable the solver has never seen.
    func currentValue(of variable: Variable) -> Double? {
        if usesCompact { return compact.existingSymbol(for: variable).map { compact.value(of: $0) } }
        return large.existingSymbol(for: variable).map { large.value(of: $0) }
    }

    func beginTransaction(tracksRows: Bool) {
        if usesCompact { compact.beginTransaction(tracksRows: tracksRows) } else { large.beginTransaction(tracksRows: tracksRows) }
    }

    func commit() {
        if usesCompact { compact.commit() } else { large.commit() }
    }

    func rollback() {
        if usesCompact { compact.rollback() } else { large.rollback() }
    }

    func reoptimize() throws(SolverError) {
        if usesCompact { try compact.reoptimize() } else { try large.reoptimize() }
    }

    func repairFeasibility() throws(SolverError) {
        if usesCompact { try compact.repairFeasibility() } else { try large.repairFeasibility() }
    }

    func dualOptimize() -> SimplexOutcome {
        usesCompact ? compact.dualOptimize() : large.dualOptimize()
    }

    func changeConstant(tag: ConstraintTag, by delta: Double) -> Bool {
        usesCompact ? compact.changeConstant(tag: tag, by: delta) : large.changeConstant(tag: tag, by: delta)
    }

    /// Takes a removed constraint's error symbols out of their objectives and its marker out of
    /// the tableau.
    func removeSymbols(of tag: ConstraintTag) {
        if usesCompact {
            if compact.kind(tag.marker) == .error {
                compact.addToObjective(tag.marker, times: -1, level: compact.level(tag.marker))
            }
            if let other = tag.other, compact.kind(other) == .error {
                compact.addToObjective(other, times: -1, level: compact.level(other))
            }
            compact.removeMarker(tag.marker)
            return
        }
        if large.kinds[tag.marker] == .error {
            large.addToObjective(tag.marker, times: -1, level: large.levels[tag.marker])
        }
        if let other = tag.other, large.kinds[other] == .error {
            large.addToObjective(other, times: -1, level: large.levels[other])
        }
        large.removeMarker(tag.marker)
    }

    /// Makes the row of a new constraint and installs it (see `insert`); nil when a required
    /// constraint cannot hold, with the changes left for the caller to roll back.
    func installRow(of constraint: Constraint, constant: Double) -> ConstraintTag? {
        if usesCompact {
            let (entry, tag, definedVariable) = compact.makeRow(constraint, constant: constant)
            return compact.install(entry, tag: tag, definedVariable: definedVariable) ? tag : nil
        }
        let (row, tag, definedVariable) = makeRow(constraint, constant: constant)
        return large.install(consume row, tag: tag, definedVariable: definedVariable) ? tag : nil
    }
}
