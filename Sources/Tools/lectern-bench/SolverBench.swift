import LayoutSolver
import LecternApp

/// `lectern-bench solver [--json] [--n 100,1000,5000] [--only NAME,…] [--exercises DIR] [--export-workloads] [--checksum]`
///
/// Times the layout solver on workloads that mirror kiwi's benchmarks and real layouts: build
/// (every add plus the first solve and variable update), suggest + update cycles, and removing and
/// re-adding one constraint. Each phase reports the fastest of up to 5 runs (as many as fit in 1 s
/// per workload). Two script workloads time many small systems, each on a fresh solver: 5,000
/// seeded random scripts (`small-systems`) and the systems grading solves for the layout
/// exercises in DIR (`exercises`, default `./Exercises`). `--export-workloads` prints the same
/// workloads as JSON lines so that `scripts/bench_solver_kiwi.py` (kiwisolver) and
/// `scripts/bench_solver_native.cpp` (kiwi's C++ core) can replay them. `--checksum` replays the
/// script workloads once, untimed, and prints a checksum of every value read and pivot made, to
/// compare two builds of the solver.
func runSolverBench(arguments: [String]) -> Int32 {
    var json = false
    var export = false
    var checksum = false
    var sizes = [100, 1_000, 5_000]
    var only: Set<String>?
    var directory = "./Exercises"
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--json":
            json = true
        case "--export-workloads":
            export = true
        case "--checksum":
            checksum = true
        case "--exercises" where index + 1 < arguments.count:
            index += 1
            directory = arguments[index]
        case "--only":
            index += 1
            only = index < arguments.count ? Set(arguments[index].split(separator: ",").map(String.init)) : []
        case "--n":
            index += 1
            let parsed = index < arguments.count ? arguments[index].split(separator: ",").compactMap { Int($0) } : []
            guard !parsed.isEmpty, parsed.allSatisfy({ (2...100_000).contains($0) }) else {
                print("lectern-bench solver: --n expects a comma-separated list of sizes in 2...100000")
                return 2
            }
            sizes = parsed
        default:
            print("usage: lectern-bench solver [--json] [--n 100,1000,5000]"
                + " [--only long-row,enaml-form,grid,nesting,small-systems,exercises] [--exercises DIR] [--export-workloads] [--checksum]")
            return 2
        }
        index += 1
    }
    let workloads = (sizes.map(SolverBenchWorkload.longRow) + [SolverBenchWorkload.enamlForm()]
        + [5, 10, 20].map(SolverBenchWorkload.grid) + [SolverBenchWorkload.nesting(depth: 50)])
        .filter { only?.contains($0.name) ?? true }
    var scriptSets: [SolverScriptSet] = []
    if only?.contains("small-systems") ?? true { scriptSets.append(.smallSystems()) }
    if only?.contains("exercises") ?? true {
        do {
            scriptSets.append(.exerciseSystems(try ExerciseDirectory.loadCatalog(directory)))
        } catch {
            print("lectern-bench solver: \(directory): \(error)")
            return 2
        }
    }
    if checksum {
        for set in scriptSets {
            let result = set.checksum()
            print("\(set.name): checksum \(String(result.checksum, radix: 16)), \(result.pivots) pivots, \(result.reads) reads")
        }
        return 0
    }
    if export {
        for workload in workloads { print(workload.json) }
        for set in scriptSets { print(set.json) }
        return 0
    }
    if !json {
        print("workload        n   constraints    add ms  µs/constraint  suggest µs  remove+re-add ms")
    }
    _ = SolverBenchWorkload.longRow(50).run()  // warm-up: allocator and lazy binding
    var previous: [String: (n: Int, result: SolverBenchResult)] = [:]
    for workload in workloads {
        let result = workload.fastestRun()
        if json {
            print(result.json(workload))
        } else {
            var line = result.table(workload)
            if let last = previous[workload.name], last.n < workload.n {
                let factor = Double(workload.n) / Double(last.n)
                line += "   (×\(fixed(factor, 0)) n: add ×\(fixed(result.addMilliseconds / last.result.addMilliseconds, 1))"
                line += ", suggest ×\(fixed(result.suggestMicroseconds / last.result.suggestMicroseconds, 1)))"
            }
            print(line)
        }
        previous[workload.name] = (workload.n, result)
    }
    if !json && !scriptSets.isEmpty { print("\nscripts          count   total ms   µs/script  refused") }
    for set in scriptSets {
        let timing = set.fastestRun()
        if json {
            print(set.json(timing))
        } else {
            print(pad(set.name, 14) + pad(String(set.scripts.count), 8, right: true)
                  + pad(fixed(timing.totalMilliseconds, 3), 11, right: true)
                  + pad(fixed(timing.totalMilliseconds * 1_000 / Double(max(set.scripts.count, 1)), 2), 12, right: true)
                  + pad(String(timing.refused), 9, right: true))
        }
    }
    return 0
}

