import Foundation
import Grading
import Synchronization
import JSON
import LecternApp
import SQLite
import Store

/// `lectern-bench analytics [--students N] [--attempts N] [--runs N] [--exercises DIR] [--keep PATH]`
///
/// Builds a course of N students (default 1,000) with every exercise of `Exercises/` (ten) and N
/// attempts each (default 10): 100,000 graded submissions whose grades come from really grading
/// each exercise's reference, starter and examples, stored as the server stores them (typed grade
/// rows included). Then starts the server on that database and times, as an instructor over HTTP,
/// each exercise's analytics page, its JSON and CSV, the course's analytics page and the course
/// page with its overview. Goal: every page under 50 ms.
func runAnalyticsBench(arguments: [String]) -> Int32 {
    var students = 1_000, attempts = 10, runs = 20
    var exercises = "./Exercises"
    var keepPath: String?
    var index = 0
    while index < arguments.count {
        let value = index + 1 < arguments.count ? arguments[index + 1] : ""
        switch arguments[index] {
        case "--students": students = Int(value) ?? 0
        case "--attempts": attempts = Int(value) ?? 0
        case "--runs": runs = Int(value) ?? 0
        case "--exercises": exercises = value
        case "--keep": keepPath = value
        default:
            print("usage: lectern-bench analytics [--students N] [--attempts N] [--runs N] [--exercises DIR] [--keep PATH]")
            return 2
        }
        index += 2
    }
    guard (1...100_000).contains(students), (1...100).contains(attempts), (1...10_000).contains(runs), !exercises.isEmpty else {
        print("lectern-bench analytics: --students 1...100000, --attempts 1...100, --runs 1...10000")
        return 2
    }
    let outcome = Mutex<Int32>(1)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            let met = try await AnalyticsBench(students: students, attempts: attempts, runs: runs, exercisesDirectory: exercises,
                                         keepPath: keepPath).run()
            outcome.withLock { $0 = met ? 0 : 1 }
        } catch {
            print("lectern-bench analytics: \(error)")
        }
        done.signal()
    }
    done.wait()
    return outcome.withLock { $0 }
}

private struct AnalyticsBench {
    let students: Int
    let attempts: Int
    let runs: Int
    let exercisesDirectory: String
    /// Where to copy the database afterwards (to look at it), if anywhere.
    let keepPath: String?
    static let goalMilliseconds = 50.0
    static let password = "analytics-bench-password"

    /// One graded text of an exercise and its grade as stored.
    struct Grade: Sendable {
        let text: String
        let stored: StoredGrade
    }

    func run() async throws -> Bool {
        let directory = NSTemporaryDirectory() + "lectern-analytics-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/bench.sqlite"

        let graded = try gradeEveryText()
        print("Analytics benchmark: \(students) students × \(graded.count) exercises × \(attempts) attempts "
              + "= \(students * graded.count * attempts) submissions")
        let setup = try await Application.openDatabase(at: path, readers: 1)
        try await setup.write { db in try Course.insert(NewCourse(slug: "cs193p", title: "Analytics bench"), db) }
        await setup.close()

        setenv("LECTERN_ADMIN_PASSWORD", Self.password, 1)
        var configuration = AppConfiguration()
        configuration.port = 0
        configuration.databasePath = path
        configuration.exercisesDirectory = exercisesDirectory
        configuration.contentDirectory = directory + "/none"
        configuration.publicDirectory = directory
        configuration.quiet = true
        let app = try await Application.start(configuration) { _ in }
        do {
            let fill = try await fill(app.context.database, graded: graded)
            print(String(format: "stored %d submissions with their grade rows in %.1f s (%.0f/s); database %.1f MB",
                         fill.count, fill.seconds, Double(fill.count) / fill.seconds,
                         Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576))
            let met = try time(port: UInt16(app.port), slugs: graded.map(\.slug))
            if let keepPath { try await app.context.database.backup(to: keepPath) }
            await app.stop()
            return met
        } catch {
            await app.stop()
            throw error
        }
    }

    /// Every exercise of the folder with its texts graded once (reference, starter, examples).
    private func gradeEveryText() throws -> [(slug: String, grades: [Grade])] {
        let catalog = try ExerciseDirectory.loadCatalog(exercisesDirectory)
        if let unreadable = catalog.errors.first { throw unreadable }
        var result: [(String, [Grade])] = []
        for exercise in catalog.exercises {
            let texts = [exercise.reference, exercise.starter] + exercise.examples.map(\.submission)
            let grades = texts.map { text -> Grade in
                let report = Grader.grade(exercise, submission: text, options: GradeOptions(pictures: false))
                var stored = StoredGrade(report, keepingPictures: false)
                stored.exerciseVersion = "bench"
                stored.graderVersion = "bench"
                return Grade(text: text, stored: stored)
            }
            result.append((exercise.slug, grades))
        }
        return result
    }

