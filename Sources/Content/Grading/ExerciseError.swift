/// A problem in an exercise definition: which file (and where in it) and what is wrong.
public struct ExerciseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the exercise folder, optionally followed by a location in it:
    /// `exercise.json $.scenarios[1].size`, `reference.layout 3:14`.
    public let location: String
    /// What is wrong, and what was expected.
    public let message: String

    /// An error at `location` (a file, optionally followed by a place in it).
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`.
    public var description: String { "\(location): \(message)" }
}
