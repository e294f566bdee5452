import Foundation
import Grading
import HTTPServer
import JSON

/// The editor's fields and the exercise folder they make, both ways. Each part of `exercise.json`
/// has its own field: slug, title, kind, points, the lecture moment, the accepted forms, and by
/// kind the views (one per line), scenarios (JSON), style penalties and allowed literals, or the
/// scene (JSON), allowed behaviors and checks (JSON). Then the statement, reference, starter and
/// examples (name, text and expected grade each; one empty example adds one).
struct ExerciseEditorForm: Sendable, Equatable {
    /// The form controls' names, in page order, and the values they hold.
    var values: [String: String] = [:]
    /// Examples, in order: name, text, expected JSON.
    var examples: [(name: String, text: String, expected: String)] = []
    /// Whether the posted form held more examples than an exercise may have.
    var hasTooManyExamples = false

    static func == (lhs: ExerciseEditorForm, rhs: ExerciseEditorForm) -> Bool {
        lhs.values == rhs.values && lhs.examples.elementsEqual(rhs.examples) { $0 == $1 } && lhs.hasTooManyExamples == rhs.hasTooManyExamples
    }

    /// Most examples the form carries.
    static let maxExamples = ExerciseSource.maxExamples
    /// The submission forms, in the order the checkboxes show them.
    static let forms = SubmissionForm.allCases.map(\.rawValue)

    subscript(_ name: String) -> String { values[name] ?? "" }

    /// An empty form.
    init() {}

    /// The form of a posted body.
    init(_ form: FormParameters) {
        let names = ["slug", "title", "kind", "points", "lectureCourse", "lectureNumber", "lectureAt", "views", "scenarios",
                     "styleMagicNumbers", "stylePinnedSizes", "styleUnusedDeclarations", "allowedLiterals", "scene",
                     "allowedBehaviors", "checks", "statement", "reference", "starter"]
        for name in names { values[name] = form[name] ?? "" }
        values["accepts"] = Self.forms.filter { form.values(for: "accepts").contains($0) }.joined(separator: ",")
        for index in 0..<Self.maxExamples {
            guard let name = form["example-\(index)-name"] else { break }
            let text = form["example-\(index)-text"] ?? "", expected = form["example-\(index)-expected"] ?? ""
            if name.isEmpty, text.isEmpty, expected.isEmpty { continue }
            examples.append((name, text, expected))
        }
        hasTooManyExamples = form["example-\(Self.maxExamples)-name"] != nil
    }

    /// A new exercise of a kind, with a small working example to start from.
    static func blank(kind: String, course: String) -> ExerciseEditorForm {
        var form = ExerciseEditorForm()
        form.values = ["kind": kind == "dynamics" ? "dynamics" : "layout", "points": "100", "lectureCourse": course,
                       "lectureNumber": "1", "lectureAt": "00:00", "accepts": forms.joined(separator: ",")]
        if kind == "dynamics" {
            form.values["scene"] = """
                {
                  "bounds": {"width": 320, "height": 480}, "duration": 4, "samples": 20,
                  "items": [{"id": "box", "center": [160, 60], "size": [40, 40]}]
                }
                """
            form.values["allowedBehaviors"] = "composite, gravity, collision"
            form.values["checks"] = """
                [
                  {"name": "comes to rest", "type": "atRestBy", "time": 4, "points": 100,
                   "message": "The box falls and comes to rest on the floor."}
                ]
                """
            form.values["reference"] = """
                {
                  "type": "composite",
                  "children": [
                    {"type": "gravity", "magnitude": 1.0},
                    {"type": "collision", "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """
            form.values["starter"] = #"{"type": "composite", "children": []}"#
        } else {
            form.values["views"] = "view box label 60x21"
            form.values["scenarios"] = """
                [
                  {"name": "portrait", "size": [320, 568], "points": 50},
                  {"name": "landscape", "size": [568, 320], "points": 50}
                ]
                """
            form.values["styleMagicNumbers"] = "10"
            form.values["reference"] = "box.centerX == superview.centerX\nbox.centerY == superview.centerY\n"
            form.values["starter"] = ""
        }
        form.values["statement"] = "# Title\n\nWhat the student builds, and why.\n"
        return form
    }