/// One constraint of a benchmark workload, over variables numbered from 0.
struct SolverBenchConstraint {
    var terms: [(coefficient: Double, variable: Int)]
    var constant: Double
    var relation: Relation
    var strength: Strength
}

/// A build step: a constraint, an edit variable, or an initial suggestion for one.
enum SolverBenchStep {
    case constraint(SolverBenchConstraint)
    case edit(variable: Int, strength: Strength)
    case suggest(variable: Int, value: Double)
}

/// The timing of one workload.
struct SolverBenchResult {
    var addMilliseconds: Double
    var suggestMicroseconds: Double
    var removeReaddMilliseconds: Double?

    func json(_ workload: SolverBenchWorkload) -> String {
        let remove = removeReaddMilliseconds.map { fixed($0, 4) } ?? "null"
        return "{\"workload\":\"\(workload.name)\",\"n\":\(workload.n),\"constraints\":\(workload.constraintCount),"
            + "\"add_ms\":\(fixed(addMilliseconds, 4)),\"suggest_us\":\(fixed(suggestMicroseconds, 3)),"
            + "\"remove_readd_ms\":\(remove)}"
    }

    func table(_ workload: SolverBenchWorkload) -> String {
        let perConstraint = addMilliseconds * 1_000 / Double(max(workload.constraintCount, 1))
        let remove = removeReaddMilliseconds.map { fixed($0, 4) } ?? "-"
        return pad(workload.name, 12) + pad(String(workload.n), 6, right: true)
            + pad(String(workload.constraintCount), 14, right: true) + pad(fixed(addMilliseconds, 3), 10, right: true)
            + pad(fixed(perConstraint, 2), 15, right: true) + pad(fixed(suggestMicroseconds, 2), 12, right: true)
            + pad(remove, 18, right: true)
    }
}

/// A benchmark workload as data, so that it can be run here and exported for kiwisolver.
struct SolverBenchWorkload {
    var name: String
    var n: Int
    var variableCount: Int
    var steps: [SolverBenchStep]
    /// Each cycle suggests these (variable, value) pairs, then updates the variables.
    var cycles: [[(variable: Int, value: Double)]]
    /// The step index of a constraint to remove and re-add, and how many times.
    var churn: (step: Int, repeats: Int)?

    var constraintCount: Int {
        steps.reduce(0) { count, step in
            if case .constraint = step { return count + 1 }
            return count
        }
    }

    /// Runs the workload up to `maxRuns` times, while its runs so far took less than `budget` in
    /// total, and keeps each phase's fastest time: other load on the machine only slows runs down.
    func fastestRun(maxRuns: Int = 5, budget: Duration = .seconds(1)) -> SolverBenchResult {
        let clock = ContinuousClock()
        let start = clock.now
        var best = run()
        var runs = 1
        while runs < maxRuns && start.duration(to: clock.now) < budget {
            let next = run()
            best.addMilliseconds = min(best.addMilliseconds, next.addMilliseconds)
            best.suggestMicroseconds = min(best.suggestMicroseconds, next.suggestMicroseconds)
            if let mine = best.removeReaddMilliseconds, let theirs = next.removeReaddMilliseconds {
                best.removeReaddMilliseconds = min(mine, theirs)
            }
            runs += 1
        }
        return best
    }

