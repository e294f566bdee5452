import Foundation
import XCTest
import HTTPTesting

/// Runs the built `lectern` executable as a real process.
final class LecternCommandTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "lectern-command-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The `lectern` binary next to the test bundle, built by `swift test` with every other product.
    private func executable() throws -> URL {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lectern")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw TestClientError(description: "\(binary.path) is not built: a missing binary fails, never skips")
        }
        return binary
    }

    private func makeProcess(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LECTERN_") }
        inherited.merge(environment) { $1 }
        process.environment = inherited
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        return (process, output, errors)
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
        let (process, _, errors) = try makeProcess(arguments, environment: environment)
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    func testBadFlagsAndValuesExitTwoWithAOneLineErrorAndTheUsage() throws {
        let cases: [([String], [String: String], String)] = [
            (["serve", "--bogus"], [:], "--bogus"),
            (["serve", "--port", "99999"], [:], "99999"),
            (["serve", "--port"], [:], "--port"),
            (["serve", "--host", "not-an-address"], [:], "not-an-address"),
            (["serve"], ["LECTERN_PORT": "eighty"], "eighty"),
            (["serve", "--trusted-proxies", "10.0.0.1,proxy"], [:], "proxy"),
            (["serve", "extra-argument"], [:], "extra-argument"),
            (["serve", "--durability", "paranoid"], [:], "paranoid"),
            (["serve"], ["LECTERN_DURABILITY": "fsync"], "fsync"),
            (["serve", "--grading-max-pivots", "0"], [:], "0"),
            (["serve"], ["LECTERN_GRADING_MAX_SIMULATION_UNITS": "lots"], "lots"),
            (["serve", "--grading-queue", "-3"], [:], "-3"),
            (["serve", "--cors-origins", "https://ok.example,course.example.edu"], [:], "course.example.edu"),
            (["serve"], ["LECTERN_CORS_ORIGINS": "https://lms.example/path"], "https://lms.example/path"),
        ]
        for (arguments, environment, culprit) in cases {
            let result = try run(arguments, environment: environment)
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(result.status, 2, "\(arguments) \(environment): \(result.stderr)")
            XCTAssertTrue(lines.first?.hasPrefix("Error: ") ?? false, result.stderr)
            XCTAssertTrue(lines.first?.contains(culprit) ?? false, result.stderr)
            XCTAssertTrue(result.stderr.contains("serve"), "the usage follows: \(result.stderr)")
        }
    }

    func testServeAnswersHealthAndStopsGracefullyOnSIGTERM() throws {
        let database = directory + "/from-env.sqlite"
        let (process, output, errors) = try makeProcess(["serve", "--port", "0", "--quiet"], environment: ["LECTERN_DB": database])
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.interrupt() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        defer { watchdog.cancel() }

        var printed = ""
        while !printed.contains("Lectern listening on") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let line = try XCTUnwrap(printed.split(separator: "\n").first { $0.hasPrefix("Lectern listening on http://127.0.0.1:") },
                                 "stdout: \(printed) stderr: \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
        let port = try XCTUnwrap(Int(line.split(separator: ":").last ?? ""))
        XCTAssertTrue(FileManager.default.fileExists(atPath: database), "LECTERN_DB chooses the database file")

        let health = try TestClient.get("/api/health", port: port)
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual((try health.json() as? [String: String])?["database"], "ok")

        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "SIGTERM is handled, not fatal")
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
