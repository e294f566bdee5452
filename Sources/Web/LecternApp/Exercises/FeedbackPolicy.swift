import Foundation
import Grading
import HTTPServer
import JSON
import Store

/// What students see of their grades for one exercise: when each scenario or check is shown
/// (`"visibility":{"NAME":"now|afterDeadline|never"}`, `now` when not listed) and how much of each
/// message (`"feedback":"full|hint|passFail"`). Staff always see everything.
struct FeedbackPolicy: Sendable, Equatable {
    /// When a scenario or check is shown to students.
    enum Visibility: String, Sendable, CaseIterable {
        case now, afterDeadline, never
    }

    /// How much of a check's message students read.
    enum Level: String, Sendable, CaseIterable {
        /// The whole message.
        case full
        /// Only what went wrong (the message's first clause), not how it was measured or how to fix it.
        case hint
        /// Only whether each check passed: no messages, diagnostics or pictures.
        case passFail
    }

    /// One named scenario or check and when it is shown, sorted by name.
    struct Entry: Sendable, Equatable {
        let name: String
        let visibility: Visibility
    }

    var entries: [Entry] = []
    var level: Level = .full

    /// When `name` is shown.
    func visibility(of name: String) -> Visibility {
        entries.first { $0.name == name }?.visibility ?? .now
    }

    /// The policy as stored (an unreadable stored value shows everything, as before a policy was set).
    init(_ record: ExerciseFeedbackRecord) {
        level = Level(rawValue: record.feedback) ?? .full
        if let object = (try? JSONParser.parse(record.visibilityJSON))?.objectValue {
            entries = object.compactMap { member in
                member.value.stringValue.flatMap(Visibility.init(rawValue:)).map { Entry(name: member.key, visibility: $0) }
            }.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        }
    }

    init(entries: [Entry], level: Level) {
        self.entries = entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        self.level = level
    }

    /// The stored form.
    var record: ExerciseFeedbackRecord {
        var json = JSONWriter()
        json.beginObject()
        for entry in entries where entry.visibility != .now { json.field(entry.name, entry.visibility.rawValue) }
        json.endObject()
        return ExerciseFeedbackRecord(visibilityJSON: json.string, feedback: level.rawValue)
    }

    /// Reads `"visibility"` and `"feedback"` of a policy body, each name checked against the
    /// exercise's scenarios or checks.
    /// - Throws: ``HTTPError`` 422 naming the field.
    static func read(visibility: JSONNode?, feedback: JSONNode?, names: [String], current: FeedbackPolicy) throws(HTTPError) -> FeedbackPolicy {
        var policy = current
        do throws(JSONDecodingError) {
            if let feedback {
                policy.level = Level(rawValue: try feedback.string(oneOf: Level.allCases.map(\.rawValue))) ?? .full
            }
            if let visibility {
                var entries: [Entry] = []
                for (name, node) in try visibility.object().prefix(names.count + 1) {
                    guard names.contains(name) else {
                        throw node.error("no scenario or check is named \(name); expected one of \(names.joined(separator: ", "))")
                    }
                    let value = Visibility(rawValue: try node.string(oneOf: Visibility.allCases.map(\.rawValue))) ?? .now
                    entries.append(Entry(name: name, visibility: value))
                }
                policy = FeedbackPolicy(entries: entries, level: policy.level)
            }
        } catch {
            throw HTTPError.unprocessable("\(error.path.dropFirst(2)): \(error.message)")
        }
        return policy
    }

    /// The names visibility may be set for, and their points: an exercise's scenarios (layout) or checks (dynamics).
    static func checkPoints(_ exercise: Exercise) -> [(name: String, points: Double)] {
        switch exercise.definition {
        case .layout(let layout): layout.scenarios.map { ($0.name, Double($0.points)) }
        case .dynamics(let dynamics): dynamics.checks.map { ($0.name, Double($0.points)) }
        }
    }
}