    /// Runs the workload on a fresh solver and measures its three phases.
    func run() -> SolverBenchResult {
        let variables = (0..<variableCount).map { Variable("v\($0)") }
        let constraints: [Constraint?] = steps.map { step in
            guard case let .constraint(spec) = step else { return nil }
            let expression = Expression(terms: spec.terms.map { Term(variables[$0.variable], $0.coefficient) },
                                        constant: spec.constant)
            return Constraint(expression, spec.relation, strength: spec.strength)
        }
        let solver = Solver()
        let clock = ContinuousClock()
        let addTime = clock.measure {
            for (step, constraint) in zip(steps, constraints) {
                switch step {
                case .constraint: try? solver.add(constraint!)
                case let .edit(variable, strength): try? solver.addEditVariable(variables[variable], strength: strength)
                case let .suggest(variable, value): try? solver.suggestValue(variables[variable], value)
                }
            }
            solver.updateVariables()
        }
        let suggestTime = clock.measure {
            for cycle in cycles {
                for (variable, value) in cycle { try? solver.suggestValue(variables[variable], value) }
                solver.updateVariables()
            }
        }
        var removeReadd: Double?
        if let churn, let constraint = constraints[churn.step] {
            let time = clock.measure {
                for _ in 0..<churn.repeats {
                    try? solver.remove(constraint)
                    try? solver.add(constraint)
                    solver.updateVariables()
                }
            }
            removeReadd = milliseconds(time) / Double(churn.repeats)
        }
        let operations = cycles.reduce(0) { $0 + $1.count }
        return SolverBenchResult(addMilliseconds: milliseconds(addTime),
                           suggestMicroseconds: milliseconds(suggestTime) * 1_000 / Double(max(operations, 1)),
                           removeReaddMilliseconds: removeReadd)
    }

    /// The workload as one JSON object (the input of `scripts/bench_solver_kiwi.py`).
    var json: String {
        func strength(_ s: Strength) -> String { String(s.level) }
        let relation: [Relation: String] = [.equal: "==", .lessThanOrEqual: "<=", .greaterThanOrEqual: ">="]
        let stepText = steps.map { step -> String in
            switch step {
            case let .constraint(spec):
                let terms = spec.terms.map { "[\($0.coefficient),\($0.variable)]" }.joined(separator: ",")
                return "{\"terms\":[\(terms)],\"constant\":\(spec.constant),\"op\":\"\(relation[spec.relation]!)\","
                    + "\"strength\":\(strength(spec.strength))}"
            case let .edit(variable, s):
                return "{\"edit\":\(variable),\"strength\":\(strength(s))}"
            case let .suggest(variable, value):
                return "{\"suggest\":\(variable),\"value\":\(value)}"
            }
        }.joined(separator: ",")
        let cycleText = cycles.map { cycle in
            "[" + cycle.map { "[\($0.variable),\($0.value)]" }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        let churnText = churn.map { "{\"step\":\($0.step),\"repeats\":\($0.repeats)}" } ?? "null"
        return "{\"workload\":\"\(name)\",\"n\":\(n),\"variables\":\(variableCount),\"steps\":[\(stepText)],"
            + "\"cycles\":[\(cycleText)],\"churn\":\(churnText)}"
    }
}

private func milliseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
}

private func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if digits == 0 { text = String(text[..<dot]) } else if decimals < digits {
            text += String(repeating: "0", count: digits - decimals)
        }
    }
    return text
}

private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(width - text.count, 0))
    return right ? fill + text : text + fill
}

// MARK: Workloads

extension SolverBenchWorkload {
    /// A row of `n` views: `left[0] == 20`, `left[i] == left[i-1] + width[i-1] + 8`, `width[i] >= 20`,
    /// `width[i] == 100` (weak), closed by `left[n-1] + width[n-1] + 20 == W` with `W` a strong edit
    /// variable suggested at the row's natural width. Variables: `left[i] = 2i`, `width[i] = 2i + 1`,
    /// `W = 2n`. Churn: a middle link.
    static func longRow(_ n: Int) -> SolverBenchWorkload {
        let container = 2 * n
        var steps: [SolverBenchStep] = []
        for i in 0..<n {
            let left = 2 * i, width = 2 * i + 1
            if i == 0 {
                steps.append(.constraint(SolverBenchConstraint(terms: [(1, left)], constant: -20, relation: .equal,
                                                         strength: .required)))
            } else {
                steps.append(.constraint(SolverBenchConstraint(terms: [(1, left), (-1, left - 2), (-1, left - 1)],
                                                         constant: -8, relation: .equal, strength: .required)))
            }
            steps.append(.constraint(SolverBenchConstraint(terms: [(1, width)], constant: -20,
                                                     relation: .greaterThanOrEqual, strength: .required)))
            steps.append(.constraint(SolverBenchConstraint(terms: [(1, width)], constant: -100, relation: .equal,
                                                     strength: .weak)))
        }
        steps.append(.constraint(SolverBenchConstraint(terms: [(1, 2 * n - 2), (1, 2 * n - 1), (-1, container)],
                                                 constant: 20, relation: .equal, strength: .required)))
        let natural = Double(n * 108 + 32)
        steps.append(.edit(variable: container, strength: .strong))
        steps.append(.suggest(variable: container, value: natural))
        let cycles = (0..<1_000).map { cycle in [(container, natural + Double(cycle % 9 - 4) * 25)] }
        return SolverBenchWorkload(name: "long-row", n: n, variableCount: 2 * n + 1, steps: steps, cycles: cycles,
                             churn: (3 * (n / 2), 20))
    }

