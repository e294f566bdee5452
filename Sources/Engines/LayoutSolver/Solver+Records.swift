/// Finding a solver's record of a constraint without a search.
///
/// Every add checks that the constraint is new, and every remove, constant change and query finds
/// its record. The records are an `IdentityTable`, searched linearly up to 32 entries. A
/// constraint also carries how many solvers hold it (`Constraint.holders`) and, while exactly one
/// does, the position of its record there (`Constraint.recordHint`, else -1), both kept by the
/// solvers as they add and remove it. A constraint that no solver holds is not this solver's; one
/// with a position is this solver's exactly when the record at that position is its own (keys are
/// unique within a table); only a constraint that was in several solvers at once (a conflict
/// analysis replays constraints on scratch solvers) is searched for. Every solver adds and
/// subtracts exactly its own holds (on add, remove, reset and teardown), so the counts are exact,
/// and a position is trusted only when the table's key there is the constraint's own.
extension Solver {
    /// The position of `constraint`'s record, or nil when the solver does not hold it.
    @inline(__always)
    func recordPosition(of constraint: Constraint) -> Int? {
        let key = ObjectIdentifier(constraint)
        guard constraint.holders > 0 else { return nil }
        let hint = constraint.recordHint
        guard hint >= 0 else { return records.position(of: key) }
        return hint < records.count && records.key(at: hint) == key ? hint : nil
    }

    /// Records that this solver now holds `constraint`, whose record was just appended.
    @inline(__always)
    func holdRecord(of constraint: Constraint) {
        // A constraint already held elsewhere has no one position: it is searched for from now on.
        constraint.recordHint = constraint.holders == 0 ? records.count - 1 : -1
        constraint.holders += 1
    }

    /// Removes the record at `position` and returns it. The last record moves into its place, and
    /// its constraint's position with it (a constraint with a position is held by this solver only).
    func removeRecord(at position: Int) -> Record {
        let record = records.remove(at: position)
        if position < records.count {
            records[position: position].retained._withUnsafeGuaranteedRef { moved in
                if moved.recordHint >= 0 { moved.recordHint = position }
            }
        }
        release(record.retained)
        return record
    }

    /// Lets go of every record's constraint (before the records are dropped).
    func releaseRecords() {
        records.forEachValue { release($0.retained) }
    }

    /// Records that this solver no longer holds the constraint, and releases the solver's
    /// reference to it.
    @inline(__always)
    private func release(_ retained: Unmanaged<Constraint>) {
        retained._withUnsafeGuaranteedRef { constraint in
            constraint.holders -= 1
            if constraint.holders == 0 { constraint.recordHint = -1 }
        }
        retained.release()
    }
}
