import Store

/// Creates the sample course on an empty database, so a newcomer sees content at once.
struct SampleCourseSeeding: StartupTask {
    let name = "sample course"

    func run(_ context: AppContext) async throws {
        let created = try await context.database.write { db in try SampleCourse.seedIfEmpty(db) }
        if let created {
            context.console("Created the sample course \(created.slug): \(created.title)")
        }
    }
}
