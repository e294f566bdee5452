import Foundation
import Grading
import Store

/// Loads the exercise definitions of the exercises folder (the read-only library) into the courses
/// they name on every start, as the sample course has always had them. A definition whose content
/// changed becomes the exercise's new version; earlier versions stay stored, so grades computed
/// against them can be reproduced. An exercise a course has edited is its own and is left alone.
struct ExerciseLoading: StartupTask {
    let name = "exercises"

    func run(_ context: AppContext) async throws {
        let directory = context.configuration.exercisesDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            context.console("No exercises: \(directory) is not a directory")
            return
        }
        var definitions: [(course: String, definition: ExerciseDefinition)] = []
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in folders.sorted() {
            let folder = (directory as NSString).appendingPathComponent(name)
            guard ExerciseDirectory.isExerciseFolder(folder) else { continue }
            do {
                let files = ExerciseFiles(try ExerciseDirectory.files(inExercise: folder))
                let exercise = try Exercise.load(files: files)
                definitions.append((exercise.lecture.course, ExerciseDefinition(
                    slug: exercise.slug, title: exercise.title, kind: exercise.kind.rawValue, position: definitions.count,
                    version: exercise.version, points: Double(exercise.points),
                    definitionJSON: ExerciseStorage.definitionJSON(files: files.contents))))
            } catch {
                context.console("Exercise not loaded: \(folder): \(error)")
            }
        }
        let loaded = definitions
        let summary = try await context.database.write { db in
            var created = 0, updated = 0, skipped: [String] = []
            for (courseSlug, definition) in loaded {
                guard let course = try Course.find(slug: courseSlug, db) else {
                    skipped.append("\(definition.slug) (no course \(courseSlug))")
                    continue
                }
                // A course's own copy (edited in the course) is the course's, never the library's.
                if let existing = try ExerciseRecord.find(courseID: course.id, slug: definition.slug, db),
                   try ExerciseAuthoring.state(exerciseID: existing.id, db).isCourseOwned {
                    continue
                }
                switch try ExerciseRecord.upsert(courseID: course.id, definition, db) {
                case .created: created += 1
                case .updated: updated += 1
                case .unchanged: break
                }
            }
            return (created, updated, skipped)
        }
        if summary.0 + summary.1 > 0 {
            context.console("Exercises: \(summary.0) added, \(summary.1) with a new version")
        }
        for skipped in summary.2 {
            context.console("Exercise not loaded: \(skipped)")
        }
    }
}
