import AutoLayout
import Dynamics
import JSON

/// The outcome of grading one submission: the score, every check with a message that teaches,
/// diagnostics, and what the pictures are drawn from. Deterministic for a given exercise version
/// and submission.
public struct GradeReport: Sendable, Equatable {
    /// Whether the submission could be graded at all.
    public enum Outcome: Sendable, Equatable {
        /// Every check ran.
        case graded
        /// The submission could not be read (syntax, unknown names, limits, disallowed behaviors):
        /// `diagnostics` say where and why; the score is 0.
        case rejected
    }

    /// The exercise's slug.
    public let exercise: String
    /// The exercise version graded against.
    public let version: String
    /// Graded, or rejected as unreadable.
    public let outcome: Outcome
    /// Points earned: passing checks minus style penalties, within 0…`maxScore`.
    public let score: Int
    /// The exercise's full score.
    public let maxScore: Int
    /// Checks in the exercise's order, then style penalties.
    public internal(set) var checks: [GradeCheck]
    /// Problems and warnings in words: parse errors as `LINE:COL: message`, conflict reports,
    /// missing constraints and layout warnings as AutoLayout words them.
    public internal(set) var diagnostics: [String]
    /// For layout exercises: the reference and submitted frames in every scenario.
    public let scenarios: [ScenarioFrames]
    /// For dynamics exercises: the run of the submitted behaviors.
    public let simulation: SimulationResult?
    /// SVG pictures, one per scenario or run (empty when not asked for).
    public let pictures: [GradePicture]
    /// The work grading took, in the engines' own units.
    public internal(set) var work = GradeWork()
    /// For a submission in another form (a storyboard, Swift or Objective-C): what it was converted to.
    public internal(set) var conversion: ConvertedSubmission?

    /// Full marks on a graded submission.
    public var isFullMarks: Bool { outcome == .graded && score == maxScore }

    /// The checks that did not pass, in report order.
    public var failedChecks: [GradeCheck] { checks.filter { !$0.passed } }

    /// `lectern grade`'s exit status: 0 on full marks, 1 otherwise, 2 when the submission could not be read.
    public var exitStatus: Int32 {
        switch outcome {
        case .rejected: 2
        case .graded: isFullMarks ? 0 : 1
        }
    }

    /// `{"exercise":…,"version":…,"score":…,"maxScore":…,"checks":[{"name":…,"passed":…,"points":…,"message":…}],"diagnostics":[…]}`.
    public func json(pretty: Bool = false) -> String {
        var writer = JSONWriter(capacity: 512 + 160 * checks.count, pretty: pretty)
        writer.beginObject()
        writer.field("exercise", exercise)
        writer.field("version", version)
        writer.field("score", score)
        writer.field("maxScore", maxScore)
        writer.key("checks")
        writer.beginArray()
        for check in checks {
            writer.beginObject()
            writer.field("name", check.name)
            writer.field("passed", check.passed)
            writer.field("points", check.points)
            writer.field("message", check.message)
            writer.endObject()
        }
        writer.endArray()
        writer.field("diagnostics", diagnostics)
        writer.endObject()
        return writer.string
    }

    /// For people: the score line, then one line per check, then the diagnostics.
    public var text: String {
        var lines = ["\(exercise): \(score)/\(maxScore)"]
        for check in checks {
            let points = check.points > 0 ? "+\(check.points)" : String(check.points)
            lines.append("  [\(check.passed ? "pass" : "FAIL")] \(check.name) (\(points)): \(check.message)")
        }
        if !diagnostics.isEmpty {
            lines.append("diagnostics:")
            for diagnostic in diagnostics {
                lines.append(contentsOf: diagnostic.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" })
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A report for a submission that could not be read.
    static func rejected(_ exercise: Exercise, problems: [String]) -> GradeReport {
        GradeReport(exercise: exercise.slug, version: exercise.version, outcome: .rejected, score: 0, maxScore: exercise.points,
                    checks: [], diagnostics: problems, scenarios: [], simulation: nil, pictures: [])
    }
}

/// One check: passed or not, the points it gives (negative for a style penalty) and why.
public struct GradeCheck: Sendable, Equatable {
    /// The scenario's or check's name, or the style rule's.
    public let name: String
    public let passed: Bool
    /// Points earned: the check's weight when passed, else 0; a penalty is 0 or negative.
    public let points: Int
    /// What the check wants and, when it fails, what happened instead and how to fix it.
    public let message: String
}

/// An SVG picture of the grade.
public struct GradePicture: Sendable, Equatable {
    /// A file name: the scenario or run name made safe, with `.svg`.
    public let name: String
    /// What it shows, for a caption.
    public let title: String
    /// A complete SVG document.
    public let svg: String

    public init(name: String, title: String, svg: String) {
        self.name = name
        self.title = title
        self.svg = svg
    }
}

/// The frames of one layout scenario, in root-container coordinates.
public struct ScenarioFrames: Sendable, Equatable {
    /// A view's (or guide's) frame where the reference puts it and where the submission does.
    public struct View: Sendable, Equatable {
        /// The view's or guide's name.
        public let name: String
        public let isGuide: Bool
        /// `nil` for the submission's own guides.
        public let reference: LayoutRect?
        /// Where the submission puts it.
        public let submission: LayoutRect
        /// Within the tolerance of the reference (always true for the submission's guides).
        public let matches: Bool
    }

    /// The scenario's name and, for captions, its title.
    public let name: String
    public let title: String
    /// The container's size and layout direction in this scenario.
    public let containerSize: LayoutSize
    public let direction: LayoutDirection
    /// The exercise's views in declaration order, then the submission's guides.
    public let views: [View]
    /// Whether the scenario's check passed.
    public let passed: Bool
    /// The check's outcome in a few words: `passed`, `failed: the constraints conflict`,
    /// `failed: 2 views misplaced`.
    public let verdict: String
}

/// The work a grade took, in the engines' own units, to compare with ``SubmissionLimits``.
public struct GradeWork: Sendable, Equatable {
    /// Simplex pivots over every scenario of a layout grade (0 for dynamics).
    public var pivots = 0
    /// ``Dynamics/SimulationCost`` units of a dynamics grade's run (0 for layouts).
    public var simulationUnits = 0

    public init(pivots: Int = 0, simulationUnits: Int = 0) {
        self.pivots = pivots
        self.simulationUnits = simulationUnits
    }
}
