import CLI
import LecternApp

/// `lectern backup PATH`: an online copy of the database, safe while the server runs.
let backupCommand = CommandSpec(
    name: "backup",
    abstract: "Copy the database to a new file while the server keeps running.",
    discussion: """
        Uses SQLite's online backup API: the copy is one consistent snapshot even while submissions \
        are being written. PATH must not exist yet; the copy appears there only once complete.
        """,
    options: [Common.database.spec],
    arguments: [Backup.path.spec],
    run: { arguments in
        await BackupTool.backup(from: arguments[Common.database], to: arguments[Backup.path] ?? "").emit()
    })

private enum Backup {
    static let path = Argument("path", help: "Where to write the copy.")
}
