import Foundation
import Synchronization

/// One run of the load: set-up of the students, the timed load, the report and the check that
/// nothing acknowledged was lost.
struct LoadRun {
    let options: LoadOptions

    /// What one request was, for the report.
    enum Kind: String, CaseIterable {
        case submitValid = "submit (valid)"
        case submitInvalid = "submit (invalid)"
        case search = "search"
    }

    /// The layout exercises the students answer, with a full-marks answer each.
    static let exercises = ["corners", "centered", "stacked", "stats"]
    static let searches = ["constraint", "gravity", "priority", "stack view", "animation", "superview", "intrinsic size"]

    struct Sample {
        let kind: Kind
        let seconds: Double
        let status: Int
    }

    func run() throws -> Int32 {
        let references = try Self.exercises.map { slug in
            try String(contentsOfFile: "\(options.exercisesDirectory)/\(slug)/reference.layout", encoding: .utf8)
        }
        let prefix = "load\(Int(Date().timeIntervalSince1970) % 1_000_000)"
        let tokens = try signInStudents(prefix: prefix)
        print("signed in \(tokens.count) students; load for \(Int(options.duration)) s on \(options.connections) connections")

        let samples = Mutex<[Sample]>([])
        let transportErrors = Mutex<[String]>([])
        let acknowledged = try options.acknowledgedFile.map { path -> FileHandle in
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            guard let handle = FileHandle(forWritingAtPath: path) else { throw LoadConnection.Failure(description: "cannot write \(path)") }
            return handle
        }
        let ackLock = NSLock()
        let counter = Atomic<Int>(0)
        let deadline = Date().addingTimeInterval(options.duration)
        let started = Date()
        let group = DispatchGroup()
        for worker in 0..<options.connections {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                let connection = LoadConnection(host: options.host, port: options.port)
                var local: [Sample] = []
                var generator = SplitMix(seed: UInt64(worker + 1))
                while Date() < deadline {
                    let n = counter.wrappingAdd(1, ordering: .relaxed).newValue
                    // Each connection keeps to its own students, so that no student has two
                    // submissions in grading at once (the second would be a 429).
                    let own = max(1, (tokens.count - worker + options.connections - 1) / options.connections)
                    let token = tokens[(worker + options.connections * Int(generator.next() % UInt64(own))) % tokens.count]
                    let auth = [("Authorization", "Bearer \(token)")]
                    let kind: Kind = n % 10 < 4 ? .submitValid : n % 10 < 7 ? .submitInvalid : .search
                    let begin = DispatchTime.now().uptimeNanoseconds
                    do {
                        let reply: LoadConnection.Reply
                        switch kind {
                        case .search:
                            let query = Self.searches[n % Self.searches.count].replacingOccurrences(of: " ", with: "+")
                            reply = try connection.send("GET", "/api/search?q=\(query)", headers: auth)
                        case .submitValid, .submitInvalid:
                            let index = n % Self.exercises.count
                            let text = kind == .submitValid
                                ? references[index] + "\n# submission \(n)\n"
                                : (n % 2 == 0 ? "H:|-[thing1]\n# submission \(n)\n" : "V:|-[nothing(((\n# submission \(n)\n")
                            reply = try connection.send("POST", "/api/courses/cs193p/exercises/\(Self.exercises[index])/submissions",
                                                        headers: auth + [("Content-Type", "text/plain")], body: Array(text.utf8))
                            if reply.status == 201, let acknowledged, let id = Self.submissionID(reply) {
                                ackLock.lock()
                                acknowledged.write(Data("\(id)\n".utf8))
                                ackLock.unlock()
                            }
                        }
                        let seconds = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
                        local.append(Sample(kind: kind, seconds: seconds, status: reply.status))
                    } catch {
                        transportErrors.withLock { $0.append("\(error)") }
                        Thread.sleep(forTimeInterval: 0.05)
                    }
                }
                samples.withLock { $0.append(contentsOf: local) }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        try? acknowledged?.close()
        let elapsed = Date().timeIntervalSince(started)
        let all = samples.withLock { $0 }
        let failures = transportErrors.withLock { $0 }
        let created = all.filter { $0.status == 201 }.count
        report(all, transportErrors: failures, elapsed: elapsed)

        let stored = try storedSubmissions(prefix: prefix)
        print(String(format: "acknowledged (201): %d   stored: %d   lost: %d", created, stored, created - stored))
        let unexpected = all.filter { !Self.expected($0.kind, $0.status) }.count
        return unexpected == 0 && failures.isEmpty && created == stored ? 0 : 1
    }

    /// Searches answer 200, valid submissions 201; invalid ones are graded (201) or, when they
    /// cannot be read, refused with their diagnostics (422).
    static func expected(_ kind: Kind, _ status: Int) -> Bool {
        switch kind {
        case .search: status == 200
        case .submitValid: status == 201
        case .submitInvalid: status == 201 || status == 422
        }
    }

    static func submissionID(_ reply: LoadConnection.Reply) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any] else { return nil }
        return object["id"] as? Int
    }

    private func report(_ samples: [Sample], transportErrors: [String], elapsed: Double) {
        func percentile(_ sorted: [Double], _ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }
        print(String(format: "%d requests in %.1f s: %.0f req/s", samples.count, elapsed, Double(samples.count) / elapsed))
        for kind in Kind.allCases {
            let ofKind = samples.filter { $0.kind == kind }
            let latencies = ofKind.map(\.seconds).sorted()
            let wrong = ofKind.filter { !Self.expected(kind, $0.status) }
            print(String(format: "  %-17@ %7d  %7.0f/s  p50 %6.1f ms  p99 %6.1f ms  errors %d", kind.rawValue as NSString,
                         ofKind.count, Double(ofKind.count) / elapsed, percentile(latencies, 0.5) * 1000,
                         percentile(latencies, 0.99) * 1000, wrong.count))
            let statuses = Dictionary(grouping: wrong, by: \.status).map { "\($0.key)×\($0.value.count)" }.sorted()
            if !statuses.isEmpty { print("    unexpected statuses: \(statuses.joined(separator: ", "))") }
        }
        let graded = samples.filter { $0.kind != .search && $0.status == 201 }.count
        print(String(format: "graded submissions: %.0f/s", Double(graded) / elapsed))
        print("transport errors: \(transportErrors.count)\(transportErrors.first.map { " (first: \($0))" } ?? "")")
    }

    /// Creates the students through the roster import and their set-password links, and signs each in.
    private func signInStudents(prefix: String) throws -> [String] {
        let admin = LoadConnection(host: options.host, port: options.port)
        let adminToken = try admin.signIn(username: "admin", password: options.adminPassword)
        let roster = (1...options.students).map { "\(prefix)-\($0),Load Student \($0)," }.joined(separator: "\n")
        let imported = try admin.send("POST", "/api/courses/cs193p/roster",
                                      headers: [("Authorization", "Bearer \(adminToken)"), ("Content-Type", "text/csv")],
                                      body: Array(roster.utf8))
        guard imported.status == 200, let rows = try JSONSerialization.jsonObject(with: Data(imported.body)) as? [[String: Any]] else {
            throw LoadConnection.Failure(description: "roster import: \(imported.status) \(imported.text)")
        }
        let links = rows.compactMap { row -> (String, String)? in
            guard let name = row["username"] as? String, let path = row["setPasswordPath"] as? String,
                  let token = path.split(separator: "=").last else { return nil }
            return (name, String(token))
        }
        let tokens = Mutex<[String]>([])
        let failures = Mutex<[String]>([])
        let password = "load-test-password"
        DispatchQueue.concurrentPerform(iterations: min(8, links.count)) { lane in
            let connection = LoadConnection(host: options.host, port: options.port)
            for index in stride(from: lane, to: links.count, by: min(8, links.count)) {
                let (name, setup) = links[index]
                do {
                    let set = try connection.send("POST", "/set-password", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                                  body: Array("token=\(setup)&password=\(password)".utf8))
                    guard set.status == 200 else { throw LoadConnection.Failure(description: "set-password: \(set.status)") }
                    let token = try connection.signIn(username: name, password: password)
                    tokens.withLock { $0.append(token) }
                } catch {
                    failures.withLock { $0.append("\(name): \(error)") }
                }
            }
        }
        if let failure = failures.withLock({ $0.first }) { throw LoadConnection.Failure(description: failure) }
        return tokens.withLock { $0 }
    }

    /// The number of stored submissions of this run's students, from the gradebook.
    private func storedSubmissions(prefix: String) throws -> Int {
        let admin = LoadConnection(host: options.host, port: options.port)
        let token = try admin.signIn(username: "admin", password: options.adminPassword)
        let reply = try admin.send("GET", "/api/courses/cs193p/gradebook", headers: [("Authorization", "Bearer \(token)")])
        guard reply.status == 200, let book = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any],
              let students = book["students"] as? [[String: Any]] else {
            throw LoadConnection.Failure(description: "gradebook: \(reply.status)")
        }
        return students.filter { ($0["username"] as? String)?.hasPrefix(prefix + "-") == true }.reduce(0) { total, student in
            total + ((student["scores"] as? [String: Any]) ?? [:]).values.reduce(0) { $0 + ((($1 as? [String: Any])?["attempts"] as? Int) ?? 0) }
        }
    }
}

/// A small deterministic generator, one per load thread.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
