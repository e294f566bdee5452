import Foundation
import JSON
import Store

/// The API form of a stored submission: the grade JSON of `lectern grade --json` with the
/// submission's id, attempt, late penalty, counted score and provenance.
enum SubmissionJSON {
    /// - Parameters:
    ///   - grade: the grade's checks and diagnostics, as stored.
    ///   - view: what the requester may see of the grade; with checks held back, `score` and
    ///     `countedScore` are null and `visibleScore`, `visibleMaxScore` and `hidden` say what is shown.
    static func write(_ submission: SubmissionRecord, grade: GradeDetails, exercise: ExerciseRecord, course: Course, username: String,
                      reused: Bool? = nil, includeText: Bool = false, view: GradeView? = nil, to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", submission.id)
        json.field("url", "/api/submissions/\(submission.id)")
        json.field("course", course.slug)
        json.field("exercise", exercise.slug)
        json.field("user", username)
        json.field("attempt", submission.attempt)
        json.field("version", submission.exerciseVersion)
        json.field("graderVersion", submission.graderVersion)
        json.field("submissionHash", submission.normalizedHash)
        if let view, view != .everything(view.checks) {
            GradeViewJSON.write(view, submission: submission, diagnostics: grade.diagnostics, to: &json)
        } else {
            json.field("score", submission.score)
            json.field("maxScore", submission.maxScore)
            json.field("latePenalty", submission.latePenalty)
            json.field("countedScore", submission.countedScore)
            json.key("checks")
            GradeViewJSON.write(grade.checks, messages: true, to: &json)
            json.field("diagnostics", grade.diagnostics.map(\.text))
        }
        json.field("submittedAt", InternetTime.string(submission.createdAt))
        if let reused { json.field("reused", reused) }
        if includeText { json.field("text", submission.text) }
        json.endObject()
    }
}
