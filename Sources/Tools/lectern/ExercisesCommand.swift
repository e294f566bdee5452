import CLI
import Foundation
import Grading
import LecternApp

/// `lectern exercises`: tools for exercise authors.
let exercisesCommand = CommandSpec(
    name: "exercises",
    abstract: "Work with exercise definitions.",
    subcommands: [exercisesCheckCommand, exercisesExportCommand, exercisesImportCommand])

/// `lectern exercises check [DIR]`: validates every exercise definition.
private let exercisesCheckCommand = CommandSpec(
    name: "check",
    abstract: "Check every exercise: definitions load, references score full marks, examples grade as expected.",
    discussion: """
        DIR is an exercises folder (one folder per exercise) or a single exercise folder. For each \
        exercise: the definition loads, the reference scores full marks, every example gets exactly \
        its expected score and messages, and the starter can be read. Exits with 0 when all is well, \
        1 when a problem is found, and 2 when DIR cannot be read.
        """,
    arguments: [checkDirectory.spec],
    run: { arguments in
        let directory = arguments[checkDirectory] ?? ProcessInfo.processInfo.environment["LECTERN_EXERCISES"]
            ?? AppConfiguration().exercisesDirectory
        let catalog: ExerciseCatalog
        do {
            catalog = try ExerciseDirectory.loadCatalog(directory)
        } catch {
            throw GradeUsageError(message: "\(error)")
        }
        var lines: [String] = []
        var failed = !catalog.errors.isEmpty
        for error in catalog.errors { lines.append("error: \(error)") }
        for exercise in catalog.exercises {
            let problems = ExerciseValidator.problems(in: exercise)
            if problems.isEmpty {
                lines.append("ok    \(exercise.slug) (\(exercise.kind.rawValue), \(exercise.examples.count) examples)")
            } else {
                failed = true
                lines.append("FAIL  \(exercise.slug)")
                lines.append(contentsOf: problems.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") })
            }
        }
        if catalog.exercises.isEmpty, catalog.errors.isEmpty {
            lines.append("no exercises in \(directory)")
            failed = true
        }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        return failed ? 1 : 0
    })

/// `lectern exercises export --course C DIR`: a course's exercises as folders.
private let exercisesExportCommand = CommandSpec(
    name: "export",
    abstract: "Write a course's exercises to DIR in the folder format, one folder per exercise.",
    discussion: """
        Each exercise is written as its latest saved version (the one not yet published, when there is \
        one), with every file it was saved with. DIR is created when missing; files of the same names are \
        replaced.
        """,
    options: [Common.database.spec, Transfer.exportCourse.spec],
    arguments: [Transfer.exportDirectory.spec],
    run: { arguments in
        await ExerciseTransfer.exportTool(databasePath: arguments[Common.database], courseSlug: arguments[Transfer.exportCourse] ?? "",
                                          to: arguments[Transfer.exportDirectory] ?? ".").emit()
    })

/// `lectern exercises import --course C DIR [--dry-run]`: folders into a course's exercises.
private let exercisesImportCommand = CommandSpec(
    name: "import",
    abstract: "Check the exercise folders in DIR and store them in a course.",
    discussion: """
        DIR is an exercises folder (one folder per exercise, named by its slug) or a single exercise \
        folder. Every exercise is checked as 'lectern exercises check' checks it; when any fails, \
        nothing is stored and the exit status is 1. New exercises are stored unpublished; an existing \
        one gets a new saved version, which students see once it is published in the editor (or with \
        POST /api/courses/C/exercises/SLUG/publish). --dry-run prints what would change and stores nothing.
        """,
    options: [Common.database.spec, Transfer.importCourse.spec],
    flags: [Transfer.dryRun.spec],
    arguments: [Transfer.importDirectory.spec],
    run: { arguments in
        await ExerciseTransfer.importTool(databasePath: arguments[Common.database], courseSlug: arguments[Transfer.importCourse] ?? "",
                                          from: arguments[Transfer.importDirectory] ?? ".", dryRun: arguments[Transfer.dryRun]).emit()
    })

/// The options of `exercises export` and `exercises import`.
private enum Transfer {
    static let exportCourse = Option<String?>("course", valueName: "slug", help: "The course whose exercises to write.", required: true)
    static let exportDirectory = Argument("dir", help: "The folder to write into.")
    static let importCourse = Option<String?>("course", valueName: "slug", help: "The course to store the exercises in.", required: true)
    static let importDirectory = Argument("dir", help: "The exercises folder, or one exercise folder.")
    static let dryRun = Flag("dry-run", help: "Check and report, store nothing.")
}

/// `exercises check [DIR]`.
private let checkDirectory = Argument("dir", help: "The exercises folder (default: ./Exercises, or LECTERN_EXERCISES).", optional: true)
