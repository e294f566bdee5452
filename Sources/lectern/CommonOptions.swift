import CLI
import Foundation
import LecternApp
import SQLite

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

/// Opens the database named by `--db`, which must exist: a mistyped path is an error, never a
/// new empty database.
func openExistingDatabase(_ arguments: ParsedArguments) async throws -> DatabasePool {
    let path = arguments.option("db") ?? "./lectern.sqlite"
    guard FileManager.default.fileExists(atPath: path) else { throw MissingDatabaseError(path: path) }
    return try await Application.openDatabase(at: path)
}

/// A command that needs an existing database was pointed at a missing file.
struct MissingDatabaseError: ExitCodeError {
    let path: String
    var exitCode: Int32 { 1 }
    var message: String {
        "no database at \(path): check --db (or LECTERN_DB); 'lectern serve' or 'lectern import' creates one"
    }
}

/// `path` (such as `/set-password?token=…`) as a link: absolute when `--public-url` is set.
func link(_ path: String, _ arguments: ParsedArguments) throws -> String {
    guard let base = arguments.option("public-url"), !base.isEmpty else { return path }
    guard base.hasPrefix("https://") || base.hasPrefix("http://"), !base.contains(where: { $0.isWhitespace }) else {
        throw UserCommandError(message: "--public-url must start with https:// or http://, not \(base)")
    }
    return (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
}
