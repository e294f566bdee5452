import AutoLayout
import Glibc
import Grading
import LayoutSolver
import SeededRandom

/// One call of a solver script: what `SolverScriptSet` replays on a fresh solver.
enum SolverScriptCall {
    /// Adds the script's constraint with this index.
    case add(Int)
    /// Removes the script's constraint with this index.
    case remove(Int)
    /// Makes a variable an edit variable of a (non-required) strength.
    case edit(variable: Int, strength: Strength)
    /// Stops editing a variable.
    case unedit(variable: Int)
    /// Suggests a value for an edit variable.
    case suggest(variable: Int, value: Double)
    /// Reads the values (`updateVariables`).
    case update
}

/// A script of solver calls over its own variables and constraints.
struct SolverScript {
    var variableCount: Int
    var constraints: [SolverBenchConstraint]
    var calls: [SolverScriptCall]
}

/// A set of scripts timed as one workload: each script runs on a fresh solver, with its variables
/// and constraint objects made before the clock starts, and the whole set is timed by the
/// thread's CPU clock, which other processes on a shared machine disturb less than the wall
/// clock. Native kiwi (`scripts/bench_solver_native.cpp`) replays the same scripts timed the same
/// way; kiwisolver (through Python) by the wall clock.
struct SolverScriptSet {
    var name: String
    var scripts: [SolverScript]

    /// The timing of a run over every script: total milliseconds, and the calls the solver refused.
    struct Timing {
        var totalMilliseconds: Double
        var refused: Int
    }

    /// The fastest of up to 5 runs (as many as fit in 1 s).
    func fastestRun() -> Timing {
        let prepared = prepare()
        let clock = ContinuousClock()
        let start = clock.now
        var best = run(prepared)
        var runs = 1
        while runs < 5 && start.duration(to: clock.now) < .seconds(1) {
            let next = run(prepared)
            best.totalMilliseconds = min(best.totalMilliseconds, next.totalMilliseconds)
            runs += 1
        }
        return best
    }

    /// The variables and constraint objects of one script, made before the clock starts: the
    /// arrays that keep them alive, and unretained references to them, which the timed replay passes
    /// to the solver as the native driver passes kiwi's objects, by reference, without counting.
    struct Objects {
        var variables: [Variable]
        var constraints: [Constraint]
        var unretainedVariables: [Unmanaged<Variable>]
        var unretainedConstraints: [Unmanaged<Constraint>]
    }

    /// The scripts' variables and constraint objects.
    private func prepare() -> [Objects] {
        scripts.map { script in
            let variables = (0..<script.variableCount).map { Variable("v\($0)") }
            let constraints = script.constraints.map { spec in
                Constraint(Expression(terms: spec.terms.map { Term(variables[$0.variable], $0.coefficient) },
                                      constant: spec.constant), spec.relation, strength: spec.strength)
            }
            return Objects(variables: variables, constraints: constraints,
                           unretainedVariables: variables.map(Unmanaged.passUnretained),
                           unretainedConstraints: constraints.map(Unmanaged.passUnretained))
        }
    }

    /// One timed replay of every script, each on a fresh solver. The harness does what the native
    /// driver does around each call and nothing more: the scripts, their calls and their objects
    /// are read in place (the driver iterates by reference), and each constraint and variable is
    /// passed to the solver without a retain and release of its own (the driver passes a reference
    /// to kiwi's object without touching its count). Iterating over copies, as the harness once
    /// did, retained and released the arrays of every script and call and each constraint inside
    /// the clock: about 5% of the exercises' systems' instructions, work of the harness's own.
    private func run(_ prepared: [Objects]) -> Timing {
        var refused = 0
        let start = threadCPUMilliseconds()
        scripts.withUnsafeBufferPointer { scripts in
            prepared.withUnsafeBufferPointer { prepared in
                for index in scripts.indices {
                    refused += Self.replay(scripts[index].calls, on: Solver(), prepared[index].unretainedVariables,
                                           prepared[index].unretainedConstraints)
                }
            }
        }
        return Timing(totalMilliseconds: threadCPUMilliseconds() - start, refused: refused)
    }

