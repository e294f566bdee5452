import Captions
import Foundation
import SQLite
import Store

/// `lectern-bench search [--lectures N] [--cues N] [--runs N] [--keep PATH]`
///
/// Generates a synthetic course (default 1,000 lectures × 1,000 cues) into a temporary database,
/// then reports the import rate, the database size and search latency (top 20 hits with snippets,
/// total and suggestion, as `/api/search` computes them) for common words, rare words, phrases,
/// prefixes and a query with no hits that gets a suggestion, each beside a naive `LIKE '%…%'` scan.
/// Goals: import ≥ 100,000 cues/s; search p99 ≤ 10 ms at 1,000,000 cues.
func runSearchBench(arguments: [String]) -> Int32 {
    var lectures = 1_000, cuesPerLecture = 1_000, runs = 200
    var keepPath: String?
    var index = 0
    while index < arguments.count {
        let name = arguments[index]
        let value = index + 1 < arguments.count ? arguments[index + 1] : ""
        switch name {
        case "--lectures": lectures = Int(value) ?? 0
        case "--cues": cuesPerLecture = Int(value) ?? 0
        case "--runs": runs = Int(value) ?? 0
        case "--keep": keepPath = value
        default:
            print("usage: lectern-bench search [--lectures N] [--cues N] [--runs N] [--keep PATH]")
            return 2
        }
        index += 2
    }
    guard (1...100_000).contains(lectures), (1...10_000).contains(cuesPerLecture), (1...100_000).contains(runs),
          keepPath.map({ !$0.isEmpty }) ?? true
    else {
        print("lectern-bench search: --lectures 1...100000, --cues 1...10000, --runs 1...100000, --keep needs a path")
        return 2
    }
    do {
        try SearchBench(lectures: lectures, cuesPerLecture: cuesPerLecture, runs: runs, keepPath: keepPath).run()
        return 0
    } catch {
        print("lectern-bench search: \(error)")
        return 1
    }
}

private struct SearchBench {
    let lectures: Int
    let cuesPerLecture: Int
    let runs: Int
    let keepPath: String?

    /// The query mixes measured, each with the words a naive scan looks for.
    private static let workloads: [(name: String, queries: [String], likePatterns: [String])] = [
        ("common word", ["view", "constraint", "animation"], ["%view%", "%constraint%", "%animation%"]),
        ("two common words", ["view constraint", "layout animation"], ["%view%constraint%", "%layout%animation%"]),
        ("rare word", ["zorbulant", "quexifold"], ["%zorbulant%", "%quexifold%"]),
        ("phrase", ["\"magic numbers\"", "\"safe area\""], ["%magic numbers%", "%safe area%"]),
        ("prefix", ["constr*", "anim*"], ["%constr%", "%anim%"]),
        ("no hit + suggestion", ["autolayot", "contstraint"], ["%autolayot%", "%contstraint%"]),
    ]

    func run() throws {
        let directory = NSTemporaryDirectory() + "lectern-search-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/bench.sqlite"
        let db = try Connection(path: path)
        try Schema.migrate(db)

        print("Search benchmark: \(lectures) lectures × \(cuesPerLecture) cues = \(lectures * cuesPerLecture) cues")
        // The lectures' cues are generated first (as a parser would hand them over); the import then
        // stems each lecture on a second thread while the previous one is being stored.
        var generator = CueTextGenerator(seed: 0x5EED)
        let contents = (1...lectures).map { number in
            LectureContent(number: number, title: "Synthetic lecture \(number)", cues: (0..<cuesPerLecture).map { position in
                Cue(start: position * 3_000, end: position * 3_000 + 2_900, text: generator.sentence())
            })
        }
        let queue = PreparedLectureQueue(capacity: 2)
        let wallStart = DispatchTime.now().uptimeNanoseconds
        let cpuStart = processCPUSeconds()
        let preparingSeconds = CPUSeconds()
        let preparing = DispatchGroup()
        DispatchQueue.global().async(group: preparing) {
            let started = CPUSeconds.thread()
            for content in contents { queue.put(Result { try PreparedLecture(content) }) }
            preparingSeconds.set(CPUSeconds.thread() - started)
        }
        let storingStart = CPUSeconds.thread()
        for _ in contents {
            try LectureImport.importLecture(try queue.take().get(), courseSlug: "bench", db)
        }
        let storingSeconds = CPUSeconds.thread() - storingStart
        preparing.wait()
        let importSeconds = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9
        let cpuSeconds = processCPUSeconds() - cpuStart
        try Search.checkpointForBenchmark(db)
        let totalCues = lectures * cuesPerLecture
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(String(format: "Import: %.0f cues/s (%.1f s wall, %.1f s CPU in all; one transaction per lecture)",
                     Double(totalCues) / importSeconds, importSeconds, cpuSeconds))
        let busiest = max(storingSeconds, preparingSeconds.value)
        print(String(format: "  stemming thread %.1f s CPU, storing thread (rows, FTS5 index) %.1f s CPU: "
                     + "%.0f cues/s when each has a core", preparingSeconds.value, storingSeconds, Double(totalCues) / busiest))
        print(String(format: "Database: %.1f MB (%.0f bytes per cue)", Double(bytes) / 1e6, Double(bytes) / Double(totalCues)))
        print("")
        print("Latency of Search.run (top 20 with snippets, total, suggestion): wall clock, and CPU time of the")
        print("searching thread (what the query costs when the machine is shared); LIKE: count + first 20 by scan.")
        print(pad("query", 22) + pad("hits", 9) + pad("p50", 10) + pad("p99", 10) + pad("CPU p50", 10) + pad("CPU p99", 10)
            + pad("LIKE p50", 11) + "LIKE p99")

        for workload in Self.workloads {
            var times: [Double] = []
            var cpuTimes: [Double] = []
            var hits = 0
            var suggestion: String?
            for run in 0..<runs {
                let query = workload.queries[run % workload.queries.count]
                let started = DispatchTime.now().uptimeNanoseconds
                let cpuStarted = threadCPUSeconds()
                let results = try Search.run(SearchRequest(query: query, limit: 20), db)
                cpuTimes.append((threadCPUSeconds() - cpuStarted) * 1e3)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
                if run < workload.queries.count {
                    hits += results.total
                    suggestion = suggestion ?? results.suggestion
                }
            }
            let likeRuns = max(1, min(runs / 20, 10))
            var likeTimes: [Double] = []
            for run in 0..<likeRuns {
                let pattern = workload.likePatterns[run % workload.likePatterns.count]
                let started = DispatchTime.now().uptimeNanoseconds
                _ = try Search.likeScanBaseline(pattern: pattern, db)
                likeTimes.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            }
            let hitsPerQuery = hits / workload.queries.count
            print(pad(workload.name, 22) + pad(String(hitsPerQuery), 9)
                + pad(milliseconds(percentile(times, 0.50)), 10) + pad(milliseconds(percentile(times, 0.99)), 10)
                + pad(milliseconds(percentile(cpuTimes, 0.50)), 10) + pad(milliseconds(percentile(cpuTimes, 0.99)), 10)
                + pad(milliseconds(percentile(likeTimes, 0.50)), 11) + milliseconds(percentile(likeTimes, 0.99))
                + (suggestion.map { "   suggestion: \($0)" } ?? ""))
        }
        if let keepPath {
            try db.execute(sql: "VACUUM INTO ?", arguments: [keepPath])
            print("Kept a copy at \(keepPath)")
        }
    }