    /// An `n`×`n` grid of cells (left, top, width, height each) with 8-point gaps inside a container
    /// whose width and height are strong edit variables (suggested at the natural size); cells of a row have equal widths, cells of
    /// a column equal heights, at least 10 points, preferably 50 (weak). Churn: a middle cell's link.
    static func grid(_ n: Int) -> SolverBenchWorkload {
        let containerWidth = 4 * n * n, containerHeight = containerWidth + 1
        func cell(_ row: Int, _ column: Int) -> Int { 4 * (row * n + column) }
        func add(_ terms: [(Double, Int)], _ constant: Double, _ relation: Relation = .equal,
                 _ strength: Strength = .required) -> SolverBenchStep {
            .constraint(SolverBenchConstraint(terms: terms.map { (coefficient: $0.0, variable: $0.1) }, constant: constant,
                                        relation: relation, strength: strength))
        }
        var steps: [SolverBenchStep] = [.edit(variable: containerWidth, strength: .strong),
                                  .edit(variable: containerHeight, strength: .strong)]
        var churn = 0
        for row in 0..<n {
            for column in 0..<n {
                let (left, top, width, height) = (cell(row, column), cell(row, column) + 1,
                                                  cell(row, column) + 2, cell(row, column) + 3)
                if row == n / 2 && column == n / 2 { churn = steps.count }
                if column == 0 {
                    steps.append(add([(1, left)], -8))
                } else {
                    let previous = cell(row, column - 1)
                    steps.append(add([(1, left), (-1, previous), (-1, previous + 2)], -8))
                    steps.append(add([(1, width), (-1, previous + 2)], 0))
                }
                if row == 0 {
                    steps.append(add([(1, top)], -8))
                } else {
                    let above = cell(row - 1, column)
                    steps.append(add([(1, top), (-1, above + 1), (-1, above + 3)], -8))
                    steps.append(add([(1, height), (-1, above + 3)], 0))
                }
                steps.append(add([(1, width)], -10, .greaterThanOrEqual))
                steps.append(add([(1, height)], -10, .greaterThanOrEqual))
                steps.append(add([(1, width)], -50, .equal, .weak))
                steps.append(add([(1, height)], -50, .equal, .weak))
                if column == n - 1 { steps.append(add([(1, left), (1, width), (-1, containerWidth)], 8)) }
                if row == n - 1 { steps.append(add([(1, top), (1, height), (-1, containerHeight)], 8)) }
            }
        }
        let natural = Double(58 * n + 8)
        steps += [.suggest(variable: containerWidth, value: natural), .suggest(variable: containerHeight, value: natural)]
        let cycles = (0..<1_000).map { (cycle: Int) -> [(variable: Int, value: Double)] in
            let width: Double = natural + Double(cycle % 7 - 3) * 20
            let height: Double = natural + Double(cycle % 5 - 2) * 20
            return [(containerWidth, width), (containerHeight, height)]
        }
        return SolverBenchWorkload(name: "grid", n: n, variableCount: 4 * n * n + 2, steps: steps, cycles: cycles,
                             churn: (churn, 20))
    }

