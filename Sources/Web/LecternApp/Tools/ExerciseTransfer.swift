import Foundation
import Grading
import SQLite
import Store

/// `lectern exercises export` and `import`: a course's exercises to and from the folder format, so
/// that they can live in git. Export writes the latest saved version of each exercise (the draft
/// when there is one) as `DIR/SLUG/…`; import checks every folder exactly as
/// `lectern exercises check` does and stores all of them or, when one fails, none.
public enum ExerciseTransfer {
    /// A refusal: what went wrong, for the console, and the exit status.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// What import did (or would do, on a dry run) to one exercise.
    public enum Change: String, Sendable {
        case created, saved, unchanged
    }

    /// Writes each exercise of `courseSlug` into `directory` (created when missing), one folder per
    /// exercise, and returns one line per exercise. Existing files of the same names are replaced.
    public static func export(courseSlug: String, to directory: String, database: DatabasePool) async throws -> [String] {
        let exported: [(slug: String, files: [String: [UInt8]])] = try await database.read { db in
            guard let course = try Course.find(slug: courseSlug, db) else { throw Failure(description: "no course \(courseSlug)") }
            return try ExerciseRecord.all(courseID: course.id, db).map { record in
                let state = try ExerciseAuthoring.state(exerciseID: record.id, db)
                let json = try ExerciseRecord.definition(exerciseID: record.id, version: state.draftVersion ?? record.version, db)
                    ?? record.definitionJSON
                return (record.slug, try ExerciseStorage.files(definitionJSON: json))
            }
        }
        var lines: [String] = []
        for (slug, files) in exported {
            let folder = (directory as NSString).appendingPathComponent(slug)
            for path in files.keys.sorted() {
                let target = (folder as NSString).appendingPathComponent(path)
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: target, contents: Data(files[path] ?? [])) else {
                    throw Failure(description: "cannot write \(target)")
                }
            }
            lines.append("exported \(slug) (\(files.count) files) to \(folder)")
        }
        if exported.isEmpty { lines.append("\(courseSlug) has no exercises") }
        return lines
    }

    /// Reads every exercise folder in `directory` (or `directory` itself when it is one), checks each,
    /// and unless `dryRun` stores them in `courseSlug`: new ones unpublished, existing ones as a new
    /// saved version (published exercises keep showing their current version until published again).
    /// - Returns: one report line per exercise and whether anything failed (then nothing is stored).
    public static func importFolders(from directory: String, courseSlug: String, dryRun: Bool,
                                     database: DatabasePool) async throws -> (lines: [String], failed: Bool) {
        let catalog: ExerciseCatalog
        do {
            catalog = try ExerciseDirectory.loadCatalog(directory)
        } catch {
            throw Failure(description: "\(error)")
        }
        var lines = catalog.errors.map { "error: \($0)" }
        var checked: [(Exercise, ExerciseDefinition)] = []
        for exercise in catalog.exercises {
            let problems = ExerciseValidator.problems(in: exercise)
            guard problems.isEmpty else {
                lines.append("FAIL  \(exercise.slug)")
                lines += problems.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
                continue
            }
            let folder = ExerciseDirectory.locate(exercise.slug, in: directory) ?? directory
            let files = ExerciseFiles(try ExerciseDirectory.files(inExercise: folder))
            checked.append((exercise, ExerciseDefinition(slug: exercise.slug, title: exercise.title, kind: exercise.kind.rawValue,
                                                         position: 0, version: exercise.version, points: Double(exercise.points),
                                                         definitionJSON: ExerciseStorage.definitionJSON(files: files.contents))))
        }
        let failed = checked.count != catalog.exercises.count || !catalog.errors.isEmpty
        if catalog.exercises.isEmpty, catalog.errors.isEmpty { return (["no exercises in \(directory)"], true) }
        if failed {
            lines.append("nothing imported: fix the problems above")
            return (lines, true)
        }
        let definitions = checked.map(\.1)
        let changes: [(String, Change, String)] = try await database.write { db in
            guard let course = try Course.find(slug: courseSlug, db) else { throw Failure(description: "no course \(courseSlug)") }
            var changes: [(String, Change, String)] = []
            for definition in definitions {
                if let record = try ExerciseRecord.find(courseID: course.id, slug: definition.slug, db) {
                    let state = try ExerciseAuthoring.state(exerciseID: record.id, db)
                    if (state.draftVersion ?? record.version) == definition.version {
                        changes.append((definition.slug, .unchanged, definition.version))
                        continue
                    }
                    if !dryRun { try ExerciseAuthoring.save(record, definition, by: nil, db) }
                    changes.append((definition.slug, .saved, definition.version))
                } else {
                    if !dryRun { try ExerciseAuthoring.create(courseID: course.id, definition, by: nil, db) }
                    changes.append((definition.slug, .created, definition.version))
                }
            }
            if !dryRun {
                try AuditEntry.record(actorUserID: nil, courseID: course.id, action: "exercise.import",
                                      subject: "course:\(course.id)", detailsJSON: "{\"exercises\":\(changes.count)}", db)
            }
            return changes
        }
        let verb = dryRun ? "would be " : ""
        for (slug, change, version) in changes {
            lines.append("ok    \(slug): \(change == .unchanged ? "unchanged" : verb + change.rawValue) (version \(version.prefix(12)))")
        }
        if dryRun { lines.append("dry run: nothing stored") }
        return (lines, false)
    }

    /// `lectern exercises export`: exit 0 with one line per exercise; 1 without the database; 2 for an unknown course
    /// or a folder that cannot be written.
    public static func exportTool(databasePath: String, courseSlug: String, to directory: String) async -> ToolOutput {
        await withDatabase(databasePath) { database in
            let lines = try await export(courseSlug: courseSlug, to: directory, database: database)
            return ToolOutput(standardOutput: lines.joined(separator: "\n") + "\n", exitCode: 0)
        }
    }

    /// `lectern exercises import`: exit 0 when every folder passed (and, without `dryRun`, was stored), 1 when
    /// one failed (nothing stored) or the database is missing, 2 for an unknown course or an unreadable folder.
    public static func importTool(databasePath: String, courseSlug: String, from directory: String, dryRun: Bool) async -> ToolOutput {
        await withDatabase(databasePath) { database in
            let (lines, failed) = try await importFolders(from: directory, courseSlug: courseSlug, dryRun: dryRun, database: database)
            return ToolOutput(standardOutput: lines.joined(separator: "\n") + "\n", exitCode: failed ? 1 : 0)
        }
    }

    private static func withDatabase(_ path: String, _ work: (DatabasePool) async throws -> ToolOutput) async -> ToolOutput {
        let database: DatabasePool
        do {
            database = try await Application.openExistingDatabase(at: path)
        } catch {
            return ToolOutput(standardError: "Error: \(error)\n", exitCode: 1)
        }
        let output: ToolOutput
        do {
            output = try await work(database)
        } catch let failure as Failure {
            output = ToolOutput(standardError: "Error: \(failure.description)\n", exitCode: 2)
        } catch {
            output = ToolOutput(standardError: "Error: \(error)\n", exitCode: 2)
        }
        await database.close()
        return output
    }
}
