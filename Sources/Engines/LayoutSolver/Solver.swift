/// An incremental Cassowary constraint solver.
///
/// Constraints can be added and removed one at a time and edit variables can be moved; each change
/// re-optimizes from the previous solution instead of solving from scratch. Non-required
/// constraints are satisfied in strict priority order (see `Strength`). Results depend only on the
/// sequence of calls, never on hashing, so the same calls give bit-identical values in every process.
///
/// Every throwing method leaves the solver exactly as it was when it throws. A solver is not
/// thread-safe; use one per task.
public final class Solver {
    /// What the solver keeps about an added constraint.
    struct Record {
        /// The constraint, retained by the solver itself: `insert` retains it, and `removeRecord`
        /// and `releaseRecords` release it. So a record is plain data, and dropping the records
        /// destroys no reference one by one through the runtime's generic array destruction (about
        /// 60 instructions a record, where a release by hand is a third of that).
        var retained: Unmanaged<Constraint>
        var tag: ConstraintTag
        /// The constant currently in force (changed by `updateConstant`); for the constraint of an
        /// edit variable, which only `suggestValue` changes, `Edit.value` is the one in force.
        var constant: Double
        /// The position of the constraint in add order.
        var sequence: Int
    }

    /// What the solver keeps about an edit variable.
    struct Edit {
        var constraint: Constraint
        var tag: ConstraintTag
        var value: Double
    }

    // Only the solver's own methods, which never nest accesses to these, touch them: they skip the
    // runtime exclusivity check that every call would otherwise pay.
    /// The tableaus (see `Solver+Representation.swift`): `compact` while the system fits in one-word
    /// masks, the wide compact tableau (made when needed, boxed, held by `tableauInUse`) once it
    /// outgrows them and while it fits in two-word masks, `large` past that.
    @exclusivity(unchecked) var compact = CompactTableau<SymbolMask>()
    /// `Tableau`, made when the solver moves onto it: nil exactly while `tableauInUse` is not
    /// `.large`. It is held inline, where the solver's operations reach it as they reached a plain
    /// stored `Tableau`, but a solver that never moves onto it neither sets up nor tears down its
    /// thirty-odd tables (an optional that is nil destroys nothing).
    @exclusivity(unchecked) var large: Tableau?
    /// The tableau the solver works on.
    @exclusivity(unchecked) var tableauInUse = TableauInUse.compact
    @exclusivity(unchecked) var records = IdentityTable<Record>()
    @exclusivity(unchecked) var edits = IdentityTable<Edit>()
    private var nextSequence = 0

    /// Creates an empty solver.
    public init() {}

    /// Lets go of the constraints the solver holds (see `Solver+Records.swift`).
    deinit {
        releaseRecords()
    }

    // MARK: Constraints

    /// Adds a constraint and re-solves.
    ///
    /// - Throws: `duplicateConstraint`, `invalidNumber` for a NaN or infinite coefficient or
    ///   constant, `unsatisfiable` (with a minimal conflicting set) for a required constraint that
    ///   cannot hold with the required constraints present.
    public func add(_ constraint: Constraint) throws(SolverError) {
        try add(constraint, optimizing: true)
    }

    /// Adds the constraints in order and optimizes once, at the end.
    ///
    /// Each constraint is checked as `add(_:)` checks it, at its own turn: a constraint that `add`
    /// would reject (duplicate, invalid number, or a required constraint that cannot hold with the
    /// required constraints before it, with its minimal conflicting set) is skipped, leaves the
    /// solver unchanged, and is reported with its index. Only the optimization of the non-required
    /// levels is deferred, which makes adding n constraints cheaper than n calls to `add(_:)`.
    /// The optimum reached is the same; when several solutions are optimal (an ambiguous system),
    /// the one chosen may differ from what one-by-one adds would choose.
    ///
    /// - Returns: the rejected constraints' indices in `constraints` and errors, in order; when
    ///   the final optimization fails, one more entry, `optimizationFailed` at index
    ///   `constraints.count` (every constraint without an entry of its own was added).
    public func add(contentsOf constraints: [Constraint]) -> [(index: Int, error: SolverError)] {
        var rejected: [(index: Int, error: SolverError)] = []
        // Each constraint makes at most two markers, and usually brings about one new variable.
        makeRoom(forBatch: constraints)
        large?.reserveSymbols(3 * constraints.count)
        for (index, constraint) in constraints.enumerated() {
            do throws(SolverError) {
                try add(constraint, optimizing: false)
            } catch {
                rejected.append((index, error))
            }
        }
        do throws(SolverError) {
            try reoptimize()
        } catch {
            rejected.append((constraints.count, error))
        }
        return rejected
    }

