import Foundation
import XCTest
import LayoutSolver

final class DeterminismTests: XCTestCase {
    private static let childVariable = "LAYOUT_SOLVER_DETERMINISM_CHILD"

    /// A system with many equally good solutions, so any dependence on hashing order would show.
    private func solveAmbiguousSystem() throws -> [UInt64] {
        let solver = Solver()
        let views = (0..<30).map { index in (Variable("left\(index)"), Variable("width\(index)")) }
        let container = Variable("container")
        try solver.add(views[0].0 == 0)
        for index in views.indices {
            let (left, width) = views[index]
            if index > 0 { try solver.add(left >= views[index - 1].0 + views[index - 1].1 + 4) }
            try solver.add(width >= 10)
            try solver.add((width == 50) | .weak)
            try solver.add((width == 60) | .weak)
        }
        try solver.add(views[29].0 + views[29].1 <= container)
        try solver.addEditVariable(container, strength: .strong)
        for target in [900.0, 2_500, 1_200, 640] {
            try solver.suggestValue(container, target)
        }
        let middle = (views[15].1 >= 35) | .medium
        try solver.add(middle)
        try solver.remove(middle)
        solver.updateVariables()
        return views.flatMap { [$0.0.value.bitPattern, $0.1.value.bitPattern] }
    }

    func testSameResultsAcrossProcesses() throws {
        let values = try solveAmbiguousSystem()
        let line = values.map { String($0, radix: 16) }.joined(separator: ",")
        if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
            print("SOLUTION:" + line)
            return
        }
        XCTAssertEqual(try solveAmbiguousSystem(), values)
        guard let executable = Bundle.main.executablePath ?? CommandLine.arguments.first else {
            return XCTFail("cannot locate the test executable")
        }
        for _ in 0..<2 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["LayoutSolverTests.DeterminismTests/testSameResultsAcrossProcesses"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.childVariable] = "1"
            environment["SWIFT_DETERMINISTIC_HASHING"] = nil
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let child = output.split(separator: "\n").first { $0.hasPrefix("SOLUTION:") }
            XCTAssertEqual(child.map { String($0.dropFirst("SOLUTION:".count)) }, line)
        }
    }

    func testNoDriftAfterManySuggestions() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let gap = Variable("gap"), other = Variable("other")
        try solver.add(left == 16)
        try solver.add(right == left + width)
        try solver.add(width >= 0)
        try solver.add(other == right + gap)
        try solver.add(gap >= 8)
        try solver.add((gap == 12) | .weak)
        try solver.add(other <= 1_000)
        try solver.addEditVariable(right, strength: .strong)
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<100_000 {
            try solver.suggestValue(right, Double.random(in: -200...1_400, using: &rng))
            solver.updateVariables()
        }
        XCTAssertEqual(right.value, left.value + width.value, accuracy: 1e-6)
        XCTAssertEqual(left.value, 16, accuracy: 1e-6)
        XCTAssertGreaterThanOrEqual(width.value, -1e-6)
        XCTAssertGreaterThanOrEqual(gap.value, 8 - 1e-6)
        XCTAssertLessThanOrEqual(other.value, 1_000 + 1e-6)
        XCTAssertEqual(other.value, right.value + gap.value, accuracy: 1e-6)
    }
}
