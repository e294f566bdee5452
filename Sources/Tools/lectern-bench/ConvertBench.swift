import AutoLayout
import Glibc
import Grading
import InterfaceBuilder
import JSON
import LecternApp
import XML

/// `lectern-bench convert [--json] [--exercises DIR]`
///
/// Storyboards: reads a generated storyboard of about 1 MB with 40 scenes (XML read rate in
/// MB/s), converts one of its scenes (the whole file is read each time), and converts and
/// grades a typical one-scene storyboard: the attributor exercise's shipped reference.storyboard.
/// Times are the best of five rounds, by wall clock and by the thread's CPU clock.
func runConvertBench(arguments: [String]) -> Int32 {
    guard let chosen = ExerciseBenchOptions.parse(arguments, workload: "convert") else { return 2 }
    let (asJSON, directory) = (chosen.asJSON, chosen.directory)
    let large: [UInt8]
    do {
        large = try generatedStoryboard(scenes: 40, targetBytes: 1_000_000)
    } catch {
        print("lectern-bench convert: cannot generate the storyboard: \(error)")
        return 1
    }
    let catalog: ExerciseCatalog
    let typical: [UInt8]
    do {
        catalog = try ExerciseDirectory.loadCatalog(directory)
        typical = Array(try String(contentsOfFile: directory + "/attributor/reference.storyboard", encoding: .utf8).utf8)
    } catch {
        print("lectern-bench convert: \(error)")
        return 2
    }
    guard let attributor = catalog.exercise("attributor"), case .layout(let layout) = attributor.definition else {
        print("lectern-bench convert: \(directory) lacks the attributor exercise")
        return 2
    }
    let options = GradeOptions(pictures: false)
    func convertAndGrade() -> Int {
        guard let converted = try? InterfaceBuilder.convert(typical) else { return -1 }
        return Grader.grade(attributor, submission: converted.conversion.submissionText(declaredViews: layout.views),
                            options: options).score
    }
    guard convertAndGrade() == attributor.points, (try? InterfaceBuilder.convert(large, scene: "scene 20")) != nil else {
        print("lectern-bench convert: the storyboards do not convert to full marks")
        return 1
    }
    var checksum = 0
    let read = bestOf(iterations: 40) { checksum &+= (try? XMLDocument.parse(large))?.elementCount ?? 0 }
    let convertLarge = bestOf(iterations: 40) {
        checksum &+= (try? InterfaceBuilder.convert(large, scene: "scene 20"))?.conversion.constraints.count ?? 0
    }
    let convertTypical = bestOf(iterations: 1_000) {
        checksum &+= (try? InterfaceBuilder.convert(typical))?.conversion.constraints.count ?? 0
    }
    let graded = bestOf(iterations: 1_000) { checksum &+= convertAndGrade() }
    let megabytes = Double(large.count) / 1_000_000
    let rate = (megabytes / read.wall * 10).rounded() / 10
    let cpuRate = (megabytes / read.cpu * 10).rounded() / 10
    func ms(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1000 }
    if asJSON {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("workload", "convert")
        writer.field("storyboard_bytes", large.count)
        writer.field("xml_mb_per_s", rate)
        writer.field("xml_cpu_mb_per_s", cpuRate)
        writer.field("convert_large_ms", ms(convertLarge.wall))
        writer.field("convert_typical_ms", ms(convertTypical.wall))
        writer.field("convert_grade_typical_ms", ms(graded.wall))
        writer.field("convert_grade_typical_cpu_ms", ms(graded.cpu))
        writer.field("checksum", checksum)
        writer.endObject()
        print(writer.string)
    } else {
        print("convert: generated storyboard of \(large.count) bytes, 40 scenes; typical storyboard \(typical.count) bytes")
        print("  XML read (1 MB):                    \(rate) MB/s wall, \(cpuRate) MB/s CPU")
        print("  convert one scene of the 1 MB file: \(ms(convertLarge.wall)) ms wall, \(ms(convertLarge.cpu)) ms CPU")
        print("  convert typical storyboard:         \(ms(convertTypical.wall)) ms wall, \(ms(convertTypical.cpu)) ms CPU")
        print("  convert + grade typical:            \(ms(graded.wall)) ms wall, \(ms(graded.cpu)) ms CPU (goal: < 2 ms)")
        print("  (checksum \(checksum))")
    }
    return 0
}

/// A storyboard of `scenes` scenes, each a column of labels, about `targetBytes` long in all.
func generatedStoryboard(scenes: Int, targetBytes: Int) throws -> [UInt8] {
    func scene(_ number: Int, labels: Int) throws -> Substring {
        var text = ""
        for label in 1...labels {
            text += "view label\(label) label \(40 + label % 7 * 10)x21\n"
            text += "label\(label).leading == superview.leading + standard\n"
            text += label == 1 ? "label1.top == superview.top + standard\n"
                : "label\(label).top == label\(label - 1).bottom + standard\n"
            text += "label\(label).trailing <= superview.trailing - 20 @750\n"
        }
        let storyboard = try StoryboardExporter.storyboard(for: try LayoutDocument.parse(text),
                                                           scenario: LayoutScenario(containerSize: LayoutSize(width: 320, height: 568)),
                                                           name: "scene \(number)")
        let start = storyboard.range(of: "        <!--")!.lowerBound
        let end = storyboard.range(of: "    </scenes>")!.lowerBound
        return storyboard[start..<end]
    }
    var labels = 4
    while true {
        let bodies = try (1...scenes).map { try scene($0, labels: labels) }
        let size = bodies.reduce(0) { $0 + $1.utf8.count }
        if size >= targetBytes || labels > 200 {
            let head = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" \
                targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useSafeAreas="YES">
                    <scenes>

                """
            return Array((head + bodies.joined() + "    </scenes>\n</document>\n").utf8)
        }
        labels = max(labels + 1, labels * targetBytes / max(size, 1))
    }
}

/// The best per-call wall and CPU time (seconds) over five rounds.
private func bestOf(iterations: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
    func now(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    body()
    let perRound = max(iterations / 5, 1)
    var best = (wall: Double.infinity, cpu: Double.infinity)
    for _ in 0..<5 {
        let wallStart = now(CLOCK_MONOTONIC), cpuStart = now(CLOCK_THREAD_CPUTIME_ID)
        for _ in 0..<perRound { body() }
        best = (min(best.wall, (now(CLOCK_MONOTONIC) - wallStart) / Double(perRound)),
                min(best.cpu, (now(CLOCK_THREAD_CPUTIME_ID) - cpuStart) / Double(perRound)))
    }
    return best
}
