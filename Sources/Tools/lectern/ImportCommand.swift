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
    options: [Common.database.spec] + LectureOptions.all.map(\.spec),
    flags: [LectureOptions.dryRun.spec],
    run: { arguments in
        try await LectureImportTool.run(LectureImportTool.Request(
            databasePath: arguments[Common.database], courseSlug: arguments[LectureOptions.course] ?? "",
            courseTitle: arguments[LectureOptions.courseTitle], number: arguments[LectureOptions.number] ?? 0,
            title: arguments[LectureOptions.title] ?? "", date: arguments[LectureOptions.date],
            videoURL: arguments[LectureOptions.video], captionsPath: arguments[LectureOptions.captions],
            transcriptPath: arguments[LectureOptions.transcript], chaptersPath: arguments[LectureOptions.chapters],
            language: arguments[LectureOptions.language], dryRun: arguments[LectureOptions.dryRun])).emit()
    })

private enum LectureOptions {
    static let course = Option<String?>("course", valueName: "slug", help: "The course's slug, e.g. cs193p.", required: true)
    static let number = Option<Int?>("number", help: "The lecture's number within the course.", range: 1...100_000, required: true)
    static let title = Option<String?>("title", valueName: "text", help: "The lecture's title.", required: true)
    static let courseTitle = Option<String?>("course-title", valueName: "text",
                                             help: "The title of the course when this import creates it (default: its slug).")
    static let date = Option<String?>("date", valueName: "yyyy-mm-dd", help: "The day the lecture was given.")
    static let captions = Option<String?>("captions", valueName: "file", help: "Captions: .txt (timestamped lines), .vtt or .srt.",
                                          kind: .path)
    static let transcript = Option<String?>("transcript", valueName: "file", help: "The transcript in Markdown.", kind: .path)
    static let chapters = Option<String?>("chapters", valueName: "file",
                                          help: "Chapters: a WebVTT file whose cues are the chapters' titles.", kind: .path)
    static let video = Option<String?>("video", valueName: "url", help: "The recording's http(s) URL.")
    static let language = Option("language", valueName: "tag", help: "The captions' language tag, e.g. en or pt-BR.", default: "en")
    static let dryRun = Flag("dry-run", help: "Print the import report and store nothing.")

    /// In the order help lists them.
    static let all: [any OptionDeclaration] = [course, number, title, courseTitle, date, captions, transcript, chapters, video, language]
}
