import CLI
import Foundation
import LecternApp

/// `lectern backup PATH`: an online copy of the database, safe while the server runs.
let backupCommand = CommandSpec(
    name: "backup",
    abstract: "Copy the database to a new file while the server keeps running.",
    discussion: """
        Uses SQLite's online backup API: the copy is one consistent snapshot even while submissions \
        are being written. PATH must not exist yet; the copy appears there only once complete.
        """,
    options: [databaseOption],
    arguments: [ArgumentSpec("path", help: "Where to write the copy.")],
    run: { arguments in
        let source = arguments.option("db") ?? "./lectern.sqlite"
        let destination = arguments.argument("path") ?? ""
        guard FileManager.default.fileExists(atPath: source) else {
            throw BackupError(message: "no database at \(source)")
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw BackupError(message: "\(destination) already exists; choose a new file")
        }
        let database = try await Application.openDatabase(at: source, readers: 1)
        do {
            try await database.backup(to: destination)
        } catch {
            await database.close()
            throw BackupError(message: "backup failed: \(error)")
        }
        await database.close()
        print("Backed up \(source) to \(destination)")
        return 0
    })

/// A failed backup: exit status 1 with the reason.
struct BackupError: ExitCodeError {
    let message: String
    var exitCode: Int32 { 1 }
}
