import Dispatch
import Dynamics
import Foundation
import Glibc
import Grading
import LecternApp
import Synchronization

/// `lectern-bench fairness`: one student tries to stall grading while another works normally.
///
/// Signs in as the admin (`LECTERN_ADMIN_PASSWORD`), adds two students to `cs193p` through the
/// roster, and for the given duration:
/// - the heavy student runs `--heavy-clients` parallel clients, each submitting unique copies of
///   an expensive but allowed `steady-stacks` behavior tree (every fifth one an over-budget tree of
///   63 collision behaviors × 15 boundaries) as fast as the server answers (after a 429, a client
///   waits `--pause-ms` before trying again);
/// - the light student submits a small `corners` layout every second;
/// - a monitor asks `/api/health` every second.
///
/// Prints the light student's latency (p50/p95/p99/max), the heavy student's answers by status,
/// and the health answers. Exit status 0 when the light student's p99 is under `--goal-ms`, every
/// light submission got 201 and every health check 200; 1 otherwise; 2 on bad arguments.
///
///     lectern-bench fairness --url http://127.0.0.1:8080 [--duration 30] [--heavy-clients 40] [--pause-ms 25]
///                            [--goal-ms 1000] [--exercises DIR]
func runFairnessBench(arguments: [String]) -> Int32 {
    runServerWorkload("fairness", arguments, parse: FairnessOptions.parse) { try FairnessRun(options: $0).run() }
}

struct FairnessOptions {
    var host = "127.0.0.1"
    var port: UInt16 = 8080
    var duration = 30.0
    var heavyClients = 40
    var pauseMilliseconds = 25
    var goalMilliseconds = 1000.0
    var exercisesDirectory = "./Exercises"
    var adminPassword = ProcessInfo.processInfo.environment["LECTERN_ADMIN_PASSWORD"] ?? ""

    typealias Invalid = BenchArguments.Invalid

    static func parse(_ arguments: [String]) throws -> FairnessOptions {
        var options = FairnessOptions()
        var reader = BenchArguments(arguments)
        while let argument = reader.next() {
            switch argument {
            case "--url":
                (options.host, options.port) = try reader.serverURL()
            case "--duration":
                guard let s = Double(try reader.value()), s > 0, s <= 600 else { throw Invalid(description: "--duration must be 0...600 seconds") }
                options.duration = s
            case "--heavy-clients":
                guard let n = Int(try reader.value()), (1...256).contains(n) else { throw Invalid(description: "--heavy-clients must be 1...256") }
                options.heavyClients = n
            case "--pause-ms":
                guard let n = Int(try reader.value()), (0...10_000).contains(n) else { throw Invalid(description: "--pause-ms must be 0...10000") }
                options.pauseMilliseconds = n
            case "--goal-ms":
                guard let n = Double(try reader.value()), n > 0 else { throw Invalid(description: "--goal-ms must be positive") }
                options.goalMilliseconds = n
            case "--exercises":
                options.exercisesDirectory = try reader.value()
            default:
                throw reader.unknown()
            }
        }
        guard !options.adminPassword.isEmpty else { throw Invalid(description: "set LECTERN_ADMIN_PASSWORD to the admin's password") }
        return options
    }
}

struct FairnessRun {
    let options: FairnessOptions

    struct Sample {
        let seconds: Double
        let status: Int
    }

