/// Options for grading.
public struct GradeOptions: Sendable, Equatable {
    /// Whether to draw the SVG pictures (the score and messages do not depend on it).
    public var pictures: Bool
    /// Bounds on submissions; the defaults are the product's.
    public var limits: SubmissionLimits

    /// Pictures on, default limits.
    public init(pictures: Bool = true, limits: SubmissionLimits = .default) {
        self.pictures = pictures
        self.limits = limits
    }
}

/// Grades submissions. Pure and deterministic: the same exercise version and submission give the
/// same report, byte for byte.
public enum Grader {
    /// Grades a submission given as text, in any form the exercise accepts (detected from the
    /// content; see ``grade(_:submission:form:options:)``). A leading byte-order mark is ignored.
    public static func grade(_ exercise: Exercise, submission text: String, options: GradeOptions = GradeOptions()) -> GradeReport {
        grade(exercise, submission: text, form: nil, options: options)
    }

    /// Grades a submission in the exercise's own format: the layout text format or a behavior tree.
    static func gradeOwnFormat(_ exercise: Exercise, submission text: String, options: GradeOptions) -> GradeReport {
        let submission = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        if let problem = options.limits.sizeProblem(of: submission) {
            return .rejected(exercise, problems: [problem])
        }
        switch exercise.definition {
        case .layout(let layout):
            return LayoutGrader(exercise: exercise, layout: layout, options: options).grade(submission)
        case .dynamics(let dynamics):
            return DynamicsGrader(exercise: exercise, dynamics: dynamics, options: options).grade(submission)
        }
    }

    /// Grades a submission given as bytes, which must be UTF-8 text.
    public static func grade(_ exercise: Exercise, submission bytes: [UInt8], options: GradeOptions = GradeOptions()) -> GradeReport {
        guard bytes.count <= options.limits.maxBytes else {
            return .rejected(exercise, problems: [options.limits.tooLarge(bytes.count)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .rejected(exercise, problems: ["\(invalidUTF8Location(bytes)): the submission is not valid UTF-8 text"])
        }
        return grade(exercise, submission: text, options: options)
    }

    /// `LINE:COL` of the first byte that is not part of valid UTF-8 (columns count characters).
    private static func invalidUTF8Location(_ bytes: [UInt8]) -> String {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            guard length > 0 else { break }
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += length
        }
        let prefix = String(decoding: bytes[lineStart..<index], as: UTF8.self)
        return "\(line):\(prefix.unicodeScalars.count + 1)"
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when it is invalid.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard length > 0, index + length <= bytes.count else { return 0 }
        return String(validating: bytes[index..<index + length], as: UTF8.self) == nil ? 0 : length
    }
}
