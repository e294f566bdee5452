import Glibc
import Grading
import JSON
import LecternApp

/// `lectern-bench grading [--json] [--exercises DIR]`
///
/// Grades the shipped exercises on one thread, as the server does per request: the attributor
/// reference (a full layout grade: parse, four scenarios solved with diagnostics and compared,
/// style rules), the attributor's conflicting example, and the steady-stacks reference (24 blocks,
/// 14.5 simulated seconds, every check). Reports grades per second (layout) and milliseconds per
/// grade (dynamics), by wall clock and by the thread's CPU clock, without and with the SVG pictures.
func runGradingBench(arguments: [String]) -> Int32 {
    guard let chosen = ExerciseBenchOptions.parse(arguments, workload: "grading") else { return 2 }
    let (asJSON, directory) = (chosen.asJSON, chosen.directory)
    let catalog: ExerciseCatalog
    do {
        catalog = try ExerciseDirectory.loadCatalog(directory)
    } catch {
        print("lectern-bench grading: \(error)")
        return 2
    }
    guard let attributor = catalog.exercise("attributor"), let stacks = catalog.exercise("steady-stacks"),
          let conflicting = attributor.examples.first(where: { $0.name == "leftover-width" }) else {
        print("lectern-bench grading: \(directory) lacks the attributor exercise (with its leftover-width example) or steady-stacks")
        return 2
    }
    let plain = GradeOptions(pictures: false)
    let drawn = GradeOptions(pictures: true)
    guard Grader.grade(attributor, submission: attributor.reference, options: plain).isFullMarks,
          Grader.grade(stacks, submission: stacks.reference, options: plain).isFullMarks else {
        print("lectern-bench grading: a reference does not score full marks; run `lectern exercises check`")
        return 1
    }
    var checksum = 0
    let rows: [(name: String, unit: String, timing: GradingTiming)] = [
        ("attributor reference", "grades/s", .measure(iterations: 4_000) {
            checksum &+= Grader.grade(attributor, submission: attributor.reference, options: plain).score
        }),
        ("attributor reference + SVG", "grades/s", .measure(iterations: 2_000) {
            checksum &+= Grader.grade(attributor, submission: attributor.reference, options: drawn).pictures.count
        }),
        ("attributor conflict example", "grades/s", .measure(iterations: 2_000) {
            checksum &+= Grader.grade(attributor, submission: conflicting.submission, options: plain).score
        }),
        ("steady-stacks reference", "ms/grade", .measure(iterations: 20) {
            checksum &+= Grader.grade(stacks, submission: stacks.reference, options: plain).score
        }),
        ("steady-stacks reference + SVG", "ms/grade", .measure(iterations: 20) {
            checksum &+= Grader.grade(stacks, submission: stacks.reference, options: drawn).pictures.count
        }),
    ]
    if asJSON {
        var writer = JSONWriter()
        writer.beginArray()
        for row in rows {
            writer.beginObject()
            writer.field("workload", row.name)
            writer.field("unit", row.unit)
            writer.field("wall", row.timing.value(in: row.unit, cpu: false))
            writer.field("cpu", row.timing.value(in: row.unit, cpu: true))
            writer.endObject()
        }
        writer.endArray()
        print(writer.string)
    } else {
        print("grading, one thread                    wall         CPU   (goals: ≥ 2000 attributor grades/s, ≤ 50 ms per steady-stacks grade)")
        for row in rows {
            let name = row.name.padding(toLength: 32, withPad: " ", startingAt: 0)
            let wall = format(row.timing.value(in: row.unit, cpu: false))
            let cpu = format(row.timing.value(in: row.unit, cpu: true))
            print("  \(name) \(wall) \(cpu)  \(row.unit)")
        }
    }
    return checksum == Int.min ? 1 : 0
}

/// Seconds per call of a workload, by the wall clock and by this thread's CPU clock.
private struct GradingTiming {
    let wall: Double
    let cpu: Double

    static func measure(iterations: Int, _ body: () -> Void) -> GradingTiming {
        body()
        let wallStart = seconds(CLOCK_MONOTONIC)
        let cpuStart = seconds(CLOCK_THREAD_CPUTIME_ID)
        for _ in 0..<iterations { body() }
        return GradingTiming(wall: (seconds(CLOCK_MONOTONIC) - wallStart) / Double(iterations),
                             cpu: (seconds(CLOCK_THREAD_CPUTIME_ID) - cpuStart) / Double(iterations))
    }

    /// Calls per second, or milliseconds per call.
    func value(in unit: String, cpu useCPU: Bool) -> Double {
        let perCall = useCPU ? cpu : wall
        guard perCall > 0 else { return 0 }
        let value = unit == "grades/s" ? 1 / perCall : perCall * 1000
        return (value * 10).rounded() / 10
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

private func format(_ value: Double) -> String {
    let text = String(value)
    return String(repeating: " ", count: max(0, 10 - text.count)) + text
}