/// A stored grade as one viewer may see it.
struct GradeView: Sendable, Equatable {
    /// The checks shown, with their messages cut to the feedback level.
    let checks: [StoredCheck]
    /// Checks held back: how many, their points, and when they are shown.
    struct Hidden: Sendable, Equatable {
        let count: Int
        let points: Double
        let visibility: FeedbackPolicy.Visibility

        /// "3 hidden checks: 40 points, shown after the deadline".
        var sentence: String {
            let when = visibility == .afterDeadline ? "shown after the deadline" : "not shown to students"
            return "\(count) hidden check\(count == 1 ? "" : "s"): \(PageFormat.score(points)) point\(points == 1 ? "" : "s"), \(when)"
        }
    }

    let hidden: [Hidden]
    let showsDiagnostics: Bool
    let showsPictures: Bool
    /// The points of the checks shown (style penalties included), never below 0; nil when nothing is hidden
    /// (the stored score stands).
    let visibleScore: Double?
    let visibleMaxScore: Double?
    let level: FeedbackPolicy.Level

    /// Whether anything is held back.
    var isFiltered: Bool { !hidden.isEmpty }

    /// Everything, as staff see it.
    static func everything(_ checks: [StoredCheck]) -> GradeView {
        GradeView(checks: checks, hidden: [], showsDiagnostics: true, showsPictures: true, visibleScore: nil, visibleMaxScore: nil,
                  level: .full)
    }

    /// What a student sees under `policy`: checks not yet shown are counted, not listed; messages are cut to the level.
    /// - Parameters:
    ///   - points: each scenario's or check's points, from the exercise version graded against.
    ///   - deadlinePassed: whether the exercise has closed for this student.
    static func student(_ checks: [StoredCheck], policy: FeedbackPolicy, points: [(name: String, points: Double)],
                        deadlinePassed: Bool) -> GradeView {
        var shown: [StoredCheck] = []
        var later = (count: 0, points: 0.0), never = (count: 0, points: 0.0)
        for check in checks {
            let full = points.first { $0.name == check.name }?.points
            switch policy.visibility(of: check.name) {
            case .afterDeadline where !deadlinePassed:
                later = (later.count + 1, later.points + (full ?? max(check.points, 0)))
                continue
            case .never:
                never = (never.count + 1, never.points + (full ?? max(check.points, 0)))
                continue
            default:
                break
            }
            let message: String
            switch policy.level {
            case .full: message = check.message
            case .hint: message = check.passed ? "" : hint(check.message)
            case .passFail: message = ""
            }
            shown.append(StoredCheck(name: check.name, passed: check.passed, points: check.points, message: message))
        }
        var hidden: [Hidden] = []
        if later.count > 0 { hidden.append(Hidden(count: later.count, points: later.points, visibility: .afterDeadline)) }
        if never.count > 0 { hidden.append(Hidden(count: never.count, points: never.points, visibility: .never)) }
        let visibleMax = points.filter { entry in shown.contains { $0.name == entry.name } }.reduce(0) { $0 + $1.points }
        let visible = max(0, shown.reduce(0) { $0 + $1.points })
        return GradeView(checks: shown, hidden: hidden, showsDiagnostics: policy.level != .passFail && hidden.isEmpty,
                         showsPictures: policy.level != .passFail && hidden.isEmpty,
                         visibleScore: hidden.isEmpty ? nil : visible, visibleMaxScore: hidden.isEmpty ? nil : visibleMax,
                         level: policy.level)
    }

    /// What went wrong, without how it was measured or how to fix it: the message up to its first
    /// colon or full stop that ends a clause ("In landscape, the constraints conflict").
    static func hint(_ message: String) -> String {
        let ends = [message.range(of: ": ")?.lowerBound, message.range(of: ". ")?.lowerBound].compactMap { $0 }
        var clause = String(message[..<(ends.min() ?? message.endIndex)]).trimmingCharacters(in: .whitespaces)
        while clause.hasSuffix(".") || clause.hasSuffix(":") { clause.removeLast() }
        return clause.isEmpty ? "This check did not pass." : clause + "."
    }
}