    private func processCPUSeconds() -> Double { CPUSeconds.read(CLOCK_PROCESS_CPUTIME_ID) }

    private func threadCPUSeconds() -> Double { CPUSeconds.thread() }

    private func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    private func milliseconds(_ value: Double) -> String { String(format: "%.1f ms", value) }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// CPU time readings, and one reported from another thread.
private final class CPUSeconds: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0.0

    var value: Double {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func set(_ seconds: Double) {
        lock.lock()
        stored = seconds
        lock.unlock()
    }

    static func thread() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// A bounded hand-over of prepared lectures from the generating thread to the storing one.
private final class PreparedLectureQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Result<PreparedLecture, any Error>] = []
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func put(_ item: Result<PreparedLecture, any Error>) {
        condition.lock()
        while items.count >= capacity { condition.wait() }
        items.append(item)
        condition.broadcast()
        condition.unlock()
    }

    func take() -> Result<PreparedLecture, any Error> {
        condition.lock()
        while items.isEmpty { condition.wait() }
        let item = items.removeFirst()
        condition.broadcast()
        condition.unlock()
        return item
    }
}

/// Deterministic lecture-like sentences: a Zipf-distributed mix of course vocabulary and a long tail
/// of invented words, with an occasional fixed phrase.
private struct CueTextGenerator {
    private var state: UInt64
    private let vocabulary: [String]

    private static let courseWords = """
        the a to and of is it you that in this we so view constraint layout animation on be with for \
        controller button label superview width height leading trailing top bottom center equal priority \
        have what if now can just like here there then when your at as are not one two three screen phone \
        ipad rotate frame bounds point size intrinsic content hugging compression resistance stack spacing \
        margin guide anchor safe area multiplier constant relation item attribute behavior gravity collision \
        push snap attachment dynamic animator property spring damping duration curve timing keyframe layer \
        transform scale rotation translation autolayout solver equation variable strength required optional \
        ambiguous conflicting unsatisfiable debug log method class struct function closure delegate protocol
        """.split(separator: " ").map(String.init)

    init(seed: UInt64) {
        state = seed
        var words = Self.courseWords
        var inventor = Inventor(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<20_000 { words.append(inventor.word()) }
        words += ["zorbulant", "quexifold"]
        vocabulary = words
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Zipf-like rank: small ranks are far more frequent.
    private mutating func rank() -> Int {
        let u = Double(next() >> 11) / Double(1 << 53)
        return min(vocabulary.count - 1, Int(pow(Double(vocabulary.count), u * u)) - 1)
    }

    mutating func sentence() -> String {
        let count = 6 + Int(next() % 9)
        var words: [String] = []
        words.reserveCapacity(count + 2)
        for _ in 0..<count { words.append(vocabulary[rank()]) }
        switch next() % 1_000 {
        case 0: words.insert(contentsOf: ["magic", "numbers"], at: words.count / 2)
        case 1: words.insert(contentsOf: ["safe", "area"], at: 0)
        default: break
        }
        return words.joined(separator: " ").capitalizedFirst + "."
    }
}

/// Pronounceable invented words for the vocabulary's long tail.
private struct Inventor {
    private var state: UInt64
    private static let onsets = ["b", "c", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "cl", "st", "tr"]
    private static let vowels = ["a", "e", "i", "o", "u", "ai", "ou"]

    init(seed: UInt64) { state = seed }

    mutating func word() -> String {
        var word = ""
        for _ in 0..<(2 + Int(next() % 3)) {
            word += Self.onsets[Int(next() % UInt64(Self.onsets.count))] + Self.vowels[Int(next() % UInt64(Self.vowels.count))]
        }
        return word + (next() % 2 == 0 ? "n" : "")
    }

    private mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
