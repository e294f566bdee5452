import CLI
import Foundation
import Grading
import LecternApp

/// `lectern exercises`: tools for exercise authors.
let exercisesCommand = CommandSpec(
    name: "exercises",
    abstract: "Work with exercise definitions.",
    subcommands: [exercisesCheckCommand])

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
    arguments: [ArgumentSpec("dir", help: "The exercises folder (default: ./Exercises, or LECTERN_EXERCISES).", optional: true)],
    run: { arguments in
        let directory = arguments.argument("dir") ?? ProcessInfo.processInfo.environment["LECTERN_EXERCISES"] ?? "./Exercises"
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
