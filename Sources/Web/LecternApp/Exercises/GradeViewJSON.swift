import JSON
import Store

/// The grade fields of a submission's JSON as a student sees them under a feedback policy.
enum GradeViewJSON {
    /// `score`, `maxScore`, `latePenalty`, `countedScore`, `checks`, `diagnostics`, and, when checks
    /// are held back, `visibleScore`, `visibleMaxScore` and `hidden` (`[{"checks":3,"points":40,"shown":"afterDeadline"}]`),
    /// with `score` and `countedScore` null so that no total gives a hidden check away.
    static func write(_ view: GradeView, submission: SubmissionRecord, diagnostics: [StoredDiagnostic], to json: inout JSONWriter) {
        json.field("score", view.isFiltered ? nil : submission.score)
        json.field("maxScore", submission.maxScore)
        json.field("latePenalty", submission.latePenalty)
        json.field("countedScore", view.isFiltered ? nil : submission.countedScore)
        json.field("feedback", view.level.rawValue)
        json.key("checks")
        write(view.checks, messages: view.level != .passFail, to: &json)
        json.field("diagnostics", view.showsDiagnostics ? diagnostics.map(\.text) : [])
        if view.isFiltered {
            json.field("visibleScore", view.visibleScore)
            json.field("visibleMaxScore", view.visibleMaxScore)
            json.key("hidden")
            json.beginArray()
            for hidden in view.hidden {
                json.beginObject()
                json.field("checks", hidden.count)
                json.field("points", hidden.points)
                json.field("shown", hidden.visibility.rawValue)
                json.field("summary", hidden.sentence)
                json.endObject()
            }
            json.endArray()
        }
    }

    /// `[{"name":…,"passed":…,"points":…,"message":…}]`, without messages when `messages` is false.
    static func write(_ checks: [StoredCheck], messages: Bool, to json: inout JSONWriter) {
        guard !messages else { return json.value(checks) }
        json.beginArray()
        for check in checks {
            json.beginObject()
            json.field("name", check.name)
            json.field("passed", check.passed)
            json.field("points", check.points)
            json.endObject()
        }
        json.endArray()
    }
}
