import CLI
import Foundation
import LecternApp

/// `--db PATH`, taken by every subcommand that touches the database.
let databaseOption = OptionSpec(
    "db", valueName: "path",
    help: "The SQLite database file. Only serve and import create it (with the schema) when missing; other commands refuse a missing file.",
    default: "./lectern.sqlite", env: "LECTERN_DB", kind: .path)

/// `--public-url URL`: the address people use to reach the server, for absolute links.
let publicURLOption = OptionSpec(
    "public-url", valueName: "url",
    help: "The server's address as people reach it (https://lectern.example.edu), so printed links are absolute.",
    env: "LECTERN_PUBLIC_URL")

/// An input that cannot be found or read: exit code 2 with a one-line message.
struct GradeUsageError: ExitCodeError {
    let message: String
    var exitCode: Int32 { 2 }
}
