/// A stored grade whose rows cannot be read back: a value of the wrong type, rows missing, or a
/// grade the typed-grades migration could not convert. Stored data is the server's own, so this is
/// never the reader's fault: it is logged and shown as a grade that could not be read, never as
/// a grade without checks.
public struct UnreadableGrade: Error, Sendable, Equatable, CustomStringConvertible {
    /// The submission whose grade it is.
    public var submissionID: Int64
    /// What could not be read, and why.
    public var reason: String

    public init(submissionID: Int64, reason: String) {
        self.submissionID = submissionID
        self.reason = reason
    }

    public var description: String { "the grade of submission \(submissionID) could not be read: \(reason)" }
}
