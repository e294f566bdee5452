/// Which tableau a solver works on: `CompactTableau` with one-word masks while the system has at
/// most 64 symbols, the same tableau with two-word masks (the wide compact tableau) once it
/// outgrows them and while it has at most 128, and `Tableau` past that. The solver's operations
/// call the helpers below, which forward to the tableau in use; all three follow the same pivoting
/// rules, so a move from one to the next changes no result.
extension Solver {
    /// The tableau a solver works on.
    enum Representation {
        /// `compact`, one-word masks.
        case compact
        /// `wide`, two-word masks: the system outgrew `compact`.
        case wide
        /// `large`: the system outgrew the compact tableaus, or a test asked for `Tableau`.
        case large
    }

    /// The tableau a solver works on, with the wide compact tableau's box while that is the one:
    /// the box exists exactly while it is in use, so no operation can find it missing.
    enum TableauInUse {
        case compact
        case wide(WideTableauBox)
        case large
    }

    /// The tableau the solver works on.
    var representation: Representation {
        switch tableauInUse {
        case .compact: .compact
        case .wide: .wide
        case .large: .large
        }
    }

    /// Whether the solver works on one of its compact tableaus.
    var usesCompact: Bool {
        if case .large = tableauInUse { return false }
        return true
    }

    /// The wide compact tableau, while the solver works on it.
    var wide: CompactTableau<WideSymbolMask>? {
        if case .wide(let box) = tableauInUse { return box.tableau }
        return nil
    }

    /// The large-system tableau. Reading or changing it through this property first moves a
    /// solver still on a compact tableau onto it, for good (until `reset()`). (The solver's own
    /// operations reach it in place, through `large?`; this property, which tests and the
    /// ambiguity check use, moves it out and back.)
    var tableau: Tableau {
        _read {
            switchToTableau()
            yield large ?? Tableau()
        }
        _modify {
            switchToTableau()
            var tableau = large.take() ?? Tableau()
            defer { large = tableau }
            yield &tableau
        }
    }

    /// Moves the solver from its compact tableau (one-word or wide) onto a `Tableau` holding the
    /// same system; it then stays there until `reset()`. Does nothing on a solver already there.
    func switchToTableau() {
        switch tableauInUse {
        case .large:
            return
        case .compact:
            if compact.isEmpty {
                // Nothing to carry over but the work.
                var empty = Tableau()
                empty.work = compact.work
                empty.pricing.pricesEverySymbol = true
                large = empty
                compact.work = PivotWork()
            } else {
                large = compact.makeTableau()
                compact.removeAll()
            }
        case .wide(let box):
            large = box.tableau.makeTableau()
        }
        tableauInUse = .large
    }

    /// Moves the solver from its one-word compact tableau onto the wide one, with the same symbols,
    /// rows and objectives (see `CompactTableau.init(widening:)`).
    func widen() {
        guard case .compact = tableauInUse else { return }
        tableauInUse = .wide(WideTableauBox(CompactTableau(widening: compact)))
        compact.removeAll()
    }

    /// Moves to a tableau with room first when an operation may make `extra` symbols that the
    /// tableau in use has no room for: the wide compact tableau if it has room, else `Tableau`.
    func makeRoom(for extra: Int) {
        switch tableauInUse {
        case .compact:
            guard !compact.hasRoom(for: extra) else { return }
            if compact.hasRoom(for: extra, within: WideSymbolMask.capacity) { widen() } else { switchToTableau() }
        case .wide(let box):
            if !box.tableau.hasRoom(for: extra) { switchToTableau() }
        case .large:
            return
        }
    }

    /// Moves to a tableau with room before a batch whose symbols would not all fit in the one in
    /// use (its markers, the variables it brings and one artificial variable), instead of moving in
    /// the middle of it.
    func makeRoom(forBatch constraints: [Constraint]) {
        switch tableauInUse {
        case .compact:
            guard !compact.hasRoom(forBatch: constraints, within: SymbolMask.capacity) else { return }
            if compact.hasRoom(forBatch: constraints, within: WideSymbolMask.capacity) { widen() } else { switchToTableau() }
        case .wide(let box):
            if !box.tableau.hasRoom(forBatch: constraints, within: WideSymbolMask.capacity) { switchToTableau() }
        case .large:
            return
        }
    }

