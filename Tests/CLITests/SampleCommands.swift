import XCTest
import CLI

/// A small command tree shaped like the real `lectern` tool, used by every test in this target.
enum SampleCommands {
    static let succeed: @Sendable (ParsedArguments) async throws -> Int32 = { _ in 0 }

    static let serve = CommandSpec(
        name: "serve", abstract: "Serve the course site and its API.",
        discussion: "Creates the database schema and the sample course on first start.\n\nStop with Ctrl-C.",
        options: [
            OptionSpec("host", valueName: "host", help: "Address to listen on.", default: "127.0.0.1", env: "LECTERN_HOST"),
            OptionSpec("port", short: "p", valueName: "port", help: "TCP port to listen on.", default: "8080",
                       env: "LECTERN_PORT", kind: .int(range: 1...65535)),
            OptionSpec("db", valueName: "path", help: "The SQLite database file.", default: "./lectern.sqlite",
                       env: "LECTERN_DB", kind: .path),
            OptionSpec("load", valueName: "factor", help: "Fraction of workers to start.", kind: .double),
        ],
        flags: [
            FlagSpec("quiet", short: "q", help: "Print nothing but errors.", env: "LECTERN_QUIET"),
            FlagSpec("verbose", short: "v", help: "Log every request."),
        ],
        run: succeed)

    static let solve = CommandSpec(
        name: "solve", abstract: "Solve a layout document and print the frames.",
        options: [OptionSpec("size", valueName: "WxH", help: "The root size.")],
        flags: [FlagSpec("json", help: "Print JSON instead of a table."), FlagSpec("rtl", help: "Lay out right to left.")],
        arguments: [ArgumentSpec("file", help: "The layout document.")],
        run: succeed)

    static let layout = CommandSpec(name: "layout", abstract: "Work with layout documents.", subcommands: [solve])

    static let check = CommandSpec(
        name: "check", abstract: "Validate every exercise.",
        arguments: [ArgumentSpec("dir", help: "The exercises folder.", optional: true)],
        run: succeed)

    static let exercises = CommandSpec(name: "exercises", abstract: "Manage exercises.", subcommands: [check],
                                       defaultSubcommand: "check")

    static let lecture = CommandSpec(
        name: "lecture", abstract: "Import one lecture with its captions and transcript.",
        options: [
            OptionSpec("course", valueName: "slug", help: "The course.", required: true),
            OptionSpec("number", valueName: "n", help: "The lecture number.", kind: .int(range: 1...999), required: true),
            OptionSpec("captions", valueName: "file", help: "A WebVTT or SRT file.", kind: .path),
        ],
        run: succeed)

    static let importCommand = CommandSpec(name: "import", abstract: "Import content.", subcommands: [lecture])

    static let add = CommandSpec(
        name: "add", abstract: "Add a user to a course.",
        options: [OptionSpec("role", valueName: "role", help: "The user's role.", kind: .choice(["student", "instructor"]),
                             required: true)],
        flags: [FlagSpec("password-stdin", help: "Read the password from standard input.")],
        arguments: [ArgumentSpec("username", help: "The login name.")],
        run: succeed)

    static let user = CommandSpec(name: "user", abstract: "Manage accounts.", subcommands: [add])

    static let grade = CommandSpec(
        name: "grade", abstract: "Grade submissions against an exercise.",
        arguments: [
            ArgumentSpec("exercise", help: "An exercise slug or folder."),
            ArgumentSpec("submissions", help: "Files to grade.", repeating: true),
            ArgumentSpec("report", help: "Where to write the report.", optional: true),
        ],
        run: succeed)

    static let root = CommandSpec(
        name: "lectern", abstract: "A course-content lab server.",
        subcommands: [serve, layout, exercises, importCommand, user, grade])
}

/// Thrown after a recorded failure when a test cannot continue without the expected outcome.
struct UnexpectedOutcome: Error {}

/// Assertion helpers that unwrap the interesting case of a ``CommandLineOutcome``.
extension XCTestCase {
    func parse(_ argv: [String], environment: [String: String] = [:]) -> CommandLineOutcome {
        CommandLineParser.parse(argv, root: SampleCommands.root, environment: environment, version: "1.2.3")
    }

    func arguments(_ argv: [String], environment: [String: String] = [:],
                   file: StaticString = #filePath, line: UInt = #line) throws -> ParsedArguments {
        let outcome = parse(argv, environment: environment)
        guard case .run(_, let parsed) = outcome else {
            XCTFail("expected a command to run, got \(outcome)", file: file, line: line)
            throw UnexpectedOutcome()
        }
        return parsed
    }

    func failure(_ argv: [String], environment: [String: String] = [:],
                 file: StaticString = #filePath, line: UInt = #line) throws -> (message: String, usage: String) {
        let outcome = parse(argv, environment: environment)
        guard case .failure(let message, let usage, let exitCode) = outcome else {
            XCTFail("expected a failure, got \(outcome)", file: file, line: line)
            throw UnexpectedOutcome()
        }
        XCTAssertEqual(exitCode, 2, file: file, line: line)
        return (message, usage)
    }

    func helpText(_ argv: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let outcome = parse(argv)
        guard case .help(let text) = outcome else {
            XCTFail("expected help, got \(outcome)", file: file, line: line)
            throw UnexpectedOutcome()
        }
        return text
    }
}
