import AutoLayout
import BehaviorCode
import ConstraintCode
import InterfaceBuilder
import JSON

/// An exercise's starter as a file to download, in each form the exercise accepts: the
/// exercise's own format as written, and the other forms generated from it, so a student can
/// open it in Xcode, finish it there and upload it.
public struct ExerciseDownload: Sendable, Equatable {
    public let form: SubmissionForm
    /// `starter.layout`, `starter.swift`, `starter.m`, …
    public let fileName: String
    public let mediaType: String
    public let text: String

    /// The starter of `exercise` in `form`, or nil when the exercise does not take that form or it
    /// cannot be written in it.
    public static func starter(of exercise: Exercise, as form: SubmissionForm) -> ExerciseDownload? {
        guard exercise.accepts.contains(form) else { return nil }
        switch (exercise.definition, form) {
        case (_, .text):
            let mediaType = exercise.kind == .layout ? "text/plain; charset=utf-8" : "application/json"
            return ExerciseDownload(form: .text, fileName: "starter.\(exercise.kind.fileExtension)", mediaType: mediaType,
                                    text: exercise.starter)
        case (.layout(let layout), .swift), (.layout(let layout), .objectiveC):
            guard let document = try? LayoutDocument.parse(exercise.starter, extending: layout.views) else { return nil }
            let swift = form == .swift
            let code = ConstraintCodeExport.code(document, source: exercise.starter, language: swift ? .swift : .objectiveC)
            return ExerciseDownload(form: form, fileName: swift ? "starter.swift" : "starter.m",
                                    mediaType: swift ? "text/x-swift; charset=utf-8" : "text/x-objective-c; charset=utf-8",
                                    text: code)
        case (.layout(let layout), .storyboard):
            guard let scenario = layout.scenarios.first?.layout,
                  let storyboard = try? StoryboardExporter.storyboard(views: layout.views, text: exercise.starter, scenario: scenario,
                                                                      name: exercise.slug) else { return nil }
            return ExerciseDownload(form: .storyboard, fileName: "starter.storyboard", mediaType: "application/x-ib+xml",
                                    text: storyboard)
        case (.dynamics, .swift), (.dynamics, .objectiveC):
            let swift = form == .swift
            guard let tree = try? JSONParser.parse(exercise.starter),
                  let code = try? BehaviorExport.code(tree, language: swift ? .swift : .objectiveC) else { return nil }
            return ExerciseDownload(form: form, fileName: swift ? "starter.swift" : "starter.m",
                                    mediaType: swift ? "text/x-swift; charset=utf-8" : "text/x-objective-c; charset=utf-8",
                                    text: code)
        default:
            return nil
        }
    }

    /// Every form the starter can be downloaded in, in ``SubmissionForm`` order.
    public static func starters(of exercise: Exercise) -> [ExerciseDownload] {
        SubmissionForm.allCases.compactMap { starter(of: exercise, as: $0) }
    }
}
