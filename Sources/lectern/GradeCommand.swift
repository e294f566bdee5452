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
    options: [
        OptionSpec("svg", valueName: "dir", help: "Write the pictures (SVG) into this folder.", kind: .path),
        OptionSpec("exercises", valueName: "dir", help: "The folder of exercise definitions.",
                   default: "./Exercises", env: "LECTERN_EXERCISES", kind: .path),
    ],
    flags: [FlagSpec("json", help: "Print the report as JSON.")],
    arguments: [
        ArgumentSpec("exercise", help: "The exercise's slug or folder."),
        ArgumentSpec("submission", help: "The submission file, or - for standard input."),
    ],
    run: { arguments in
        GradeTool.grade(exercise: arguments.argument("exercise") ?? "",
                        exercisesDirectory: arguments.option("exercises") ?? "./Exercises",
                        submissionPath: arguments.argument("submission") ?? "-",
                        svgDirectory: arguments.option("svg"), json: arguments.flag("json")).emit()
    })