    /// Makes the calls of one script on `solver`; returns how many it refused.
    private static func replay(_ calls: borrowing [SolverScriptCall], on solver: Solver,
                               _ variables: borrowing [Unmanaged<Variable>],
                               _ constraints: borrowing [Unmanaged<Constraint>]) -> Int {
        var refused = 0
        calls.withUnsafeBufferPointer { calls in
            for index in calls.indices {
                let accepted: Bool
                switch calls[index] {
                case .add(let number):
                    accepted = constraints[number]._withUnsafeGuaranteedRef { constraint in
                        succeeds { () throws(SolverError) in try solver.add(constraint) }
                    }
                case .remove(let number):
                    accepted = constraints[number]._withUnsafeGuaranteedRef { constraint in
                        succeeds { () throws(SolverError) in try solver.remove(constraint) }
                    }
                case .edit(let number, let strength):
                    accepted = variables[number]._withUnsafeGuaranteedRef { variable in
                        succeeds { () throws(SolverError) in try solver.addEditVariable(variable, strength: strength) }
                    }
                case .unedit(let number):
                    accepted = variables[number]._withUnsafeGuaranteedRef { variable in
                        succeeds { () throws(SolverError) in try solver.removeEditVariable(variable) }
                    }
                case .suggest(let number, let value):
                    accepted = variables[number]._withUnsafeGuaranteedRef { variable in
                        succeeds { () throws(SolverError) in try solver.suggestValue(variable, value) }
                    }
                case .update:
                    solver.updateVariables()
                    accepted = true
                }
                if !accepted { refused += 1 }
            }
        }
        return refused
    }

    /// Whether a call succeeded, rather than being refused with an error.
    @inline(__always)
    private static func succeeds(_ call: () throws(SolverError) -> Void) -> Bool {
        do {
            try call()
            return true
        } catch {
            return false
        }
    }

    /// A checksum of one untimed replay: the bit patterns of every variable's value after every
    /// read, each script's pivot count and each refused call, folded in order (FNV-1a over 64-bit
    /// words). Two builds whose solvers make the same pivots and compute bit-identical values
    /// print the same checksum.
    func checksum() -> (checksum: UInt64, pivots: Int, reads: Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func fold(_ word: UInt64) { hash = (hash ^ word) &* 0x0000_0100_0000_01b3 }
        var pivots = 0
        var reads = 0
        for (script, objects) in zip(scripts, prepare()) {
            let solver = Solver()
            for call in script.calls {
                do throws(SolverError) {
                    try Self.replay(call, on: solver, objects)
                    if case .update = call {
                        reads += 1
                        for variable in objects.variables { fold(variable.value.bitPattern) }
                    }
                } catch {
                    fold(0xdead_beef)
                }
            }
            fold(UInt64(solver.pivotCount))
            pivots += solver.pivotCount
        }
        return (hash, pivots, reads)
    }

    /// Makes one call of a script on `solver`.
    @inline(__always)
    private static func replay(_ call: SolverScriptCall, on solver: Solver,
                               _ objects: Objects) throws(SolverError) {
        switch call {
        case .add(let index): try solver.add(objects.constraints[index])
        case .remove(let index): try solver.remove(objects.constraints[index])
        case .edit(let variable, let strength): try solver.addEditVariable(objects.variables[variable], strength: strength)
        case .unedit(let variable): try solver.removeEditVariable(objects.variables[variable])
        case .suggest(let variable, let value): try solver.suggestValue(objects.variables[variable], value)
        case .update: solver.updateVariables()
        }
    }