    /// A view tree `depth` levels deep: every view is inset by 4 points on each side from its parent
    /// and is at least 0 wide and high; the root's width and height are strong edit variables,
    /// suggested at a size that fits.
    /// Variables of level k: left 4k, top 4k+1, width 4k+2, height 4k+3. Churn: the middle left inset.
    static func nesting(depth: Int) -> SolverBenchWorkload {
        func add(_ terms: [(Double, Int)], _ constant: Double, _ relation: Relation = .equal) -> SolverBenchStep {
            .constraint(SolverBenchConstraint(terms: terms.map { (coefficient: $0.0, variable: $0.1) }, constant: constant,
                                        relation: relation, strength: .required))
        }
        var steps: [SolverBenchStep] = [.edit(variable: 2, strength: .strong), .edit(variable: 3, strength: .strong),
                                  add([(1, 0)], 0), add([(1, 1)], 0)]
        var churn = 0
        for level in 1..<depth {
            let (view, parent) = (4 * level, 4 * (level - 1))
            if level == depth / 2 { churn = steps.count }
            steps.append(add([(1, view), (-1, parent)], -4))
            steps.append(add([(1, view + 1), (-1, parent + 1)], -4))
            steps.append(add([(1, view), (1, view + 2), (-1, parent), (-1, parent + 2)], 4))
            steps.append(add([(1, view + 1), (1, view + 3), (-1, parent + 1), (-1, parent + 3)], 4))
            steps.append(add([(1, view + 2)], 0, .greaterThanOrEqual))
            steps.append(add([(1, view + 3)], 0, .greaterThanOrEqual))
        }
        let size = Double(8 * depth + 100)
        steps += [.suggest(variable: 2, value: size), .suggest(variable: 3, value: size)]
        let cycles = (0..<1_000).map { cycle in [(2, size + Double(cycle % 7) * 10), (3, size + Double(cycle % 5) * 10)] }
        return SolverBenchWorkload(name: "nesting", n: depth, variableCount: 4 * depth, steps: steps, cycles: cycles,
                             churn: (churn, 20))
    }

    /// The form of kiwi's `enaml_like_benchmark` (35 variables, 111 constraints, width and height
    /// strong edit variables), with its custom strengths mapped to priorities in the same order:
    /// strong 750 > 100×medium 600 > 1.25×medium 510 > medium 500 > weak 1.
    static func enamlForm() -> SolverBenchWorkload {
        var names: [String] = ["width", "height"]
        var steps: [SolverBenchStep] = [.edit(variable: 0, strength: .strong), .edit(variable: 1, strength: .strong)]
        let strengths: [String: Strength] = ["required": .required, "strong": .strong, "smedium": .priority(600),
                                             "mmedium": .priority(510), "medium": .medium, "weak": .weak]
        let relations: [String: Relation] = ["==": .equal, "<=": .lessThanOrEqual, ">=": .greaterThanOrEqual]
        for line in enamlFormConstraints.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            var terms: [(coefficient: Double, variable: Int)] = []
            for pair in stride(from: 0, to: words.count - 3, by: 2) {
                let name = words[pair + 1]
                if !names.contains(name) { names.append(name) }
                terms.append((Double(words[pair])!, names.firstIndex(of: name)!))
            }
            let count = words.count
            steps.append(.constraint(SolverBenchConstraint(terms: terms, constant: Double(words[count - 3])!,
                                                     relation: relations[words[count - 2]]!,
                                                     strength: strengths[words[count - 1]]!)))
        }
        let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
        let cycles = (0..<1_002).map { cycle in [(0, sizes[cycle % 6].0), (1, sizes[cycle % 6].1)] }
        return SolverBenchWorkload(name: "enaml-form", n: names.count, variableCount: names.count, steps: steps,
                             cycles: cycles, churn: (52, 20))
    }
}

