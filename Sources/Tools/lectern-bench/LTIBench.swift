import Foundation
import HTTPServer
import JSON
import LecternApp
import LTI
import Store
#if canImport(Glibc)
import Glibc
#endif

/// `lectern-bench lti`: LTI's two goals.
///
/// 1. Launch validation CPU with a cached key set: a platform-signed resource-link ID token is
///    read, its `kid` looked up in the parsed JWKS, its RS256 signature and every claim checked.
///    Reported as process CPU time per launch (goal: under 2 ms).
/// 2. Score outbox throughput: a Lectern server on a temporary database posts `--scores` queued
///    scores to a simulated platform on loopback (token endpoint and line items), through the
///    real outbox loop, libcurl and the platform's HTTP server. Reported as scores per minute
///    (goal: at least 1,000).
///
///     lectern-bench lti [--launches 2000] [--scores 2000]
func runLTIBench(arguments: [String]) -> Int32 {
    var launches = 2000
    var scores = 2000
    var index = 0
    while index < arguments.count {
        let name = arguments[index]
        guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), (1...1_000_000).contains(value) else {
            FileHandle.standardError.write(Data("lectern-bench lti: \(name) needs a count from 1 to 1000000\n".utf8))
            return 2
        }
        switch name {
        case "--launches": launches = value
        case "--scores": scores = value
        default:
            FileHandle.standardError.write(Data("lectern-bench lti: unknown option \(name)\n".utf8))
            return 2
        }
        index += 2
    }
    do {
        try benchLaunchValidation(count: launches)
        let scoreCount = scores
        try blockingAwait { try await benchScoreOutbox(count: scoreCount) }
        return 0
    } catch {
        FileHandle.standardError.write(Data("lectern-bench lti: \(error)\n".utf8))
        return 1
    }
}

/// CPU seconds used by this process so far.
private func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

private func benchLaunchValidation(count: Int) throws {
    let platformKey = try RSAKey.generate(bits: 2048)
    let jwks = JSONWebKeySet(keys: [("k1", platformKey)]).json()
    let cached = try JSONWebKeySet.parse(bytes: Array(jwks.utf8))
    let now = Date().timeIntervalSince1970
    let claims = JSONObject([
        ("iss", .string("https://lms.example")), ("aud", .string("lectern")), ("sub", .string("student-1")),
        ("iat", .number(now.rounded(.down))), ("exp", .number(now.rounded(.down) + 300)), ("nonce", .string("n-1")),
        ("name", .string("Sam Student")), ("email", .string("sam@example.edu")),
        (LTIClaim.deploymentID, .string("d-1")), (LTIClaim.messageType, .string("LtiResourceLinkRequest")),
        (LTIClaim.version, .string("1.3.0")), (LTIClaim.targetLinkURI, .string("https://lectern.example/courses/c/exercises/e")),
        (LTIClaim.resourceLink, .object(JSONObject([("id", .string("link-1"))]))),
        (LTIClaim.roles, .array([.string("http://purl.imsglobal.org/vocab/lis/v2/membership#Learner")])),
        (LTIClaim.context, .object(JSONObject([("id", .string("course-42")), ("title", .string("iOS apps"))]))),
        (LTIClaim.agsEndpoint, .object(JSONObject([("scope", .array([.string(LTIClaim.scoreScope)])),
                                                   ("lineitem", .string("https://lms.example/lineitems/1"))]))),
    ])
    let token = try JWTSigner.sign(claims, key: platformKey, keyID: "k1")
    let expectations = LaunchExpectations(issuer: "https://lms.example", clientID: "lectern", deploymentIDs: ["d-1"], nonce: "n-1", now: now)
    func validateOnce() throws {
        let parsed = try JSONWebToken.parse(token)
        guard let key = cached.key(try LaunchValidator.keyID(of: parsed)) else { throw LTIError("unknown_kid", "k1") }
        _ = try LaunchValidator.validate(parsed, key: key, expecting: expectations)
    }
    for _ in 0..<min(100, count) { try validateOnce() }
    let cpuStart = processCPUSeconds()
    let wallStart = Date()
    for _ in 0..<count { try validateOnce() }
    let cpu = processCPUSeconds() - cpuStart
    let wall = Date().timeIntervalSince(wallStart)
    print(String(format: "launch validation (RS256, 2048-bit, cached JWKS, %d-byte token): %.1f µs CPU per launch, %.1f µs wall, %d launches",
                 token.utf8.count, cpu / Double(count) * 1e6, wall / Double(count) * 1e6, count))
}

