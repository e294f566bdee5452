import Foundation
import LecternApp
import Store
import XCTest

/// `lectern exercises export` and `import`, run as real processes on a real database file: the
/// folder format round-trips byte for byte, a dry run stores nothing, and a folder that fails the
/// checks stores nothing either.
final class ExerciseTransferCommandTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "lectern-transfer-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/in", withIntermediateDirectories: true)
        for slug in ["corners", "push-into-zone"] {
            try FileManager.default.copyItem(atPath: CourseworkFixture.exerciseFolder(slug), toPath: directory + "/in/" + slug)
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lectern")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is not built")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + ["--db", directory + "/lectern.sqlite"]
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

    private func stored() async throws -> [(slug: String, version: String, state: ExerciseAuthoringState)] {
        let database = try await Application.openDatabase(at: directory + "/lectern.sqlite", readers: 1)
        let rows = try await database.read { db in
            let course = try XCTUnwrap(try Course.find(slug: "git-course", db))
            return try ExerciseRecord.all(courseID: course.id, db).map {
                ($0.slug, $0.version, try ExerciseAuthoring.state(exerciseID: $0.id, db))
            }
        }
        await database.close()
        return rows
    }

    private func tree(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return files
    }

    func testImportExportRoundTripsTheFolderFormat() async throws {
        let database = try await Application.openDatabase(at: directory + "/lectern.sqlite", readers: 1)
        try await database.write { db in try Course.insert(NewCourse(slug: "git-course", title: "Kept in git"), db) }
        await database.close()

        let dryRun = try run(["exercises", "import", "--course", "git-course", "--dry-run", directory + "/in"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stdout + dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("corners: would be created") && dryRun.stdout.contains("dry run: nothing stored"), dryRun.stdout)
        let afterDryRun = try await stored()
        XCTAssertTrue(afterDryRun.isEmpty)

        let imported = try run(["exercises", "import", "--course", "git-course", directory + "/in"])
        XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        let afterImport = try await stored()
        XCTAssertEqual(afterImport.map(\.slug), ["corners", "push-into-zone"])
        XCTAssertEqual(afterImport.map(\.state.published), [false, false], "imported exercises wait to be published")
        XCTAssertEqual(afterImport.map(\.state.origin), ["course", "course"])

        let exported = try run(["exercises", "export", "--course", "git-course", directory + "/out"])
        XCTAssertEqual(exported.status, 0, exported.stdout + exported.stderr)
        XCTAssertEqual(try tree(directory + "/out"), try tree(directory + "/in"), "byte for byte, every file")

        // An edited statement is a new version; the other exercise is unchanged.
        try Data("# Corners\n\nIn our own words, again.\n".utf8).write(to: URL(fileURLWithPath: directory + "/out/corners/statement.md"))
        let reimported = try run(["exercises", "import", "--course", "git-course", directory + "/out"])
        XCTAssertEqual(reimported.status, 0, reimported.stdout)
        XCTAssertTrue(reimported.stdout.contains("corners: saved") && reimported.stdout.contains("push-into-zone: unchanged"), reimported.stdout)
        let afterEdit = try await stored()
        XCTAssertNotEqual(afterEdit[0].version, afterImport[0].version, "an unpublished exercise takes the new version")

        // A folder that fails the checks: nothing is stored, exit status 1.
        let expected = directory + "/out/push-into-zone/examples/"
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: expected).first { $0.hasSuffix(".expected.json") })
        try Data(#"{"score": 1, "messages": []}"#.utf8).write(to: URL(fileURLWithPath: expected + name))
        try Data("# Corners\n\nA third wording.\n".utf8).write(to: URL(fileURLWithPath: directory + "/out/corners/statement.md"))
        let refused = try run(["exercises", "import", "--course", "git-course", directory + "/out"])
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stdout.contains("FAIL  push-into-zone") && refused.stdout.contains("nothing imported"), refused.stdout)
        let afterRefusal = try await stored()
        XCTAssertEqual(afterRefusal.map(\.version), afterEdit.map(\.version), "nothing stored, not even the valid exercise")

        let noCourse = try run(["exercises", "export", "--course", "nope", directory + "/none"])
        XCTAssertEqual(noCourse.status, 2)
        XCTAssertTrue(noCourse.stderr.contains("no course nope"), noCourse.stderr)
    }
}
