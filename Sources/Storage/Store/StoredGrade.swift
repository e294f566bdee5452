/// A grade as computed, to be stored with its submission (or to replace its grade): the score and
/// its provenance, and the checks, diagnostics and pictures as typed values. The Store writes them
/// as rows in the same transaction as the submission.
public struct StoredGrade: Sendable, Equatable {
    public var exerciseVersion: String
    public var graderVersion: String
    public var score: Double
    public var maxScore: Double
    /// Every check, in the grade's order.
    public var checks: [StoredCheck]
    /// Every diagnostic, in the grade's order.
    public var diagnostics: [String]
    /// The pictures drawn with the grade; nil when none were drawn for it.
    public var pictures: [StoredPicture]?

    public init(exerciseVersion: String, graderVersion: String, score: Double, maxScore: Double,
                checks: [StoredCheck], diagnostics: [String], pictures: [StoredPicture]? = nil) {
        self.exerciseVersion = exerciseVersion
        self.graderVersion = graderVersion
        self.score = score
        self.maxScore = maxScore
        self.checks = checks
        self.diagnostics = diagnostics
        self.pictures = pictures
    }
}
