import CLI
import LecternApp

/// `lectern grade EXERCISE SUBMISSION`: grades one submission and explains the grade.
let gradeCommand = CommandSpec(
    name: "grade",
    abstract: "Grade a submission to an exercise.",
    discussion: """
        EXERCISE is a slug found in the exercises folder, or the path of an exercise folder. \
        SUBMISSION is a file: constraint lines for a layout exercise, a behavior tree (JSON) or \
        UIDynamicBehavior code (.m or .swift) for a dynamics exercise; `-` reads standard input. Prints the score, every check with its message \
        and the diagnostics (JSON with --json). Exits with 0 on full marks, 1 otherwise, and 2 when \
        the submission cannot be read (the problem is printed with its line:column).
        """,
    options: [Grade.svg.spec, Common.exercises.spec],
    flags: [Grade.json.spec],
    arguments: [Grade.exercise.spec, Grade.submission.spec],
    run: { arguments in
        GradeTool.grade(exercise: arguments[Grade.exercise] ?? "", exercisesDirectory: arguments[Common.exercises],
                        submissionPath: arguments[Grade.submission] ?? "-", svgDirectory: arguments[Grade.svg],
                        json: arguments[Grade.json]).emit()
    })

private enum Grade {
    static let svg = Option<String?>("svg", valueName: "dir", help: "Write the pictures (SVG) into this folder.", kind: .path)
    static let json = Flag("json", help: "Print the report as JSON.")
    static let exercise = Argument("exercise", help: "The exercise's slug or folder.")
    static let submission = Argument("submission", help: "The submission file, or - for standard input.")
}
