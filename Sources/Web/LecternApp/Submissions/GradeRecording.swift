import Foundation
import Grading
import JSON
import Store

/// The grader that computed a stored grade: grades from different graders may differ.
enum GraderVersion {
    /// This build's grader.
    static let current = "lectern-grading/\(LecternVersion.current)"
}

/// One check of a stored grade, read back for pages.
struct StoredCheck: Sendable, Equatable {
    let name: String
    let passed: Bool
    let points: Double
    let message: String
}

extension StoredGrade {
    /// The stored form of a grade report.
    init(_ report: GradeReport) {
        var checks = JSONWriter(capacity: 128 + 160 * report.checks.count)
        checks.beginArray()
        for check in report.checks {
            checks.beginObject()
            checks.field("name", check.name)
            checks.field("passed", check.passed)
            checks.field("points", check.points)
            checks.field("message", check.message)
            checks.endObject()
        }
        checks.endArray()
        var diagnostics = JSONWriter()
        report.diagnostics.writeJSON(to: &diagnostics)
        self.init(exerciseVersion: report.version, graderVersion: GraderVersion.current, score: Double(report.score),
                  maxScore: Double(report.maxScore), checksJSON: checks.string, diagnosticsJSON: diagnostics.string)
    }
}

/// Reading stored checks and diagnostics back.
enum StoredGradeParts {
    static func checks(_ json: String) -> [StoredCheck] {
        guard let items = (try? JSONParser.parse(json, limits: JSONLimits(maxBytes: 16 << 20)))?.arrayValue else { return [] }
        return items.map { item in
            StoredCheck(name: item["name"]?.stringValue ?? "", passed: item["passed"]?.boolValue ?? false,
                        points: item["points"]?.doubleValue ?? 0, message: item["message"]?.stringValue ?? "")
        }
    }

    static func diagnostics(_ json: String) -> [String] {
        guard let items = (try? JSONParser.parse(json, limits: JSONLimits(maxBytes: 16 << 20)))?.arrayValue else { return [] }
        return items.compactMap(\.stringValue)
    }

    /// The stored JSON as a value to embed in a response (an empty array when unreadable).
    static func value(_ json: String) -> JSONValue {
        (try? JSONParser.parse(json, limits: JSONLimits(maxBytes: 16 << 20))) ?? .array([])
    }
}

/// The pictures of a grade as stored: `[{"name":…,"title":…,"svg":…}]`.
enum StoredPictures {
    static func json(_ pictures: [GradePicture]) -> String {
        var writer = JSONWriter(capacity: 64 + pictures.reduce(0) { $0 + $1.svg.utf8.count + 128 })
        writer.beginArray()
        for picture in pictures {
            writer.beginObject()
            writer.field("name", picture.name)
            writer.field("title", picture.title)
            writer.field("svg", picture.svg)
            writer.endObject()
        }
        writer.endArray()
        return writer.string
    }

    static func pictures(_ json: String) -> [GradePicture] {
        guard let items = (try? JSONParser.parse(json, limits: JSONLimits(maxBytes: 64 << 20)))?.arrayValue else { return [] }
        return items.map { item in
            GradePicture(name: item["name"]?.stringValue ?? "", title: item["title"]?.stringValue ?? "",
                         svg: item["svg"]?.stringValue ?? "")
        }
    }
}