/// The constraints of the enaml-like form: `coefficient variable …` pairs, the constant, the
/// relation and the strength, one constraint per line.
private let enamlFormConstraints = """
1 left 0 >= required
1 height 0 == medium
1 top 0 >= required
1 width 0 >= required
1 height 0 >= required
-1 top 1 contents_top -10 == required
1 lb3height -16 == strong
1 lb3height -16 >= strong
1 ctleft 0 >= required
1 cttop 0 >= required
1 ctwidth 0 >= required
1 ctheight 0 >= required
1 fl3left 0 >= required
1 ctheight -24 >= smedium
1 ctwidth -1.67772e+07 <= smedium
1 ctheight -24 <= smedium
1 fl3top 0 >= required
1 fl3width 0 >= required
1 fl3height 0 >= required
1 lb1width -67 == weak
1 lb2width 0 >= required
1 lb2height 0 >= required
1 fl2height 0 >= required
1 lb3left 0 >= required
1 fl2width -125 >= strong
1 fl2height -21 == strong
1 fl2height -21 >= strong
1 lb3top 0 >= required
1 lb3width 0 >= required
1 fl1left 0 >= required
1 fl1width 0 >= required
1 lb1width -67 >= strong
1 fl2left 0 >= required
1 lb2width -66 == weak
1 lb2width -66 >= strong
1 lb2height -16 == strong
1 fl1height 0 >= required
1 fl1top 0 >= required
1 lb2top 0 >= required
-1 lb2top 1 lb3top -1 lb2height -10 == mmedium
-1 lb3top -1 lb3height 1 fl3top -10 >= required
-1 lb3top -1 lb3height 1 fl3top -10 == mmedium
1 contents_bottom -1 fl3height -1 fl3top 0 == mmedium
1 fl1top -1 contents_top 0 >= required
1 fl1top -1 contents_top 0 == mmedium
1 contents_bottom -1 fl3height -1 fl3top 0 >= required
-1 left -1 width 1 contents_right 10 == required
-1 top -1 height 1 contents_bottom 10 == required
-1 left 1 contents_left -10 == required
1 lb3left -1 contents_left 0 == mmedium
1 fl1left -1 midline 0 == strong
1 fl2left -1 midline 0 == strong
1 ctleft -1 midline 0 == strong
1 fl1top 0.5 fl1height -1 lb1top -0.5 lb1height 0 == strong
1 lb1left -1 contents_left 0 >= required
1 lb1left -1 contents_left 0 == mmedium
-1 lb1left 1 fl1left -1 lb1width -10 >= required
-1 lb1left 1 fl1left -1 lb1width -10 == mmedium
-1 fl1left 1 contents_right -1 fl1width 0 >= required
1 width 0 == medium
-1 fl1top 1 fl2top -1 fl1height -10 >= required
-1 fl1top 1 fl2top -1 fl1height -10 == mmedium
1 cttop -1 fl2top -1 fl2height -10 >= required
-1 ctheight -1 cttop 1 fl3top -10 >= required
1 contents_bottom -1 fl3height -1 fl3top 0 >= required
1 cttop -1 fl2top -1 fl2height -10 == mmedium
-1 fl1left 1 contents_right -1 fl1width 0 == mmedium
-1 lb2top -0.5 lb2height 1 fl2top 0.5 fl2height 0 == strong
-1 contents_left 1 lb2left 0 >= required
-1 contents_left 1 lb2left 0 == mmedium
1 fl2left -1 lb2width -1 lb2left -10 >= required
-1 ctheight -1 cttop 1 fl3top -10 == mmedium
1 contents_bottom -1 fl3height -1 fl3top 0 == mmedium
1 lb1top 0 >= required
1 lb1width 0 >= required
1 lb1height 0 >= required
1 fl2left -1 lb2width -1 lb2left -10 == mmedium
-1 fl2left -1 fl2width 1 contents_right 0 == mmedium
-1 fl2left -1 fl2width 1 contents_right 0 >= required
1 lb3left -1 contents_left 0 >= required
1 lb1left 0 >= required
0.5 ctheight 1 cttop -1 lb3top -0.5 lb3height 0 == strong
1 ctleft -1 lb3left -1 lb3width -10 >= required
-1 ctwidth -1 ctleft 1 contents_right 0 >= required
1 ctleft -1 lb3left -1 lb3width -10 == mmedium
1 fl3left -1 contents_left 0 >= required
1 fl3left -1 contents_left 0 == mmedium
-1 ctwidth -1 ctleft 1 contents_right 0 == mmedium
-1 fl3left 1 contents_right -1 fl3width 0 == mmedium
-1 contents_top 1 lb1top 0 >= required
-1 contents_top 1 lb1top 0 == mmedium
-1 fl3left 1 contents_right -1 fl3width 0 >= required
1 lb2top -1 lb1top -1 lb1height -10 >= required
-1 lb2top 1 lb3top -1 lb2height -10 >= required
1 lb2top -1 lb1top -1 lb1height -10 == mmedium
1 fl1height -21 == strong
1 fl1height -21 >= strong
1 lb2left 0 >= required
1 lb2height -16 >= strong
1 fl2top 0 >= required
1 fl2width 0 >= required
1 lb1height -16 >= strong
1 lb1height -16 == strong
1 fl3width -125 >= strong
1 fl3height -21 == strong
1 fl3height -21 >= strong
1 lb3height 0 >= required
1 ctwidth -119 >= smedium
1 lb3width -24 == weak
1 lb3width -24 >= strong
1 fl1width -125 >= strong
"""
