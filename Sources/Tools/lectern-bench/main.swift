import Foundation
import LecternApp

/// `lectern-bench WORKLOAD [options]`: the benchmark commands. Build with `-c release`.
///
/// Each workload parses its own options and prints its own figures.
struct Workload: Sendable {
    let name: String
    let summary: String
    let run: @Sendable ([String]) -> Int32

    static let all: [Workload] = [
        Workload(name: "solver", summary: "Cassowary solver: long row, enaml-like form, grid, deep nesting",
                 run: { runSolverBench(arguments: $0) }),
        Workload(name: "layout", summary: "AutoLayout: a grading-sized document solved with diagnostics",
                 run: { runLayoutBench(arguments: $0) }),
        Workload(name: "dynamics", summary: "Dynamics: pyramid stability and speed, Dropit whole simulations",
                 run: { runDynamicsBench(arguments: $0) }),
        Workload(name: "grading", summary: "Grading: attributor layout grades/s, steady-stacks dynamics grade",
                 run: { runGradingBench(arguments: $0) }),
        Workload(name: "convert", summary: "Storyboards: XML read MB/s of 1 MB / 40 scenes, convert + grade of one scene",
                 run: { runConvertBench(arguments: $0) }),
        Workload(name: "search", summary: "Caption search over 1,000,000 cues: import rate and query latency",
                 run: { runSearchBench(arguments: $0) }),
        Workload(name: "load", summary: "Load generator against a running server: submissions and searches",
                 run: { runLoadBench(arguments: $0) }),
        Workload(name: "fairness", summary: "One student stalling grading with parallel expensive submissions, another timed",
                 run: { runFairnessBench(arguments: $0) }),
        Workload(name: "analytics", summary: "Analytics pages over 1,000 students × 10 exercises × 10 attempts",
                 run: { runAnalyticsBench(arguments: $0) }),
        Workload(name: "lti", summary: "LTI: launch validation CPU with a cached JWKS, score outbox throughput to a simulated LMS",
                 run: { runLTIBench(arguments: $0) }),
    ]

    static var usage: String {
        var text = "USAGE: lectern-bench <workload> [options]\n\nWORKLOADS:\n"
        for workload in all {
            text += "  " + workload.name.padding(toLength: 10, withPad: " ", startingAt: 0) + workload.summary + "\n"
        }
        return text
    }
}

let argv = Array(CommandLine.arguments.dropFirst())
guard let name = argv.first, !["-h", "--help", "help"].contains(name) else {
    print(Workload.usage, terminator: "")
    exit(argv.isEmpty ? 2 : 0)
}
guard let workload = Workload.all.first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data("Error: unknown workload '\(name)'\n\n\(Workload.usage)".utf8))
    exit(2)
}
// The server's allocator settings, so the figures are the ones it would see.
AllocatorPolicy.apply()
exit(workload.run(Array(argv.dropFirst())))