    /// Adds a constraint if it can hold, without the conflict analysis of `add(_:)`.
    ///
    /// - Returns: true when the constraint was added; false, with the solver unchanged, when it is
    ///   a required constraint that cannot hold with the required constraints present.
    /// - Throws: `duplicateConstraint`, `invalidNumber`; `optimizationFailed` after adding it.
    public func addIfSatisfiable(_ constraint: Constraint) throws(SolverError) -> Bool {
        try checkNew(constraint)
        return try insert(constraint, constant: constraint.expression.constant, optimizing: true)
    }

    /// Removes a constraint and re-solves.
    ///
    /// - Throws: `unknownConstraint` if the constraint is not in the solver; `optimizationFailed`
    ///   after removing it.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard let position = recordPosition(of: constraint) else { throw .unknownConstraint(constraint) }
        let record = removeRecord(at: position)
        removeSymbols(of: record.tag)
        try reoptimize()
    }

    /// Whether the constraint is in the solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        recordPosition(of: constraint) != nil
    }

    /// Changes the constant of an added constraint's expression to `constant` without removing and
    /// re-adding it; `constraint.expression` itself is immutable and keeps its original constant.
    ///
    /// - Throws: `unknownConstraint`, `invalidNumber`, or `unsatisfiable` when a required constraint
    ///   cannot hold with the new constant; `optimizationFailed` after changing a non-required one.
    public func updateConstant(_ constraint: Constraint, to constant: Double) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard let position = recordPosition(of: constraint) else { throw .unknownConstraint(constraint) }
        let record = records[position: position]
        guard constant.isFinite else {
            throw .invalidNumber("constant \(constant) for constraint \(constraint)")
        }
        let delta = constant - record.constant
        guard constraint.strength.isRequired else {
            // Only a basic dummy can refuse a constant change, and a non-required constraint has none.
            _ = changeConstant(tag: record.tag, by: delta)
            records[position: position].constant = constant
            try repairFeasibility()
            return
        }
        beginTransaction(tracksRows: true)
        if changeConstant(tag: record.tag, by: delta) && dualOptimize() == .optimal {
            commit()
            records[position: position].constant = constant
            return
        }
        rollback()
        throw .unsatisfiable(constraint, conflicting: conflictingSet(for: constraint, constants: [key: constant]))
    }

    /// The constant of an added constraint's expression now in force (see `updateConstant`), or
    /// nil for a constraint the solver does not hold.
    public func constant(of constraint: Constraint) -> Double? {
        recordPosition(of: constraint).map { records[position: $0].constant }
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable of the given (non-required) strength.
    ///
    /// The edit starts out suggesting the variable's current value in this solver (0 for a variable
    /// the solver has not seen), so adding an edit variable never moves the solution by itself.
    ///
    /// - Throws: `duplicateEditVariable`, `requiredEditVariable`; `optimizationFailed` after adding it.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard !edits.contains(key) else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .requiredEditVariable(variable) }
        let current = currentValue(of: variable) ?? 0
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        var failure: SolverError?
        let recordsBefore = records.count
        do throws(SolverError) {
            _ = try insert(constraint, constant: -current)  // a non-required constraint always holds
        } catch {
            failure = error  // added all the same: record the edit before reporting
        }
        // An added constraint's record is the table's last entry.
        if records.count > recordsBefore {
            let tag = records[position: records.count - 1].tag
            edits.append(Edit(constraint: constraint, tag: tag, value: current), forKey: key)
        }
        if let failure { throw failure }
    }

    /// Stops treating `variable` as an edit variable; its suggested value no longer applies.
    ///
    /// - Throws: `unknownEditVariable`.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw .unknownEditVariable(variable)
        }
        try remove(edit.constraint)
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits.contains(ObjectIdentifier(variable))
    }

    /// Suggests a value for an edit variable and re-solves (dual simplex from the previous solution).
    ///
    /// - Throws: `unknownEditVariable`, `invalidNumber`; `optimizationFailed` after the change.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard let index = edits.position(of: ObjectIdentifier(variable)) else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .invalidNumber("suggested value \(value) for \(variable)") }
        let edit = edits[position: index]
        edits[position: index].value = value
        // The edit constraint is `variable - value == 0`: its constant is `-value`. It is not
        // required, so it has no dummy that could refuse the change.
        _ = changeConstant(tag: edit.tag, by: edit.value - value)
        try repairFeasibility()
    }

    // MARK: Values

    /// Writes the current solution into `Variable.value` for the variables whose value may have
    /// changed since the last update.
    public func updateVariables() {
        switch tableauInUse {
        case .compact: compact.writeValues()
        case .wide(let box): box.tableau.writeValues()
        case .large: large?.writeChangedValues()
        }
    }

    /// Removes every constraint and edit variable. Variable values keep their last update. The
    /// solver starts again on its compact tableau, whose storage it keeps.
    public func reset() {
        compact.removeAll()
        large = nil
        tableauInUse = .compact
        releaseRecords()
        records.removeAll()
        edits.removeAll()
        nextSequence = 0
    }

    // MARK: Internals

    /// Adds a constraint, optimizing afterwards or leaving that to the caller.
    private func add(_ constraint: Constraint, optimizing: Bool) throws(SolverError) {
        try checkNew(constraint)
        if try !insert(constraint, constant: constraint.expression.constant, optimizing: optimizing) {
            throw .unsatisfiable(constraint, conflicting: conflictingSet(for: constraint))
        }
    }

    /// Throws `duplicateConstraint` or `invalidNumber` for a constraint that cannot be added.
    private func checkNew(_ constraint: Constraint) throws(SolverError) {
        guard recordPosition(of: constraint) == nil else {
            throw .duplicateConstraint(constraint)
        }
        guard constraint.expression.constant.isFinite else {
            throw .invalidNumber("constant \(constraint.expression.constant) in constraint \(constraint)")
        }
        // The coefficients are read in place: a copy of each term would retain its variable.
        let firstInvalid = constraint.expression.terms.withUnsafeBufferPointer { terms in
            terms.indices.first { !terms[$0].coefficient.isFinite }
        }
        if let index = firstInvalid {
            let term = constraint.expression.terms[index]
            throw .invalidNumber("coefficient \(term.coefficient) of \(term.variable) in constraint \(constraint)")
        }
    }

    /// Adds a validated constraint (one the solver does not hold) with the given expression
    /// constant, then optimizes unless told not to (the tableau stays feasible, only the non-required levels are left to improve).
    /// Returns false, with the solver unchanged, when a required constraint cannot hold; throws
    /// `optimizationFailed` when the optimization after adding it fails.
    func insert(_ constraint: Constraint, constant: Double, optimizing: Bool = true) throws(SolverError) -> Bool {
        // New variables, two markers, and an artificial variable.
        makeRoom(for: constraint.expression.terms.count + 3)
        let required = constraint.strength.isRequired
        if required { beginTransaction(tracksRows: false) }
        guard let tag = installRow(of: constraint, constant: constant) else {
            rollback()
            return false
        }
        commit()
        records.append(Record(retained: .passRetained(constraint), tag: tag, constant: constant, sequence: nextSequence),
                       forKey: ObjectIdentifier(constraint))
        holdRecord(of: constraint)
        nextSequence += 1
        if optimizing { try reoptimize() }
        return true
    }
}
