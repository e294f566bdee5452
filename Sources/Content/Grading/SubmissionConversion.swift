import AutoLayout
import BehaviorCode
import ConstraintCode
import Dynamics
import InterfaceBuilder

/// A submission in another form than the exercise's own, converted to it.
public struct ConvertedSubmission: Sendable, Equatable {
    public let form: SubmissionForm
    /// What is graded: the layout text format, or a behavior tree as JSON.
    public let text: String
    /// For layout exercises: the conversion, with each source line and the text it became.
    public let layout: LayoutConversion?
    /// For dynamics exercises: the behavior tree read from the code, with its source lines.
    public let behavior: BehaviorConversion?
    /// For a storyboard: whether its scene has size-class variations, so that scenarios of other
    /// size classes may be graded with other constraints.
    public var hasSizeClassVariations = false
    /// For a storyboard of several scenes: the id of the scene graded.
    public var sceneID: String?
    /// For a storyboard of several scenes: which one was graded, and why.
    var sceneNote: String?

    /// Graded line → where it came from in the source: its line and column, and the source as the
    /// student's tool shows it (a storyboard's constraints as Xcode lists them).
    let sourceOfLine: [Int: LayoutConversion.Constraint]

    public init(form: SubmissionForm, text: String, layout: LayoutConversion? = nil, behavior: BehaviorConversion? = nil) {
        self.form = form
        self.text = text
        self.layout = layout
        self.behavior = behavior
        sourceOfLine = Self.sourceLines(graded: text, layout: layout)
    }

    public static func == (lhs: ConvertedSubmission, rhs: ConvertedSubmission) -> Bool {
        lhs.form == rhs.form && lhs.text == rhs.text && lhs.layout == rhs.layout && lhs.behavior == rhs.behavior
            && lhs.hasSizeClassVariations == rhs.hasSizeClassVariations && lhs.sceneID == rhs.sceneID
    }

    /// Finds each converted constraint's text among the graded lines, in order, so a line the
    /// grader names can be named in the source instead.
    private static func sourceLines(graded: String, layout: LayoutConversion?) -> [Int: LayoutConversion.Constraint] {
        guard let layout else { return [:] }
        let lines = graded.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var map: [Int: LayoutConversion.Constraint] = [:]
        var next = 0
        for constraint in layout.constraints {
            for part in constraint.text.split(separator: "\n") {
                let wanted = part.trimmingCharacters(in: .whitespaces)
                guard !wanted.isEmpty, let found = lines[next...].firstIndex(of: wanted) else { continue }
                map[found + 1] = constraint
                next = found + 1
            }
        }
        return map
    }

    /// What the source has that is not graded, as `LINE:COL: what` (statements not understood,
    /// elements skipped, gestures and action blocks), for the report's diagnostics.
    public var notes: [String] {
        let skipped = layout.map { $0.skipped.map { ($0.line, $0.column, $0.reason) } }
            ?? behavior.map { $0.skipped.map { ($0.line, $0.column, $0.reason) } } ?? []
        return (sceneNote.map { ["1:1: \($0)"] } ?? []) + skipped.map { "\($0.0):\($0.1 ?? 1): not graded: \($0.2)" }
    }

    /// A grader's message about the converted text, pointed at the source line it came from
    /// (`$.children[2].allowsRotation: …` becomes `line 36: $.children[2]…`).
    public func located(_ message: String) -> String {
        if let behavior { return behavior.located(message) }
        guard !sourceOfLine.isEmpty else { return message }
        // `line 3` (of the converted text) becomes `line 6:5` of the file, and for a storyboard the
        // constraint as Xcode shows it: `line 41 (Leading Space to: Safe Area = 16 (JRZ-8J-Ruo))`.
        var result = ""
        var rest = Substring(message)
        while let range = rest.range(of: "line ") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isNumber }
            guard let number = Int(digits), let source = sourceOfLine[number] else { continue }
            rest = rest.dropFirst(digits.count)
            result += source.column.map { "\(source.line):\($0)" } ?? String(source.line)
            if form == .storyboard { result += " (\(source.source))" }
        }
        return result + rest
    }
}

