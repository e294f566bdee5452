import CLI
import LecternApp

/// `lectern import`: puts content into the database.
let importCommand = CommandSpec(
    name: "import",
    abstract: "Import course content into the database.",
    subcommands: [importLectureCommand])

/// `lectern import lecture [--db PATH] --course SLUG --number N --title "…" [--captions FILE] [--transcript FILE] [--video URL]
/// [--language TAG] [--dry-run]`
private let importLectureCommand = CommandSpec(
    name: "lecture",
    abstract: "Create or replace a lecture with its captions and transcript.",
    discussion: """
        Reads the captions (plain timestamped lines, WebVTT or SRT, detected from the content) and the \
        Markdown transcript, then stores the lecture in one transaction: a lecture with the same number \
        is replaced with exactly what is given, so importing twice changes nothing. A course that does \
        not exist yet is created with --course-title, else its slug, as its title. Prints the import report: what was read, \
        every caption line that was skipped and why, and every untimed line joined to a cue. With \
        --dry-run, prints the report and stores nothing. Exits with 2 when a file cannot be read or parsed.
        """,
    options: [
        databaseOption,
        OptionSpec("course", valueName: "slug", help: "The course's slug, e.g. cs193p.", required: true),
        OptionSpec("number", valueName: "n", help: "The lecture's number within the course.",
                   kind: .int(range: 1...100_000), required: true),
        OptionSpec("title", valueName: "text", help: "The lecture's title.", required: true),
        OptionSpec("course-title", valueName: "text", help: "The title of the course when this import creates it (default: its slug)."),
        OptionSpec("date", valueName: "yyyy-mm-dd", help: "The day the lecture was given."),
        OptionSpec("captions", valueName: "file", help: "Captions: .txt (timestamped lines), .vtt or .srt.", kind: .path),
        OptionSpec("transcript", valueName: "file", help: "The transcript in Markdown.", kind: .path),
        OptionSpec("chapters", valueName: "file", help: "Chapters: a WebVTT file whose cues are the chapters' titles.", kind: .path),
        OptionSpec("video", valueName: "url", help: "The recording's http(s) URL."),
        OptionSpec("language", valueName: "tag", help: "The captions' language tag, e.g. en or pt-BR (default en)."),
    ],
    flags: [FlagSpec("dry-run", help: "Print the import report and store nothing.")],
    run: { arguments in
        try await LectureImportTool.run(LectureImportTool.Request(
            databasePath: arguments.option("db") ?? "./lectern.sqlite",
            courseSlug: arguments.option("course") ?? "", courseTitle: arguments.option("course-title"),
            number: arguments.int("number") ?? 0, title: arguments.option("title") ?? "", date: arguments.option("date"),
            videoURL: arguments.option("video"), captionsPath: arguments.option("captions"),
            transcriptPath: arguments.option("transcript"), chaptersPath: arguments.option("chapters"),
            language: arguments.option("language") ?? "en", dryRun: arguments.flag("dry-run"))).emit()
    })
