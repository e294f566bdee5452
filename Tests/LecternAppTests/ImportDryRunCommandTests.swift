import Foundation
import HTTPTesting
import LecternApp
import Store
import XCTest

/// `lectern import lecture --dry-run`, run as a real process: the report, nothing stored.
final class ImportDryRunCommandTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "lectern-dry-run-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs the `lectern` binary built beside the test bundle; fails (not skips) when it is missing.
    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lectern")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is not built")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LECTERN_") }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    func testDryRunPrintsTheReportAndStoresNothing() throws {
        let captions = directory + "/captions.vtt"
        try """
            WEBVTT

            00:01.000 --> 00:02.000
            first
            00:02.000 --> 00:03.000
            second

            00:05.000 --> 00:04.000
            backwards
            """.write(toFile: captions, atomically: true, encoding: .utf8)
        let database = directory + "/lectern.sqlite"
        let result = try run(["import", "lecture", "--db", database, "--course", "demo", "--number", "1",
                              "--title", "Demo", "--captions", captions, "--dry-run"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Dry run, nothing stored: lecture 1 \"Demo\": 2 cues (webVTT, 2 lines skipped)"),
                      result.stdout)
        XCTAssertTrue(result.stdout.contains("skipped line 8: 00:05.000 --> 00:04.000 (cue at line 8 skipped: cue ends before it starts)"),
                      result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: database), "no database was created")

        let unreadable = try run(["import", "lecture", "--db", database, "--course", "demo", "--number", "1",
                                  "--title", "Demo", "--captions", directory + "/missing.vtt", "--dry-run"])
        XCTAssertEqual(unreadable.status, 2, unreadable.stdout)
        XCTAssertTrue(unreadable.stderr.contains("missing.vtt"), unreadable.stderr)

        let stored = try run(["import", "lecture", "--db", database, "--course", "demo", "--number", "1",
                              "--title", "Demo", "--captions", captions])
        XCTAssertEqual(stored.status, 0, stored.stderr)
        XCTAssertTrue(stored.stdout.hasPrefix("Imported demo lecture 1"), stored.stdout)
        XCTAssertTrue(stored.stdout.contains("skipped line 8"), stored.stdout)
    }
}

extension ImportDryRunCommandTests {
    func testLectureZeroIsRefusedAndANewCourseGetsItsTitle() async throws {
        let database = directory + "/lectern.sqlite"
        let zero = try run(["import", "lecture", "--db", database, "--course", "demo", "--number", "0", "--title", "Zero"])
        XCTAssertEqual(zero.status, 2, zero.stdout)
        XCTAssertTrue(zero.stderr.contains("--number"), zero.stderr)
        let imported = try run(["import", "lecture", "--db", database, "--course", "demo", "--course-title", "Demo course",
                                "--number", "1", "--title", "One"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let pool = try await Application.openDatabase(at: database, readers: 1)
        let title = try await pool.read { db in try Course.find(slug: "demo", db)?.title }
        await pool.close()
        XCTAssertEqual(title, "Demo course")
    }
}

extension ImportDryRunCommandTests {
    func testAChaptersFileGivesTheLecturePageItsChaptersWithTheirTimes() async throws {
        let chapters = directory + "/chapters.vtt"
        try """
            WEBVTT

            intro
            00:00.000 --> 02:00.000
            Why constraints

            02:00.000 --> 09:30.000
            Visual format,
            line by line
            """.write(toFile: chapters, atomically: true, encoding: .utf8)
        let database = directory + "/lectern.sqlite"
        let imported = try run(["import", "lecture", "--db", database, "--course", "demo", "--number", "2", "--title", "Two",
                                "--chapters", chapters])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let pool = try await Application.openDatabase(at: database, readers: 1)
        let stored = try await pool.read { db -> [LectureChapter] in
            let course = try XCTUnwrap(Course.find(slug: "demo", db))
            let lecture = try XCTUnwrap(Lecture.find(courseID: course.id, number: 2, db))
            return try LectureChapter.all(lectureID: lecture.id, db)
        }
        await pool.close()
        XCTAssertEqual(stored, [LectureChapter(startMilliseconds: 0, title: "Why constraints"),
                                LectureChapter(startMilliseconds: 120_000, title: "Visual format, line by line")])

        var configuration = AppConfiguration()
        configuration.port = 0
        configuration.databasePath = database
        configuration.quiet = true
        configuration.publicDirectory = directory
        configuration.exercisesDirectory = directory + "/none"
        configuration.contentDirectory = directory + "/none"
        let app = try await Application.start(configuration) { _ in }
        let page = try TestClient(port: app.port).send("GET", "/courses/demo/lectures/2")
        await app.stop()
        XCTAssertTrue(page.text.contains(#"href="/courses/demo/lectures/2?t=120#t120""#), page.text)
        XCTAssertTrue(page.text.contains("2:00</span> Visual format, line by line"), page.text)
    }
}
