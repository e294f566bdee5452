import Foundation

/// `lectern backup PATH`: an online copy of the database, safe while the server runs.
public enum BackupTool {
    /// Copies the database at `source` to `destination`, which must not exist yet.
    /// - Returns: exit code 0, or 1 with the reason.
    public static func backup(from source: String, to destination: String) async -> ToolOutput {
        guard FileManager.default.fileExists(atPath: source) else { return failure("no database at \(source)") }
        guard !FileManager.default.fileExists(atPath: destination) else {
            return failure("\(destination) already exists; choose a new file")
        }
        do {
            let database = try await Application.openDatabase(at: source, readers: 1)
            do {
                try await database.backup(to: destination)
            } catch {
                await database.close()
                return failure("backup failed: \(error)")
            }
            await database.close()
        } catch {
            return failure("cannot open \(source): \(error)")
        }
        return ToolOutput(standardOutput: "Backed up \(source) to \(destination)\n", exitCode: 0)
    }

    private static func failure(_ message: String) -> ToolOutput {
        ToolOutput(standardError: "Error: \(message)\n", exitCode: 1)
    }
}