    /// The CPU time this thread has used, in milliseconds.
    private func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// The set as one JSON line (the input of the kiwi replays).
    var json: String {
        let relation: [Relation: String] = [.equal: "==", .lessThanOrEqual: "<=", .greaterThanOrEqual: ">="]
        let scriptText = scripts.map { script -> String in
            let constraints = script.constraints.map { spec -> String in
                let terms = spec.terms.map { "[\($0.coefficient),\($0.variable)]" }.joined(separator: ",")
                return "{\"terms\":[\(terms)],\"constant\":\(spec.constant),\"op\":\"\(relation[spec.relation] ?? "==")\","
                    + "\"strength\":\(spec.strength.level)}"
            }.joined(separator: ",")
            let calls = script.calls.map { call -> String in
                switch call {
                case .add(let index): "[\"add\",\(index)]"
                case .remove(let index): "[\"remove\",\(index)]"
                case .edit(let variable, let strength): "[\"edit\",\(variable),\(strength.level)]"
                case .unedit(let variable): "[\"unedit\",\(variable)]"
                case .suggest(let variable, let value): "[\"suggest\",\(variable),\(value)]"
                case .update: "[\"update\"]"
                }
            }.joined(separator: ",")
            return "{\"variables\":\(script.variableCount),\"constraints\":[\(constraints)],\"ops\":[\(calls)]}"
        }.joined(separator: ",")
        return "{\"workload\":\"\(name)\",\"n\":\(scripts.count),\"scripts\":[\(scriptText)]}"
    }

    /// The timing as one JSON line, in the form `bench_solver_native` prints.
    func json(_ timing: Timing) -> String {
        "{\"workload\":\"\(name)\",\"n\":\(scripts.count),\"scripts\":\(scripts.count),"
            + "\"total_ms\":\(timing.totalMilliseconds),"
            + "\"script_us\":\(timing.totalMilliseconds * 1_000 / Double(max(scripts.count, 1))),"
            + "\"refused\":\(timing.refused)}"
    }
}

extension SolverScriptSet {
    /// The priorities of the random scripts: those of the other workloads (kiwi's strengths).
    private static let strengths: [Strength] = [.required, .required, .required, .strong, .priority(600),
                                                .priority(510), .medium, .weak]
    private static let editStrengths: [Strength] = [.strong, .medium, .weak]

    /// `count` random small scripts from a fixed seed: 2–12 variables, 4–24 calls of adds (1–3
    /// terms, every relation, mixed strengths), removes, edit variables that come and go,
    /// suggestions and reads, ending with a read. A required constraint that cannot hold with the
    /// ones before it is left out of its script (our solver decides, while the scripts are made),
    /// so that every replay does the same work and none times an error path.
    static func smallSystems(count: Int = 5_000, seed: UInt64 = 19) -> SolverScriptSet {
        var random = SplitMix64(seed: seed)
        var scripts: [SolverScript] = []
        scripts.reserveCapacity(count)
        for _ in 0..<count { scripts.append(smallScript(&random)) }
        return SolverScriptSet(name: "small-systems", scripts: scripts)
    }