    /// The fields of an exercise's JSON form.
    init(_ source: ExerciseSource) {
        let exercise = source.exercise
        func text(_ key: String) -> String {
            guard let value = exercise[key] else { return "" }
            if let string = value.stringValue { return string }
            return value.serialized()
        }
        values["slug"] = text("slug")
        values["title"] = text("title")
        values["kind"] = text("kind")
        values["points"] = text("points")
        values["lectureCourse"] = exercise["lecture"]?["course"]?.stringValue ?? ""
        values["lectureNumber"] = exercise["lecture"]?["lecture"].map { $0.serialized() } ?? ""
        values["lectureAt"] = exercise["lecture"]?["at"]?.stringValue ?? ""
        let accepts = exercise["accepts"]?.arrayValue?.compactMap(\.stringValue) ?? Self.forms
        values["accepts"] = Self.forms.filter { accepts.contains($0) }.joined(separator: ",")
        values["views"] = (exercise["views"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: "\n")
        values["scenarios"] = exercise["scenarios"].map { Self.lines($0) } ?? ""
        let style = exercise["style"]
        values["styleMagicNumbers"] = style?["magicNumbers"].map { $0.serialized() } ?? ""
        values["stylePinnedSizes"] = style?["pinnedSizes"].map { $0.serialized() } ?? ""
        values["styleUnusedDeclarations"] = style?["unusedDeclarations"].map { $0.serialized() } ?? ""
        values["allowedLiterals"] = (style?["allowedLiterals"]?.arrayValue ?? []).map { $0.serialized() }.joined(separator: ", ")
        values["scene"] = exercise["scene"].map { $0.serialized(pretty: true) } ?? ""
        values["allowedBehaviors"] = (exercise["allowedBehaviors"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
        values["checks"] = exercise["checks"].map { Self.lines($0) } ?? ""
        values["statement"] = source.statement
        values["reference"] = source.reference
        values["starter"] = source.starter
        examples = source.examples.map { ($0.name, $0.text, $0.expected.serialized(pretty: true)) }
    }

    /// An array with one element per line: readable and short.
    private static func lines(_ value: JSONValue) -> String {
        guard let elements = value.arrayValue else { return value.serialized(pretty: true) }
        return "[\n" + elements.map { "  " + $0.serialized() }.joined(separator: ",\n") + "\n]"
    }

    /// The exercise's JSON form.
    /// - Throws: ``ExerciseFieldError`` naming the field (and line, for JSON) that cannot be read.
    func source() throws(ExerciseFieldError) -> ExerciseSource {
        var exercise = JSONObject()
        exercise["slug"] = .string(self["slug"].trimmingCharacters(in: .whitespaces))
        exercise["title"] = .string(self["title"].trimmingCharacters(in: .whitespaces))
        let kind = self["kind"] == "dynamics" ? "dynamics" : "layout"
        exercise["kind"] = .string(kind)
        exercise["points"] = try number("points", self["points"])
        var lecture = JSONObject()
        lecture["course"] = .string(self["lectureCourse"].trimmingCharacters(in: .whitespaces))
        lecture["lecture"] = try number("lecture.lecture", self["lectureNumber"])
        lecture["at"] = .string(self["lectureAt"].trimmingCharacters(in: .whitespaces))
        exercise["lecture"] = .object(lecture)
        let accepts = self["accepts"].split(separator: ",").map(String.init)
        if accepts != Self.forms { exercise["accepts"] = .array(accepts.map(JSONValue.string)) }
        if kind == "layout" {
            exercise["views"] = .array(self["views"].split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map(JSONValue.string))
            exercise["scenarios"] = try json("scenarios", self["scenarios"])
            var style = JSONObject()
            for (key, field) in [("magicNumbers", "styleMagicNumbers"), ("pinnedSizes", "stylePinnedSizes"),
                                 ("unusedDeclarations", "styleUnusedDeclarations")] where !self[field].isEmpty {
                style[key] = try number("style.\(key)", self[field])
            }
            let literals = self["allowedLiterals"].split { $0 == "," || $0.isWhitespace }
            if !literals.isEmpty {
                style["allowedLiterals"] = .array(try literals.map { literal throws(ExerciseFieldError) in
                    try number("style.allowedLiterals", String(literal))
                })
            }
            if !style.isEmpty { exercise["style"] = .object(style) }
        } else {
            exercise["scene"] = try json("scene", self["scene"])
            exercise["allowedBehaviors"] = .array(self["allowedBehaviors"].split { $0 == "," || $0.isWhitespace }
                .map { JSONValue.string(String($0)) })
            exercise["checks"] = try json("checks", self["checks"])
        }
        guard !hasTooManyExamples else { throw ExerciseFieldError("examples", "at most \(Self.maxExamples) examples") }
        var source = ExerciseSource(exercise: .object(exercise), statement: self["statement"], reference: Self.unixLines(self["reference"]),
                                    starter: Self.unixLines(self["starter"]), examples: [])
        for (index, example) in examples.enumerated() {
            guard ExerciseSource.isExampleName(example.name) else {
                throw ExerciseFieldError("examples[\(index)].name", "expected 1 to 64 lowercase letters, digits and dashes")
            }
            guard !source.examples.contains(where: { $0.name == example.name }) else {
                throw ExerciseFieldError("examples[\(index)].name", "\(example.name) is used twice")
            }
            source.examples.append(ExerciseSource.Example(name: example.name, text: Self.unixLines(example.text),
                                                          expected: try json("examples[\(index)].expected", example.expected, prefix: "")))
        }
        for (field, text) in [("statement", source.statement), ("reference", source.reference), ("starter", source.starter)]
        where text.utf8.count > ExerciseSource.maxTextBytes {
            throw ExerciseFieldError(field, "longer than \(ExerciseSource.maxTextBytes) bytes")
        }
        return source
    }

    /// Browsers send text areas with CRLF line ends; the folder format has LF.
    private static func unixLines(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    private func number(_ field: String, _ text: String) throws(ExerciseFieldError) -> JSONValue {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw ExerciseFieldError("exercise.\(field)", "expected a number, not \"\(text.prefix(40))\"")
        }
        return .number(value)
    }

    private func json(_ field: String, _ text: String, prefix: String = "exercise.") throws(ExerciseFieldError) -> JSONValue {
        do {
            return try JSONParser.parse(Self.unixLines(text), limits: JSONLimits(maxBytes: ExerciseSource.maxTextBytes, maxDepth: 32))
        } catch {
            throw ExerciseFieldError(prefix + field, line: error.line, "column \(error.column): \(error.message)")
        }
    }
}