    /// The students, enrolled, and their attempts, in transactions of one student each.
    private func fill(_ database: DatabasePool, graded: [(slug: String, grades: [Grade])]) async throws -> (count: Int, seconds: Double) {
        let start = Date()
        let ids: [String: Int64] = try await database.read { db in
            guard let course = try Course.find(slug: "cs193p", db) else { return [:] }
            var ids: [String: Int64] = [:]
            for record in try ExerciseRecord.all(courseID: course.id, db) { ids[record.slug] = record.id }
            return ids
        }
        let plan = graded.compactMap { entry in ids[entry.slug].map { (id: $0, grades: entry.grades) } }
        let attempts = self.attempts
        var random = SplitMix(seed: 0xA11A)
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var count = 0
        for student in 0..<students {
            var choices: [[Int]] = []
            for exercise in plan {
                choices.append((0..<attempts).map { attempt in
                    // Most students end on the reference; the attempts before it vary.
                    attempt == attempts - 1 && random.next() % 10 < 6 ? 0 : Int(random.next() % UInt64(exercise.grades.count))
                })
            }
            let picked = choices
            count += try await database.write { db in
                guard let course = try Course.find(slug: "cs193p", db) else { return 0 }
                let user = try User.insert(NewUser(username: String(format: "student%05d", student)), passwordHash: nil, db)
                try User.enroll(userID: user.id, courseID: course.id, role: .student, db)
                var stored = 0
                for (exercise, choice) in zip(plan, picked) {
                    for (attempt, index) in choice.enumerated() {
                        let grade = exercise.grades[index]
                        _ = try SubmissionRecord.insert(
                            userID: user.id, exerciseID: exercise.id, text: grade.text, normalizedHash: "bench-\(index)",
                            grade: grade.stored,
                            latePenalty: 0, at: base.addingTimeInterval(Double(student * 60 + attempt * 3_600)), db)
                        stored += 1
                    }
                }
                return stored
            }
        }
        return (count, Date().timeIntervalSince(start))
    }

    /// Times each page `runs` times after one warm-up request and prints p50, p95 and max.
    private func time(port: UInt16, slugs: [String]) throws -> Bool {
        let connection = LoadConnection(host: "127.0.0.1", port: port)
        let body = try JSONSerialization.data(withJSONObject: ["username": "admin", "password": Self.password])
        let session = try connection.send("POST", "/api/session", headers: [("Content-Type", "application/json")], body: [UInt8](body))
        guard session.status == 200, let object = try JSONSerialization.jsonObject(with: Data(session.body)) as? [String: Any],
              let token = object["token"] as? String else {
            throw LoadConnection.Failure(description: "sign-in: \(session.status) \(session.text)")
        }
        let headers = [("Authorization", "Bearer \(token)")]
        let targets: [(String, [String])] = [
            ("exercise analytics page", slugs.map { "/courses/cs193p/exercises/\($0)/analytics" }),
            ("exercise analytics JSON", slugs.map { "/api/courses/cs193p/exercises/\($0)/analytics" }),
            ("exercise analytics CSV", slugs.map { "/api/courses/cs193p/exercises/\($0)/analytics.csv" }),
            ("course analytics page", ["/courses/cs193p/analytics"]),
            ("course page with overview", ["/courses/cs193p"]),
        ]
        print("")
        print("| request | requests | p50 ms | p95 ms | max ms | goal < \(Int(Self.goalMilliseconds)) ms |")
        print("|---|---:|---:|---:|---:|---|")
        var met = true
        for (name, paths) in targets {
            var samples: [Double] = []
            for path in paths {
                let warm = try connection.send("GET", path, headers: headers)
                guard warm.status == 200 else { throw LoadConnection.Failure(description: "\(path): \(warm.status) \(warm.text.prefix(200))") }
                for _ in 0..<runs {
                    let started = DispatchTime.now().uptimeNanoseconds
                    let reply = try connection.send("GET", path, headers: headers)
                    samples.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
                    guard reply.status == 200 else { throw LoadConnection.Failure(description: "\(path): \(reply.status)") }
                }
            }
            samples.sort()
            let p50 = samples[samples.count / 2]
            let p95 = samples[min(samples.count - 1, Int(Double(samples.count - 1) * 0.95))]
            let worst = samples.last ?? .nan
            let ok = p95 < Self.goalMilliseconds
            met = met && ok
            print(String(format: "| %@ | %d | %.1f | %.1f | %.1f | %@ |", name as NSString, samples.count, p50, p95, worst,
                         (ok ? "yes" : "NO") as NSString))
        }
        return met
    }
}
