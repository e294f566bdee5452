import CLI
import LecternApp

/// The `lectern` command tree. Each subcommand lives in its own file and is listed here once.
let lectern = CommandSpec(
    name: "lectern",
    abstract: "Lectern: a course-content lab server for lectures, captions, search and auto-graded exercises.",
    subcommands: [
        serveCommand,
        importCommand,
        userCommand,
        backupCommand,
        gradeCommand,
        exercisesCommand,
        layoutCommand,
        dynamicsCommand,
        ltiCommand,
    ])

AllocatorPolicy.apply()
await CommandLineTool.main(lectern, version: LecternVersion.current)