/// The simulated platform's counters.
private final class PlatformCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var posts = 0
    private var tokens = 0
    func post() { lock.withLock { posts += 1 } }
    func token() { lock.withLock { tokens += 1 } }
    var counts: (posts: Int, tokens: Int) { lock.withLock { (posts, tokens) } }
}

private func benchScoreOutbox(count: Int) async throws {
    let counters = PlatformCounters()
    let router = Router()
    router.post("/token") { _, _ in
        counters.token()
        return Response.json(JSONValue.object(JSONObject([("access_token", .string("bench-token")), ("expires_in", .number(3600))])))
    }
    router.post("/lineitems/:id/scores") { request, _ in
        guard request.headers["Authorization"] == "Bearer bench-token" else { return .status(.unauthorized) }
        _ = try request.json()
        counters.post()
        return .status(.noContent)
    }
    var platformConfiguration = ServerConfiguration()
    platformConfiguration.port = 0
    platformConfiguration.accessLog = false
    platformConfiguration.eventLoopCount = 1
    let platform = Server(router: router, configuration: platformConfiguration)
    try platform.start()
    let origin = "http://127.0.0.1:\(platform.port)"

    let directory = NSTemporaryDirectory() + "lectern-bench-lti-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory + "/Exercises", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var configuration = AppConfiguration()
    configuration.port = 0
    configuration.databasePath = directory + "/lectern.sqlite"
    configuration.exercisesDirectory = directory + "/Exercises"
    configuration.contentDirectory = directory + "/Courses"
    configuration.publicDirectory = directory + "/Public"
    configuration.quiet = true
    let app = try await Application.start(configuration) { _ in }
    let database = app.context.database

    _ = try await LTITool.addPlatform(issuer: origin, clientID: "lectern", deploymentID: "d-1", authURL: origin + "/auth",
                                      tokenURL: origin + "/token", jwksURL: origin + "/jwks", courseSlug: nil, database: database)
    let queuedAt = Date()
    try await database.write { db in
        let course = try Course.insert(NewCourse(slug: "bench", title: "Bench"), db)
        _ = try ExerciseRecord.upsert(courseID: course.id, ExerciseDefinition(slug: "e", title: "E", kind: "layout", position: 0,
                                                                              version: "v", points: 100, definitionJSON: "{}"), db)
        guard let exercise = try ExerciseRecord.find(courseID: course.id, slug: "e", db),
              let platform = try LTIPlatform.all(db).first else { return }
        let user = try User.insert(NewUser(username: "bench-student"), passwordHash: nil, db)
        for index in 0..<count {
            try LTIScoreOutbox.enqueue(platformID: platform.id, userID: user.id, exerciseID: exercise.id,
                                       lineitemURL: "\(origin)/lineitems/\(index % 50)", subject: "student-\(index)",
                                       scoreGiven: Double(index % 101), scoreMaximum: 100, scoredAt: queuedAt, db)
        }
    }
    let start = Date()
    var sent = 0
    while sent < count, Date().timeIntervalSince(start) < 600 {
        try await Task.sleep(nanoseconds: 50_000_000)
        sent = try await database.read { db in try LTIScoreOutbox.counts(db).sent }
    }
    let seconds = Date().timeIntervalSince(start)
    let (posts, tokens) = counters.counts
    await app.stop()
    await platform.shutdown()
    print(String(format: "score outbox to the simulated platform: %d scores in %.2f s = %.0f scores/min (%d posts received, %d token request(s))",
                 sent, seconds, Double(sent) / seconds * 60, posts, tokens))
    guard sent == count, posts == count else { throw LTIError("bench", "only \(sent) of \(count) scores were delivered") }
}

/// Runs async work from the synchronous workload runner.
private func blockingAwait(_ body: @escaping @Sendable () async throws -> Void) throws {
    final class Outcome: @unchecked Sendable { var error: (any Error)? }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { try await body() } catch { outcome.error = error }
        done.signal()
    }
    done.wait()
    if let error = outcome.error { throw error }
}