    /// The pivots made and the limit, on the tableau in use.
    var work: PivotWork {
        get {
            switch tableauInUse {
            case .compact: compact.work
            case .wide(let box): box.tableau.work
            case .large: large?.work ?? PivotWork()
            }
        }
        set {
            switch tableauInUse {
            case .compact: compact.work = newValue
            case .wide(let box): box.tableau.work = newValue
            case .large: large?.work = newValue
            }
        }
    }

    /// The current value of `variable` in the tableau in use (its expanded row's constant), or
    /// nil for a variable the solver has never seen.
    func currentValue(of variable: Variable) -> Double? {
        switch tableauInUse {
        case .compact: compact.currentValue(of: variable)
        case .wide(let box): box.tableau.currentValue(of: variable)
        case .large: large?.currentValue(of: variable)
        }
    }

    func beginTransaction(tracksRows: Bool) {
        switch tableauInUse {
        case .compact: compact.beginTransaction(tracksRows: tracksRows)
        case .wide(let box): box.tableau.beginTransaction(tracksRows: tracksRows)
        case .large: large?.beginTransaction(tracksRows: tracksRows)
        }
    }

    func commit() {
        switch tableauInUse {
        case .compact: compact.commit()
        case .wide(let box): box.tableau.commit()
        case .large: large?.commit()
        }
    }

    func rollback() {
        switch tableauInUse {
        case .compact: compact.rollback()
        case .wide(let box): box.tableau.rollback()
        case .large: large?.rollback()
        }
    }

    func reoptimize() throws(SolverError) {
        switch tableauInUse {
        case .compact: try compact.reoptimize()
        case .wide(let box): try box.tableau.reoptimize()
        case .large: try large?.reoptimize()
        }
    }

    func repairFeasibility() throws(SolverError) {
        switch tableauInUse {
        case .compact: try compact.repairFeasibility()
        case .wide(let box): try box.tableau.repairFeasibility()
        case .large: try large?.repairFeasibility()
        }
    }

    func dualOptimize() -> SimplexOutcome {
        switch tableauInUse {
        case .compact: compact.dualOptimize()
        case .wide(let box): box.tableau.dualOptimize()
        case .large: large?.dualOptimize() ?? .optimal
        }
    }

    func changeConstant(tag: ConstraintTag, by delta: Double) -> Bool {
        switch tableauInUse {
        case .compact: compact.changeConstant(tag: tag, by: delta)
        case .wide(let box): box.tableau.changeConstant(tag: tag, by: delta)
        case .large: large?.changeConstant(tag: tag, by: delta) ?? true
        }
    }

    /// Takes a removed constraint's error symbols out of their objectives and its marker out of
    /// the tableau.
    func removeSymbols(of tag: ConstraintTag) {
        switch tableauInUse {
        case .compact:
            compact.removeSymbols(of: tag)
        case .wide(let box):
            box.tableau.removeSymbols(of: tag)
        case .large:
            large?.removeSymbols(of: tag)
        }
    }

    /// Makes the row of a new constraint and installs it (see `insert`); nil when a required
    /// constraint cannot hold, with the changes left for the caller to roll back.
    @inline(__always)
    func installRow(of constraint: Constraint, constant: Double) -> ConstraintTag? {
        switch tableauInUse {
        case .compact:
            return compact.installRow(of: constraint, constant: constant)
        case .wide(let box):
            return box.tableau.installRow(of: constraint, constant: constant)
        case .large:
            return large?.installRow(of: constraint, constant: constant)
        }
    }
}

/// The wide compact tableau of a solver, boxed: a solver makes it only when its system outgrows
/// one-word masks, and holding it by reference keeps the solver object as small as without it.
/// Held inline (as an optional), it made every solver object larger, and the 5,000 small scripts
/// of `lectern-bench solver` took 2.5% more instructions, two thirds of them in the allocator.
final class WideTableauBox {
    @exclusivity(unchecked) var tableau: CompactTableau<WideSymbolMask>

    init(_ tableau: CompactTableau<WideSymbolMask>) {
        self.tableau = tableau
    }
}
