import Foundation
import HTTPTesting
import LecternApp

/// The repository's sample course, which `serve` loads into an empty database.
enum SampleContent {
    /// `Courses/` at the root of the package.
    static let coursesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Courses").path

    /// `cs193p/course.json` as a dictionary.
    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: coursesDirectory + "/cs193p/course.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// The course title course.json gives.
    static func manifestTitle() throws -> String? { try manifest()["title"] as? String }
}

/// A running application on an ephemeral port with a fresh database holding the sample course.
final class SampleCourseServer {
    let directory: String
    let app: Application
    var port: Int { app.port }

    private init(directory: String, app: Application) {
        self.directory = directory
        self.app = app
    }

    static func start() async throws -> SampleCourseServer {
        let directory = NSTemporaryDirectory() + "lectern-lecture-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/Public", withIntermediateDirectories: true)
        var configuration = AppConfiguration()
        configuration.port = 0
        configuration.databasePath = directory + "/lectern.sqlite"
        configuration.publicDirectory = directory + "/Public"
        configuration.exercisesDirectory = directory + "/Exercises"
        configuration.contentDirectory = SampleContent.coursesDirectory
        configuration.quiet = true
        configuration.databaseReaders = 2
        // These tests search in bulk from one address; RequestLimitsTests covers the search limit.
        configuration.searchRatePerSecond = 0
        let app = try await Application.start(configuration) { _ in }
        return SampleCourseServer(directory: directory, app: app)
    }

    func stop() async {
        await app.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func get(_ path: String) throws -> TestResponse {
        try TestClient.get(path, port: port)
    }

    func json(_ path: String) throws -> [String: Any] {
        try get(path).json() as? [String: Any] ?? [:]
    }

    func html(_ path: String) throws -> String {
        String(decoding: try get(path).body, as: UTF8.self)
    }

    /// `value` percent-encoded for a query string.
    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
