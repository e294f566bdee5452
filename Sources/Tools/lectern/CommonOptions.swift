import CLI
import LecternApp

/// Options several commands take, each declared once with its default from `AppConfiguration`.
enum Common {
    /// `--db PATH`, taken by every subcommand that touches the database.
    static let database = Option(
        "db", valueName: "path",
        help: "The SQLite database file. Only serve and import create it (with the schema) when missing; other commands refuse a missing file.",
        default: AppConfiguration().databasePath, env: "LECTERN_DB", kind: .path)

    /// `--public-url URL`: the address people use to reach the server, for absolute links.
    static let publicURL = Option<String?>(
        "public-url", valueName: "url",
        help: "The server's address as people reach it (https://lectern.example.edu), so printed links are absolute.",
        env: "LECTERN_PUBLIC_URL")

    /// `--exercises DIR`: the folder of exercise definitions.
    static let exercises = Option(
        "exercises", valueName: "dir", help: "The folder of exercise definitions.",
        default: AppConfiguration().exercisesDirectory, env: "LECTERN_EXERCISES", kind: .path)
}

/// The `--db` option's spec, for commands that declare their options as specs.
let databaseOption = Common.database.spec

/// The `--public-url` option's spec.
let publicURLOption = Common.publicURL.spec

/// An input that cannot be found or read: exit code 2 with a one-line message.
struct GradeUsageError: ExitCodeError {
    let message: String
    var exitCode: Int32 { 2 }
}