    private static func smallScript(_ random: inout SplitMix64) -> SolverScript {
        let variableCount = Int.random(in: 2...12, using: &random)
        let variables = (0..<variableCount).map { Variable("v\($0)") }
        let solver = Solver()
        var script = SolverScript(variableCount: variableCount, constraints: [], calls: [])
        var objects: [Constraint] = []
        var active: [Int] = []
        var edited: [Int] = []
        for _ in 0..<Int.random(in: 4...24, using: &random) {
            let action = Int.random(in: 0..<100, using: &random)
            switch action {
            case ..<55:
                let spec = randomConstraint(variableCount, &random)
                let constraint = Constraint(Expression(terms: spec.terms.map { Term(variables[$0.variable], $0.coefficient) },
                                                       constant: spec.constant), spec.relation, strength: spec.strength)
                guard (try? solver.addIfSatisfiable(constraint)) == true else { continue }
                active.append(script.constraints.count)
                script.calls.append(.add(script.constraints.count))
                script.constraints.append(spec)
                objects.append(constraint)
            case ..<65 where !active.isEmpty:
                let index = active.remove(at: Int.random(in: 0..<active.count, using: &random))
                try? solver.remove(objects[index])
                script.calls.append(.remove(index))
            case ..<73 where edited.count < variableCount:
                let candidates = (0..<variableCount).filter { !edited.contains($0) }
                let variable = candidates[Int.random(in: 0..<candidates.count, using: &random)]
                let strength = editStrengths[Int.random(in: 0..<editStrengths.count, using: &random)]
                try? solver.addEditVariable(variables[variable], strength: strength)
                edited.append(variable)
                script.calls.append(.edit(variable: variable, strength: strength))
            case ..<76 where !edited.isEmpty:
                let variable = edited.remove(at: Int.random(in: 0..<edited.count, using: &random))
                try? solver.removeEditVariable(variables[variable])
                script.calls.append(.unedit(variable: variable))
            case ..<90 where !edited.isEmpty:
                let variable = edited[Int.random(in: 0..<edited.count, using: &random)]
                let value = Double(Int.random(in: -50...400, using: &random))
                try? solver.suggestValue(variables[variable], value)
                script.calls.append(.suggest(variable: variable, value: value))
            default:
                script.calls.append(.update)
            }
        }
        script.calls.append(.update)
        return script
    }

    private static func randomConstraint(_ variableCount: Int, _ random: inout SplitMix64) -> SolverBenchConstraint {
        let coefficients: [Double] = [1, 1, 1, -1, -1, 2, 0.5]
        var used: [Int] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let variable = Int.random(in: 0..<variableCount, using: &random)
            if !used.contains(variable) { used.append(variable) }
        }
        let terms = used.map { (coefficient: coefficients[Int.random(in: 0..<coefficients.count, using: &random)], variable: $0) }
        let constant = Double(Int.random(in: -40...40, using: &random) * 5)
        let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        return SolverBenchConstraint(terms: terms, constant: constant,
                                     relation: relations[Int.random(in: 0..<3, using: &random)],
                                     strength: strengths[Int.random(in: 0..<strengths.count, using: &random)])
    }
}

extension SolverScriptSet {
    /// The constraint systems that grading solves for the shipped layout exercises: for every
    /// layout exercise, its reference and its examples, in every scenario, the constraints the
    /// solver holds after the solve (`LayoutEngine.solverConstraints`), each system one script of
    /// adds and a read. Dynamics exercises have no constraint system.
    static func exerciseSystems(_ catalog: ExerciseCatalog) -> SolverScriptSet {
        var scripts: [SolverScript] = []
        for exercise in catalog.exercises {
            guard case .layout(let layout) = exercise.definition else { continue }
            let answers = [exercise.reference] + exercise.examples.map(\.submission)
            for answer in answers {
                guard let document = try? LayoutDocument.parse(answer, extending: layout.views) else { continue }
                let engine = LayoutEngine(document: document)
                for scenario in layout.scenarios {
                    scripts.append(script(engine.solverConstraints(scenario.layout)))
                }
            }
        }
        return SolverScriptSet(name: "exercises", scripts: scripts)
    }

    /// A script that adds `constraints` in order and reads the values, over variables numbered in
    /// order of first use.
    private static func script(_ constraints: [Constraint]) -> SolverScript {
        var numbers: [ObjectIdentifier: Int] = [:]
        var specs: [SolverBenchConstraint] = []
        for constraint in constraints {
            let terms = constraint.expression.terms.map { term -> (coefficient: Double, variable: Int) in
                let key = ObjectIdentifier(term.variable)
                let number = numbers[key] ?? numbers.count
                numbers[key] = number
                return (term.coefficient, number)
            }
            specs.append(SolverBenchConstraint(terms: terms, constant: constraint.expression.constant,
                                               relation: constraint.relation, strength: constraint.strength))
        }
        return SolverScript(variableCount: numbers.count, constraints: specs,
                            calls: specs.indices.map(SolverScriptCall.add) + [.update])
    }
}
