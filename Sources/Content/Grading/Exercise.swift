/// An exercise: what the student reads, what the grader checks, and the examples that pin the
/// grader's behavior down. Load one with `Exercise.load(files:)`.
public struct Exercise: Sendable {
    /// The file extensions of the other forms a layout exercise may ship its reference and
    /// starter in (`reference.storyboard`, `starter.swift`, …), generated from the text form.
    public static let sourceForms = ["storyboard", "swift", "m"]

    /// What kind of submission an exercise takes.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Constraint lines in the layout text format.
        case layout
        /// A behavior tree in the Dynamics JSON format.
        case dynamics

        /// The extension of reference, starter and example files: `layout` or `json`.
        public var fileExtension: String { self == .layout ? "layout" : "json" }
    }

    /// How the grader checks submissions, by kind.
    public enum Definition: Sendable {
        case layout(LayoutExercise)
        case dynamics(DynamicsExercise)
    }

    /// The folder name and URL slug: lowercase letters, digits and dashes.
    public let slug: String
    /// One line, for lists and page titles.
    public let title: String
    /// Layout or dynamics: what a submission is.
    public let kind: Kind
    /// The full score.
    public let points: Int
    /// Where the lecture teaches the idea.
    public let lecture: LectureMoment
    /// The task in Markdown (`statement.md`).
    public let statement: String
    /// What the submission form starts with.
    public let starter: String
    /// A submission that scores full marks; never shown to students.
    public let reference: String
    /// Wrong submissions with the score and messages each must get.
    public let examples: [ExerciseExample]
    /// How submissions are graded.
    public let definition: Definition
    /// The content hash of the exercise folder (`ExerciseFiles.version`).
    public let version: String
    /// The forms submissions may come in (`"accepts"` in exercise.json); every form by default.
    public var accepts: [SubmissionForm] = SubmissionForm.allCases
}

/// A moment in a lecture: `{"course":"cs193p","lecture":9,"at":"30:57"}`.
public struct LectureMoment: Sendable, Equatable {
    /// The course's slug.
    public let course: String
    /// The lecture's number in the course.
    public let lecture: Int
    /// `MM:SS` or `H:MM:SS`, as written.
    public let at: String
    /// `at` in seconds from the start of the lecture.
    public let seconds: Int
}

/// A wrong submission kept with an exercise, and exactly what grading it must give.
public struct ExerciseExample: Sendable, Equatable {
    /// The file name without its extension.
    public let name: String
    /// The wrong submission, as a student would send it.
    public let submission: String
    /// The score grading it must give.
    public let expectedScore: Int
    /// The messages of the checks that do not pass, in report order.
    public let expectedMessages: [String]
    /// The report's diagnostics, when the example pins them down too.
    public let expectedDiagnostics: [String]?
}
