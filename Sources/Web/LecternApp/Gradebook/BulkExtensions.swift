import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// Extensions granted many at once, from a CSV file (`username,exercise,dueAt,closesAt,reason`,
/// with that header) or a JSON body (`{"extensions":[{"username":…,"exercise":…,"dueAt":…}]}`).
/// Every row is checked first; one bad row grants nothing, and every bad row is reported with its
/// line, column and field.
enum BulkExtensions {
    /// The CSV header, exactly.
    static let header = ["username", "exercise", "dueAt", "closesAt", "reason"]
    /// Most rows in one upload.
    static let maxRows = 2000

    /// One extension to grant.
    struct Item: Sendable, Equatable {
        let username: String
        let exercise: String
        let dueAt: Date
        let closesAt: Date?
        let reason: String
        /// Where it came from: a CSV line, or the JSON array index.
        let line: Int
    }

    /// One problem with a row.
    struct Problem: Sendable, Equatable {
        let line: Int
        let column: Int?
        let field: String
        let message: String
    }

    /// Why nothing was granted: a 422 whose `errors` give each refused row's line, column and field.
    struct Failure: HTTPResponseError {
        let problems: [Problem]

        var status: HTTPStatus { .unprocessableContent }
        var code: String { "invalid_extensions" }
        var message: String { "\(problems.count) extension\(problems.count == 1 ? "" : "s") refused; nothing was granted" }
        var errors: [HTTPError.FieldError] {
            problems.prefix(200).map { HTTPError.FieldError(field: $0.field, line: $0.line, column: $0.column, message: $0.message) }
        }

        /// For a page: one line per problem.
        var lines: [String] {
            problems.prefix(200).map { problem in
                "Line \(problem.line)\(problem.column.map { ", column \($0)" } ?? ""), \(problem.field): \(problem.message)"
            }
        }
    }

    /// `2026-12-01T23:59:00Z`, `2026-12-01T23:59Z` or `2026-12-01T23:59` (UTC).
    static func time(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 40 else { return nil }
        var value = trimmed.hasSuffix("Z") ? String(trimmed.dropLast()) : trimmed
        if value.count == 16 { value += ":00" }
        return InternetTime.date(value + "Z")
    }

    /// The items of a CSV upload.
    static func items(csv text: String) throws(Failure) -> [Item] {
        let records: [StrictCSV.Record]
        do {
            records = try StrictCSV.parse(text, width: header.count, maxRecords: maxRows + 1)
        } catch {
            throw Failure(problems: [Problem(line: error.line, column: error.column, field: "csv", message: error.message)])
        }
        guard let first = records.first else {
            throw Failure(problems: [Problem(line: 1, column: 1, field: "csv", message: "empty: expected the header \(header.joined(separator: ","))")])
        }
        guard first.fields.map({ $0.trimmingCharacters(in: .whitespaces) }) == header else {
            throw Failure(problems: [Problem(line: first.line, column: 1, field: "csv",
                                             message: "expected the header \(header.joined(separator: ","))")])
        }
        var items: [Item] = []
        var problems: [Problem] = []
        for record in records.dropFirst() {
            let fields = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            var rowProblems: [Problem] = []
            func problem(_ index: Int, _ message: String) {
                rowProblems.append(Problem(line: record.line, column: record.columns[index], field: header[index], message: message))
            }
            if fields[0].isEmpty { problem(0, "required") }
            if fields[1].isEmpty { problem(1, "required") }
            let dueAt = time(fields[2])
            if dueAt == nil { problem(2, "expected a time like 2026-12-01T23:59:00Z") }
            var closesAt: Date?
            if !fields[3].isEmpty {
                closesAt = time(fields[3])
                if closesAt == nil { problem(3, "expected a time like 2026-12-01T23:59:00Z, or nothing") }
            }
            if let dueAt, let closesAt, closesAt < dueAt { problem(3, "must not be before dueAt") }
            if fields[4].count > DeadlineExtension.maxReasonLength { problem(4, "at most \(DeadlineExtension.maxReasonLength) characters") }
            if let dueAt, rowProblems.isEmpty {
                items.append(Item(username: fields[0], exercise: fields[1], dueAt: dueAt, closesAt: closesAt, reason: fields[4],
                                  line: record.line))
            }
            problems += rowProblems
        }
        guard problems.isEmpty else { throw Failure(problems: problems) }
        return items
    }

    /// The items of a JSON body; `line` is the index in `extensions`.
    static func items(json request: Request) throws -> [Item] {
        struct Body: Decodable {
            struct Entry: Decodable { let username: String; let exercise: String; let dueAt: Date; let closesAt: Date?; let reason: String? }
            let extensions: [Entry]
        }
        let body = try request.decode(Body.self, maxBytes: 512 * 1024, isoDates: true)
        guard body.extensions.count <= maxRows else {
            throw HTTPError.unprocessable("extensions: at most \(maxRows) at once", code: "invalid_extensions")
        }
        var problems: [Problem] = []
        let items = body.extensions.enumerated().map { index, entry in
            if let closesAt = entry.closesAt, closesAt < entry.dueAt {
                problems.append(Problem(line: index, column: nil, field: "closesAt", message: "must not be before dueAt"))
            }
            if (entry.reason ?? "").count > DeadlineExtension.maxReasonLength {
                problems.append(Problem(line: index, column: nil, field: "reason", message: "at most \(DeadlineExtension.maxReasonLength) characters"))
            }
            return Item(username: entry.username, exercise: entry.exercise, dueAt: entry.dueAt, closesAt: entry.closesAt,
                        reason: entry.reason ?? "", line: index)
        }
        guard problems.isEmpty else { throw Failure(problems: problems) }
        return items
    }

    /// Grants every item in one transaction, or none: an unknown student or exercise fails the lot.
    static func grant(_ items: [Item], course: Course, actorID: Int64, database: DatabasePool) async throws -> Int {
        let courseID = course.id
        return try await database.write { db in
            var exercises: [String: ExerciseRecord] = [:]
            for record in try ExerciseRecord.all(courseID: courseID, db) { exercises[record.slug] = record }
            var problems: [Problem] = []
            var grants: [(DeadlineExtension, String)] = []
            for item in items {
                let student = try User.find(username: item.username, db)
                let enrolled = try student.map { try User.role(userID: $0.id, courseID: courseID, db) } ?? nil
                if student == nil || enrolled == nil {
                    problems.append(Problem(line: item.line, column: nil, field: "username", message: "no user \(item.username) in this course"))
                }
                let exercise = exercises[item.exercise]
                if exercise == nil {
                    problems.append(Problem(line: item.line, column: nil, field: "exercise", message: "no exercise \(item.exercise) in this course"))
                }
                if let student, enrolled != nil, let exercise {
                    grants.append((DeadlineExtension(userID: student.id, exerciseID: exercise.id, dueAt: item.dueAt, closesAt: item.closesAt,
                                                     grantedBy: actorID, reason: item.reason, createdAt: Date()), exercise.slug))
                }
            }
            guard problems.isEmpty else { throw Failure(problems: problems) }
            for (grant, slug) in grants {
                try DeadlineExtension.grant(grant, db)
                var details = JSONWriter()
                details.beginObject()
                details.field("exercise", slug)
                details.field("dueAt", InternetTime.string(grant.dueAt))
                details.field("closesAt", grant.closesAt.map { InternetTime.string($0) })
                details.field("reason", grant.reason)
                details.field("bulk", true)
                details.endObject()
                try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "extension.grant", subject: "user:\(grant.userID)",
                                      detailsJSON: details.string, db)
            }
            return grants.count
        }
    }
}
