extension Solver {
    /// An irreducible infeasible subset of the required constraints, in add order, that contains
    /// `constraint`, the required constraint that could not be added (or whose constant could not
    /// change).
    ///
    /// Method: only constraints connected to `constraint` through shared variables can take part in
    /// a minimal conflict. Candidates are replayed on scratch solvers, `constraint` first, the others
    /// in add order; the prefix up to the first failure is infeasible. Deletion filtering then drops
    /// each candidate whose removal keeps the set infeasible (re-truncating to the failing prefix).
    /// A candidate is kept only when the set without it is feasible, so every proper subset of the
    /// result is feasible. It runs only after a failure and costs one scratch solve per test; the
    /// scratch solves' pivots count in `pivotCount` and stop at `pivotLimit`.
    ///
    /// - Parameter constants: expression constants that differ from the constraints' own (constants
    ///   changed by `updateConstant`, or the rejected new constant).
    func conflictingSet(for constraint: Constraint, constants: [ObjectIdentifier: Double] = [:]) -> [Constraint] {
        var current: [ObjectIdentifier: Double] = [:]
        var sequence: [ObjectIdentifier: Int] = [:]
        var required: [(Int, Constraint)] = []
        for record in records.values {
            let held = record.retained.takeUnretainedValue()
            guard held.strength.isRequired else { continue }
            let key = ObjectIdentifier(held)
            current[key] = record.constant
            sequence[key] = record.sequence
            if held !== constraint { required.append((record.sequence, held)) }
        }
        current.merge(constants) { _, override in override }
        let key = ObjectIdentifier(constraint)
        if current[key] == nil { current[key] = constraint.expression.constant }
        let connected = constraintsConnected(to: constraint, among: required.sorted { $0.0 < $1.0 }.map(\.1))

        let constantOf = { (candidate: Constraint) in current[ObjectIdentifier(candidate)] ?? candidate.expression.constant }
        var set = [constraint] + connected
        if let failure = firstFailure(set, constantOf: constantOf) { set = Array(set[...failure]) }
        var index = 1
        while index < set.count {
            var trial = set
            trial.remove(at: index)
            if let failure = firstFailure(trial, constantOf: constantOf) {
                set = Array(trial[...failure])
            } else {
                index += 1
            }
        }
        let newestLast = Int.max
        return set.sorted {
            (sequence[ObjectIdentifier($0)] ?? newestLast) < (sequence[ObjectIdentifier($1)] ?? newestLast)
        }
    }

    /// The constraints of `candidates` (kept in their order) linked to `constraint` by a chain of
    /// shared variables.
    private func constraintsConnected(to constraint: Constraint, among candidates: [Constraint]) -> [Constraint] {
        var reached = Set(constraint.expression.terms.map { ObjectIdentifier($0.variable) })
        var remaining = candidates
        var connected: Set<ObjectIdentifier> = []
        var grew = true
        while grew {
            grew = false
            remaining.removeAll { candidate in
                let variables = candidate.expression.terms.map { ObjectIdentifier($0.variable) }
                guard variables.contains(where: reached.contains) else { return false }
                reached.formUnion(variables)
                connected.insert(ObjectIdentifier(candidate))
                grew = true
                return true
            }
        }
        return candidates.filter { connected.contains(ObjectIdentifier($0)) }
    }

    /// The index of the first constraint a fresh solver rejects when given `list` in order.
    /// The scratch solver's pivots count as this solver's work, within its limit.
    private func firstFailure(_ list: [Constraint], constantOf: (Constraint) -> Double) -> Int? {
        let scratch = Solver()
        scratch.work.limit = work.remaining
        defer { work.pivots += scratch.work.pivots }
        for (index, candidate) in list.enumerated() {
            // Only feasibility matters here, so the scratch solver never optimizes.
            let added = (try? scratch.insert(candidate, constant: constantOf(candidate), optimizing: false)) ?? true
            if !added { return index }
        }
        return nil
    }
}