    /// A steady-stacks tree with `walls` collision behaviors that turn the reference bounds into
    /// walls and one more with `boundaries` short segments; `id` makes each copy unique.
    static func stacksTree(id: String, walls: Int, boundaries: Int, perBehavior: Int = 0) -> String {
        var children = [#"{"type":"gravity","magnitude":1.0}"#]
        for _ in 0..<walls { children.append(#"{"type":"collision","translatesReferenceBoundsIntoBoundary":true}"#) }
        if perBehavior > 0 {
            for c in 0..<(boundaries / perBehavior) {
                let segments = (0..<perBehavior).map { b in
                    #"{"id":"c\#(c)b\#(b)","from":[\#(5 + (b * 20) % 300),\#(470 - c % 5)],"to":[\#(15 + (b * 20) % 300),\#(470 - c % 5)]}"#
                }
                children.append(#"{"type":"collision","translatesReferenceBoundsIntoBoundary":true,"boundaries":[\#(segments.joined(separator: ","))]}"#)
            }
        } else if boundaries > 0 {
            let segments = (0..<boundaries).map { b in #"{"id":"s\#(b)","from":[\#(5 + (b * 7) % 300),470],"to":[\#(9 + (b * 7) % 300),470]}"# }
            children.append(#"{"type":"collision","boundaries":[\#(segments.joined(separator: ","))]}"#)
        }
        children.append(#"{"type":"itemBehavior","allowsRotation":false,"friction":0.5,"elasticity":0}"#)
        return #"{"type":"composite","id":"\#(id)","children":[\#(children.joined(separator: ",\n"))]}"#
    }

    /// Sleeps until `uptime` (`DispatchTime` nanoseconds), however often the sleep is interrupted.
    static func sleep(until uptime: UInt64) {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < uptime else { return }
            usleep(UInt32(min(uptime - now, 100_000_000) / 1000))
        }
    }

    func run() throws -> Int32 {
        let catalog = try ExerciseDirectory.loadCatalog(options.exercisesDirectory)
        guard let stacks = catalog.exercise("steady-stacks"), let corners = catalog.exercise("corners") else {
            throw LoadConnection.Failure(description: "\(options.exercisesDirectory) lacks steady-stacks or corners")
        }
        // The most expensive tree of this shape that the default budget still allows.
        let budget = SubmissionLimits.default.maxSimulationUnits
        // With a budget of 0 every tree is refused before simulating, and the refusal carries its cost.
        let costOnly = GradeOptions(pictures: false, limits: SubmissionLimits(maxSimulationUnits: 0))
        func units(walls: Int) -> Int {
            Grader.grade(stacks, submission: Self.stacksTree(id: "probe", walls: walls, boundaries: 20), options: costOnly)
                .work.simulationUnits
        }
        var walls = 1
        while walls < 64, units(walls: walls + 1) <= budget { walls += 1 }
        let heavyWalls = walls
        let heavyProbe = Self.stacksTree(id: "probe", walls: walls, boundaries: 20)
        let started = DispatchTime.now().uptimeNanoseconds
        let probe = Grader.grade(stacks, submission: heavyProbe, options: GradeOptions(pictures: false))
        let localSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let reference = Grader.grade(stacks, submission: stacks.reference, options: GradeOptions(pictures: false))
        let attack = Grader.grade(stacks, submission: Self.stacksTree(id: "probe", walls: 0, boundaries: 945, perBehavior: 15),
                                  options: GradeOptions(pictures: false))
        print(String(format: "heavy tree: %d reference-bounds collisions + 20 boundaries, %d bytes, %@ units (%.0f%% of the budget of %@, %.1f× the reference), graded here in %.2f s",
                     walls, heavyProbe.utf8.count, SimulationCost.number(probe.work.simulationUnits) as NSString,
                     100 * Double(probe.work.simulationUnits) / Double(budget), SimulationCost.number(budget) as NSString,
                     Double(probe.work.simulationUnits) / Double(max(1, reference.work.simulationUnits)), localSeconds))
        print("over-budget tree: 63 collisions × 15 boundaries, \(Self.stacksTree(id: "x", walls: 0, boundaries: 945, perBehavior: 15).utf8.count) bytes, \(SimulationCost.number(attack.work.simulationUnits)) units")

        let accounts = try FairnessAccounts(options: options)
        let heavyToken = accounts.heavy
        let lightToken = accounts.light

        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(options.duration * 1e9)
        let heavySamples = Mutex<[Sample]>([])
        let lightSamples = Mutex<[Sample]>([])
        let healthSamples = Mutex<[Sample]>([])
        let transportErrors = Atomic<Int>(0)
        let counter = Atomic<Int>(0)
        let group = DispatchGroup()
        let pause = Double(options.pauseMilliseconds) / 1000
        let submissionsPath = "/api/courses/cs193p/exercises"

        @Sendable func timed(_ connection: LoadConnection, _ method: String, _ path: String, token: String?, body: String = "") -> Sample? {
            var headers: [(String, String)] = [("Content-Type", "text/plain")]
            if let token { headers.append(("Authorization", "Bearer \(token)")) }
            let begin = DispatchTime.now().uptimeNanoseconds
            do {
                let reply = try connection.send(method, path, headers: headers, body: Array(body.utf8))
                return Sample(seconds: Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9, status: reply.status)
            } catch {
                transportErrors.wrappingAdd(1, ordering: .relaxed)
                return nil
            }
        }

        func spawn(_ body: @escaping @Sendable () -> Void) {
            group.enter()
            let thread = Thread {
                body()
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }

        for _ in 0..<options.heavyClients {
            spawn {
                let connection = LoadConnection(host: options.host, port: options.port)
                var local: [Sample] = []
                while DispatchTime.now().uptimeNanoseconds < deadline {
                    let n = counter.wrappingAdd(1, ordering: .relaxed).newValue
                    let text = n % 5 == 4
                        ? Self.stacksTree(id: "attack-\(n)", walls: 0, boundaries: 945, perBehavior: 15)
                        : Self.stacksTree(id: "copy-\(n)", walls: heavyWalls, boundaries: 20)
                    guard let sample = timed(connection, "POST", "\(submissionsPath)/steady-stacks/submissions", token: heavyToken,
                                             body: text) else {
                        Thread.sleep(forTimeInterval: 0.05)
                        continue
                    }
                    local.append(sample)
                    if sample.status == 429 || sample.status == 503 { Thread.sleep(forTimeInterval: pause) }
                }
                heavySamples.withLock { $0.append(contentsOf: local) }
            }
        }
        for role in ["light", "health"] {
            spawn {
                let connection = LoadConnection(host: options.host, port: options.port)
                var local: [Sample] = []
                var tick = 0
                let first = DispatchTime.now().uptimeNanoseconds
                while DispatchTime.now().uptimeNanoseconds < deadline {
                    let due = first + UInt64(tick + 1) * 1_000_000_000
                    tick += 1
                    let sample = role == "light"
                        ? timed(connection, "POST", "\(submissionsPath)/corners/submissions", token: lightToken,
                                body: corners.reference + "\n# light \(tick)\n")
                        : timed(connection, "GET", "/api/health", token: nil)
                    if let sample { local.append(sample) }
                    guard due < deadline else { break }
                    Self.sleep(until: due)
                }
                if role == "light" {
                    lightSamples.withLock { $0.append(contentsOf: local) }
                } else {
                    healthSamples.withLock { $0.append(contentsOf: local) }
                }
            }
        }
        let began = Date()
        group.wait()
        let elapsed = Date().timeIntervalSince(began)

        let light = lightSamples.withLock { $0 }
        let heavy = heavySamples.withLock { $0 }
        let health = healthSamples.withLock { $0 }
        func percentile(_ sorted: [Double], _ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))]
        }
        func statuses(_ samples: [Sample]) -> String {
            Dictionary(grouping: samples, by: \.status).map { ($0.key, $0.value.count) }.sorted { $0.0 < $1.0 }
                .map { "\($0.0)×\($0.1)" }.joined(separator: " ")
        }
        let lightLatency = light.map(\.seconds).sorted()
        let healthLatency = health.map(\.seconds).sorted()
        let heavyCount = { (status: Int) in heavy.filter { $0.status == status }.count }
        print("")
        print("| who | requests | p50 ms | p95 ms | p99 ms | max ms | answers |")
        print("|---|---:|---:|---:|---:|---:|---|")
        for (name, samples, sorted) in [("light student (corners, 1/s)", light, lightLatency),
                                        ("heavy student (\(options.heavyClients) clients)", heavy, heavy.map(\.seconds).sorted()),
                                        ("/api/health (1/s)", health, healthLatency)] {
            print(String(format: "| %@ | %d | %.1f | %.1f | %.1f | %.1f | %@ |", name as NSString, samples.count,
                         percentile(sorted, 0.5) * 1000, percentile(sorted, 0.95) * 1000, percentile(sorted, 0.99) * 1000,
                         (sorted.last ?? .nan) * 1000, statuses(samples) as NSString))
        }
        print("")
        print("heavy student: 201 × \(heavyCount(201)), 422 × \(heavyCount(422)), 429 × \(heavyCount(429)), other × \(heavy.count - heavyCount(201) - heavyCount(422) - heavyCount(429))")
        print(String(format: "ran %.1f s (the load for %.0f s, then the requests in flight)", elapsed, options.duration))
        print("transport errors: \(transportErrors.load(ordering: .relaxed))")
        let p99 = percentile(lightLatency, 0.99) * 1000
        let healthy = !health.isEmpty && health.allSatisfy { $0.status == 200 }
        let lightOK = !light.isEmpty && light.allSatisfy { $0.status == 201 }
        let met = p99 < options.goalMilliseconds && healthy && lightOK
        print(String(format: "goal: light p99 %.1f ms < %.0f ms: %@; light all 201: %@; health all 200: %@",
                     p99, options.goalMilliseconds, (p99 < options.goalMilliseconds ? "yes" : "NO") as NSString,
                     (lightOK ? "yes" : "NO") as NSString, (healthy ? "yes" : "NO") as NSString))
        return met ? 0 : 1
    }
}

/// The two students of a fairness run, created through the roster and signed in.
struct FairnessAccounts {
    let heavy: String
    let light: String

    init(options: FairnessOptions) throws {
        let connection = LoadConnection(host: options.host, port: options.port)
        let admin = try connection.signIn(username: "admin", password: options.adminPassword)
        let prefix = "fair\(Int(Date().timeIntervalSince1970) % 1_000_000)"
        let roster = "\(prefix)-heavy,Heavy Student,\n\(prefix)-light,Light Student,"
        let imported = try connection.send("POST", "/api/courses/cs193p/roster",
                                           headers: [("Authorization", "Bearer \(admin)"), ("Content-Type", "text/csv")],
                                           body: Array(roster.utf8))
        guard imported.status == 200, let rows = try JSONSerialization.jsonObject(with: Data(imported.body)) as? [[String: Any]] else {
            throw LoadConnection.Failure(description: "roster import: \(imported.status) \(imported.text)")
        }
        var tokens: [String: String] = [:]
        let password = "fairness-test-password"
        for row in rows {
            guard let name = row["username"] as? String, let path = row["setPasswordPath"] as? String,
                  let setup = path.split(separator: "=").last else { continue }
            let set = try connection.send("POST", "/set-password", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                          body: Array("token=\(setup)&password=\(password)".utf8))
            guard set.status == 200 else { throw LoadConnection.Failure(description: "set-password: \(set.status)") }
            tokens[name] = try connection.signIn(username: name, password: password)
        }
        guard let heavy = tokens["\(prefix)-heavy"], let light = tokens["\(prefix)-light"] else {
            throw LoadConnection.Failure(description: "the roster did not create both students")
        }
        self.heavy = heavy
        self.light = light
    }
}
