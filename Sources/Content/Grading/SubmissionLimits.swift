/// Bounds on what a student may submit, so that no submission can make grading slow or unbounded:
/// sizes, checked before anything is parsed, and work budgets counted in each engine's own unit
/// (simplex pivots for layouts, candidate shape pairs for simulations).
public struct SubmissionLimits: Sendable, Equatable {
    /// Largest submission in UTF-8 bytes, in the exercise's own format (and the converted text).
    public var maxBytes: Int
    /// Largest submission in another form (a storyboard, a view controller's source), before it is
    /// converted; the readers of those forms have limits of their own on elements and tokens.
    public static let maxSourceBytes = 512 * 1024
    /// Most lines.
    public var maxLines: Int
    /// Most layout guides a layout submission may declare.
    public var maxGuides: Int
    /// Most constraints a layout submission may make (a VFL line makes several).
    public var maxConstraints: Int
    /// Most behaviors (nodes of the tree, composites included) in a dynamics submission.
    public var maxBehaviors: Int
    /// The work budget of one layout grade: simplex pivots over all its scenarios.
    public var maxPivots: Int
    /// The work budget of one dynamics grade, in ``Dynamics/SimulationCost`` units, checked before
    /// simulating.
    public var maxSimulationUnits: Int

    /// Limits; the defaults are the product's.
    public init(maxBytes: Int = 64 * 1024, maxLines: Int = 500, maxGuides: Int = 100, maxConstraints: Int = 250,
                maxBehaviors: Int = 200, maxPivots: Int = SubmissionLimits.defaultMaxPivots,
                maxSimulationUnits: Int = SubmissionLimits.defaultMaxSimulationUnits) {
        self.maxBytes = maxBytes
        self.maxLines = maxLines
        self.maxGuides = maxGuides
        self.maxConstraints = maxConstraints
        self.maxBehaviors = maxBehaviors
        self.maxPivots = maxPivots
        self.maxSimulationUnits = maxSimulationUnits
    }

    /// The default layout budget: at least 20 times what any shipped reference or example takes.
    public static let defaultMaxPivots = 5_000
    /// The default dynamics budget: at least 20 times what any shipped reference or example takes.
    public static let defaultMaxSimulationUnits = 50_000_000

    /// 64 KiB, 500 lines, 100 guides, 250 constraints, 200 behaviors, the default work budgets.
    public static let `default` = SubmissionLimits()

    /// Why `text` is too large to read, or nil when it is within the size and line limits.
    func sizeProblem(of text: String) -> String? {
        let bytes = text.utf8.count
        if bytes > maxBytes { return tooLarge(bytes) }
        var lines = 1
        for byte in text.utf8 where byte == UInt8(ascii: "\n") {
            lines += 1
            if lines > maxLines {
                return "\(lines):1: the submission has more than \(maxLines) lines; at most \(maxLines) are accepted"
            }
        }
        return nil
    }

    /// The message for a submission of `byteCount` bytes, over `maxBytes`.
    func tooLarge(_ byteCount: Int) -> String {
        let kibibytes = maxBytes % 1024 == 0 ? " (\(maxBytes / 1024) KiB)" : ""
        return "1:1: the submission is \(byteCount) bytes long; at most \(maxBytes) bytes\(kibibytes) are accepted"
    }
}
