import Foundation
import Grading
import JSON
import Store

/// The grader that computed a stored grade: grades from different graders may differ.
public enum GraderVersion {
    /// This build's grader.
    public static let current = "lectern-grading/\(LecternVersion.current)"
}

extension StoredGrade {
    /// The stored form of a grade report, with the pictures it drew when `keepingPictures` (a
    /// report graded without pictures has none to keep).
    public init(_ report: GradeReport, keepingPictures: Bool) {
        self.init(exerciseVersion: report.version, graderVersion: GraderVersion.current, score: Double(report.score),
                  maxScore: Double(report.maxScore), checks: report.checks.map(StoredCheck.init),
                  diagnostics: report.diagnostics, pictures: keepingPictures ? report.pictures.map(StoredPicture.init) : nil)
    }
}

extension StoredCheck {
    /// A check of a grade report as stored.
    init(_ check: GradeCheck) {
        self.init(name: check.name, passed: check.passed, points: Double(check.points), message: check.message)
    }
}

extension StoredPicture {
    /// A picture of a grade report as stored.
    init(_ picture: GradePicture) {
        self.init(name: picture.name, title: picture.title, svg: picture.svg)
    }
}

/// Stored JSON details (an audit entry's, a feedback policy's visibility) embedded in a response.
enum StoredGradeParts {
    /// The stored JSON as a value to embed in a response (an empty array when unreadable).
    static func value(_ json: String) -> JSONValue {
        (try? JSONParser.parse(json, limits: JSONLimits(maxBytes: 16 << 20))) ?? .array([])
    }
}
