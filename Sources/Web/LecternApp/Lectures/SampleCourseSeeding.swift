import Foundation
import Store

/// Loads the sample course (`<content>/cs193p`: its course.json and lectures) into an empty database,
/// so a newcomer sees content at once. A database that has any course is left as it is.
struct SampleCourseSeeding: StartupTask {
    let name = "sample course"

    func run(_ context: AppContext) async throws {
        guard try await context.database.read({ db in try Course.count(db) }) == 0 else { return }
        let directory = context.configuration.contentDirectory + "/" + SampleCourse.slug
        guard FileManager.default.fileExists(atPath: directory + "/course.json") else {
            context.console("No sample course: \(directory)/course.json not found; starting without courses")
            return
        }
        let (course, lectures) = try LectureFiles.course(directory: directory)
        let contents = lectures.map(\.content)
        let created = try await context.database.write { db in
            try SampleCourse.seedIfEmpty(db, course: course, lectures: contents)
        }
        guard let created else { return }
        context.console("Created the sample course \(created.slug): \(created.title)")
        for lecture in lectures {
            context.console("  " + lecture.summary)
        }
    }
}
