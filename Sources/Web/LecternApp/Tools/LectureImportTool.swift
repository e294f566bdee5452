import Foundation
import SQLite
import Store

/// `lectern import lecture`: reads a lecture's files and stores it in one transaction.
public enum LectureImportTool {
    /// What to import, as given on the command line.
    public struct Request: Sendable {
        public var databasePath: String
        public var courseSlug: String
        public var courseTitle: String?
        public var number: Int
        public var title: String
        public var date: String?
        public var videoURL: String?
        public var captionsPath: String?
        public var transcriptPath: String?
        public var chaptersPath: String?
        public var language: String
        public var dryRun: Bool

        public init(databasePath: String, courseSlug: String, courseTitle: String?, number: Int, title: String, date: String?,
                    videoURL: String?, captionsPath: String?, transcriptPath: String?, chaptersPath: String?,
                    language: String, dryRun: Bool) {
            self.databasePath = databasePath
            self.courseSlug = courseSlug
            self.courseTitle = courseTitle
            self.number = number
            self.title = title
            self.date = date
            self.videoURL = videoURL
            self.captionsPath = captionsPath
            self.transcriptPath = transcriptPath
            self.chaptersPath = chaptersPath
            self.language = language
            self.dryRun = dryRun
        }
    }

    /// Reads, validates and (unless a dry run) stores the lecture.
    /// - Returns: exit code 0 with the import report; 2 when a file cannot be read or parsed, or a
    ///   value is refused (the file, line or field on standard error).
    public static func run(_ request: Request) async throws -> ToolOutput {
        let loaded: LoadedLecture
        do {
            loaded = try LectureFiles.lecture(
                number: request.number, title: request.title, date: request.date, videoURL: request.videoURL,
                captionsPath: request.captionsPath, transcriptPath: request.transcriptPath,
                chaptersPath: request.chaptersPath, language: request.language)
            try loaded.content.validate()
        } catch {
            return ToolOutput(standardError: "Error: \(error)\n", exitCode: 2)
        }
        if request.dryRun {
            return ToolOutput(standardOutput: "Dry run, nothing stored: " + loaded.report + "\n", exitCode: 0)
        }
        let database = try await Application.openDatabase(at: request.databasePath)
        let result: LectureImportResult
        do {
            let content = loaded.content
            let slug = request.courseSlug, courseTitle = request.courseTitle
            result = try await database.write { db in
                try LectureImport.importLecture(content, courseSlug: slug, courseTitle: courseTitle, db)
            }
        } catch let error as ValidationError {
            await database.close()
            return ToolOutput(standardError: "Error: \(error)\n", exitCode: 2)
        }
        await database.close()
        let report = "\(result.replaced ? "Replaced" : "Imported") \(request.courseSlug) " + loaded.report
        return ToolOutput(standardOutput: report + "\n", exitCode: 0)
    }
}