extension Grader {
    /// Grades a submission in any form the exercise accepts: `form` as declared (a media type or a
    /// file name), else detected from the content. Other forms are converted to the exercise's own
    /// format first, by reading them, never running them; the report carries the conversion.
    public static func grade(_ exercise: Exercise, submission text: String, form declared: SubmissionForm?,
                             options: GradeOptions = GradeOptions()) -> GradeReport {
        let form = declared ?? SubmissionForm.detect(text)
        guard exercise.accepts.contains(form) else {
            let accepted = exercise.accepts.map(\.title).joined(separator: ", ")
            return .rejected(exercise, problems: ["1:1: this exercise takes \(accepted); the submission reads as \(form.title)"])
        }
        guard form != .text else { return gradeOwnFormat(exercise, submission: text, options: options) }
        guard text.utf8.count <= SubmissionLimits.maxSourceBytes else {
            return .rejected(exercise, problems: ["1:1: the \(form.title) file is \(text.utf8.count) bytes; at most \(SubmissionLimits.maxSourceBytes) are read"])
        }
        let converted: ConvertedSubmission
        switch convert(text, form: form, for: exercise) {
        case .success(let value): converted = value
        case .failure(let failure): return .rejected(exercise, problems: failure.problems)
        }
        var report: GradeReport
        if converted.hasSizeClassVariations, case .layout(let layout) = exercise.definition {
            // Each scenario with the constraints installed for its size classes.
            switch SizeClassGrading.groups(of: text, scene: converted.sceneID, layout: layout) {
            case .failure(let failure): return .rejected(exercise, problems: failure.problems)
            case .success(let groups): report = SizeClassGrading.grade(exercise, layout: layout, groups: groups, options: options)
            }
            report.diagnostics += converted.notes
        } else {
            report = gradeOwnFormat(exercise, submission: converted.text, options: options)
            report.diagnostics = report.diagnostics.map(converted.located) + converted.notes
            report.checks = report.checks.map { GradeCheck(name: $0.name, passed: $0.passed, points: $0.points,
                                                           message: converted.located($0.message)) }
        }
        report.conversion = converted
        return report
    }

    /// Why a submission could not be converted: `LINE:COL: message` in the source.
    public struct ConversionFailure: Error, Sendable, Equatable {
        public let problems: [String]
    }

    /// Converts `text` in `form` to the exercise's own format.
    public static func convert(_ text: String, form: SubmissionForm,
                               for exercise: Exercise) -> Result<ConvertedSubmission, ConversionFailure> {
        switch (exercise.definition, form) {
        case (_, .text):
            return .success(ConvertedSubmission(form: .text, text: text, layout: nil))
        case (.layout(let layout), .swift), (.layout(let layout), .objectiveC):
            do {
                let conversion = try ConstraintCode.convert(text, language: form == .swift ? .swift : .objectiveC,
                                                            knownViews: layout.views.items.map(\.name))
                return .success(ConvertedSubmission(form: form, text: conversion.document, layout: conversion))
            } catch {
                return .failure(ConversionFailure(problems: ["\(error)"]))
            }
        case (.dynamics(let dynamics), .swift), (.dynamics(let dynamics), .objectiveC):
            // The exercise's items, and the behaviors its script moves or removes, by the ids the tree must use.
            var scripted: [String] = []
            for event in dynamics.parsedScene.script {
                switch event.action {
                case .moveAnchor(let id, _), .removeBehavior(let id): if !scripted.contains(id) { scripted.append(id) }
                case .addBehavior: break
                }
            }
            do {
                let conversion = try BehaviorCode.convert(text, language: form == .swift ? .swift : .objectiveC,
                                                          items: dynamics.parsedScene.items.map(\.id), behaviorIDs: scripted)
                return .success(ConvertedSubmission(form: form, text: conversion.tree.serialized(), behavior: conversion))
            } catch {
                return .failure(ConversionFailure(problems: ["\(error)"]))
            }
        case (.layout(let layout), .storyboard):
            do {
                // The file's one scene (or an error listing them), its views matched to the exercise's by name.
                let choice = try StoryboardSceneChoice.choose(Array(text.utf8), for: layout)
                var converted = ConvertedSubmission(form: .storyboard,
                                                    text: choice.scene.conversion.submissionText(declaredViews: layout.views),
                                                    layout: choice.scene.conversion)
                converted.hasSizeClassVariations = choice.scene.hasVariations
                converted.sceneID = choice.sceneID
                converted.sceneNote = choice.note
                return .success(converted)
            } catch {
                return .failure(ConversionFailure(problems: ["\(error)"]))
            }
        case (.dynamics, .storyboard):
            return .failure(ConversionFailure(problems: ["1:1: a storyboard holds a layout, not behaviors: submit the behavior code or tree"]))
        }
    }
}
