import Foundation
import HTML
import HTTPServer
import Store

/// The instructor's forms for an exercise's deadline and attempt rules and for a student's
/// extension. Times are entered and shown in UTC (`2026-12-01T23:59`).
///
/// The policy form is a component, filled with the exercise's current policy; ``ExtensionForm`` is its
/// neighbour on the same page. The static functions read the submitted policy back.
struct PolicyForm: Component {
    /// The exercise whose policy the form shows.
    let record: ExerciseRecord
    /// Where the form posts.
    let action: String
    /// Who is editing (for the CSRF field).
    let principal: Principal

    init(_ record: ExerciseRecord, action: String, principal: Principal) {
        self.record = record
        self.action = action
        self.principal = principal
    }

    var body: HTML {
        let policy = record.policy
        return form(.class("policy-form field-grid"), .method("post"), .action(action)) {
            CSRFField(principal)
            Self.field("policy", "Opens (UTC)", "opensAt", type: "datetime-local", value: policy.opensAt.map(Self.inputTime) ?? "")
            Self.field("policy", "Due (UTC)", "dueAt", type: "datetime-local", value: policy.dueAt.map(Self.inputTime) ?? "")
            Self.field("policy", "Closes (UTC)", "closesAt", type: "datetime-local", value: policy.closesAt.map(Self.inputTime) ?? "")
            Self.field("policy", "Late penalty per day (%)", "latePenaltyPerDay", type: "number", value: PageFormat.score(policy.latePenaltyPerDay * 100))
            Self.field("policy", "Late penalty cap (%)", "latePenaltyCap", type: "number", value: PageFormat.score(policy.latePenaltyCap * 100))
            Self.field("policy", "Attempt limit (empty: none)", "maxAttempts", type: "number", value: policy.maxAttempts.map(String.init) ?? "")
            Self.field("policy", "Seconds between attempts", "cooldownSeconds", type: "number", value: String(policy.cooldownSeconds))
            div(.class("field")) {
                label(.for("policy-scorePolicy")) { "Score that counts" }
                select(.id("policy-scorePolicy"), .name("scorePolicy")) {
                    option(.value("best"), .flag("selected", policy.scorePolicy == .best)) { "the best" }
                    option(.value("last"), .flag("selected", policy.scorePolicy == .last)) { "the last" }
                }
            }
            button(.type("submit")) { "Save rules" }
        }
    }

    /// A labelled input; `form` prefixes its id, so the two forms on one page never share an id.
    fileprivate static func field(_ form: String, _ title: String, _ name: String, type: String, value: String) -> HTML {
        div(.class("field")) {
            label(.for("\(form)-\(name)")) { title }
            input(.type(type), .id("\(form)-\(name)"), .name(name), .value(value),
                  type == "number" ? .attr("step", "any") : nil, type == "number" ? .attr("min", "0") : nil)
        }
    }

    /// A policy from the form's fields.
    /// - Throws: ``HTTPError`` 422 naming the field that is not understood.
    static func policy(from form: FormParameters) throws(HTTPError) -> ExercisePolicy {
        let perDay = try percent(form, "latePenaltyPerDay"), cap = try percent(form, "latePenaltyCap")
        let maxAttempts = try integer(form, "maxAttempts")
        guard maxAttempts.map({ $0 > 0 }) ?? true else { throw HTTPError.unprocessable("maxAttempts: must be at least 1") }
        return ExercisePolicy(opensAt: try time(form, "opensAt"), dueAt: try time(form, "dueAt"), closesAt: try time(form, "closesAt"),
                              latePenaltyPerDay: perDay ?? 0, latePenaltyCap: cap ?? 0, maxAttempts: maxAttempts,
                              cooldownSeconds: try integer(form, "cooldownSeconds") ?? 0,
                              scorePolicy: ScorePolicy(rawValue: form["scorePolicy"] ?? "best") ?? .best)
    }

    /// `2026-12-01T23:59` (what `datetime-local` sends), read as UTC; nil when empty.
    static func time(_ form: FormParameters, _ name: String) throws(HTTPError) -> Date? {
        guard let text = form[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let seconds = text.count == 16 ? text + ":00" : text
        guard let date = InternetTime.date(seconds + "Z") else {
            throw HTTPError.unprocessable("\(name): expected a time like 2026-12-01T23:59")
        }
        return date
    }

    private static func percent(_ form: FormParameters, _ name: String) throws(HTTPError) -> Double? {
        guard let text = form[name], !text.isEmpty else { return nil }
        guard let value = Double(text), (0...100).contains(value) else { throw HTTPError.unprocessable("\(name): expected 0 to 100") }
        return value / 100
    }

    private static func integer(_ form: FormParameters, _ name: String) throws(HTTPError) -> Int? {
        guard let text = form[name], !text.isEmpty else { return nil }
        guard let value = Int(text), (0...1_000_000_000).contains(value) else {
            throw HTTPError.unprocessable("\(name): expected a whole number")
        }
        return value
    }

    private static func inputTime(_ date: Date) -> String {
        InternetTime.minutes(date)
    }
}

/// The form that grants one student an extension on an exercise.
struct ExtensionForm: Component {
    /// Where the form posts.
    let action: String
    /// Who is granting it (for the CSRF field).
    let principal: Principal

    var body: HTML {
        form(.class("policy-form field-grid"), .method("post"), .action(action)) {
            CSRFField(principal)
            PolicyForm.field("extension", "Student (username)", "username", type: "text", value: "")
            PolicyForm.field("extension", "Due for them (UTC)", "dueAt", type: "datetime-local", value: "")
            PolicyForm.field("extension", "Closes for them (UTC, optional)", "closesAt", type: "datetime-local", value: "")
            PolicyForm.field("extension", "Reason", "reason", type: "text", value: "")
            button(.type("submit")) { "Grant extension" }
        }
    }
}
