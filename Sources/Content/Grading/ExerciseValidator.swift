/// What `lectern exercises check` verifies of an exercise: the reference scores full marks, every
/// example gets exactly its expected score and messages, and the starter can be read.
public enum ExerciseValidator {
    /// Every problem found, each naming the file it concerns; empty when the exercise is sound.
    public static func problems(in exercise: Exercise) -> [String] {
        findings(in: exercise).map(\.description)
    }

    /// Every problem found, as errors whose location is the file concerned; empty when the exercise is sound.
    public static func findings(in exercise: Exercise) -> [ExerciseError] {
        let ext = exercise.kind.fileExtension
        let options = GradeOptions(pictures: false)
        var problems: [ExerciseError] = []
        let reference = Grader.grade(exercise, submission: exercise.reference, options: options)
        if !reference.isFullMarks {
            let reasons = reference.outcome == .rejected ? reference.diagnostics : reference.failedChecks.map(\.message)
            problems.append(ExerciseError("reference.\(ext)", "scores \(reference.score) of \(reference.maxScore): "
                                          + reasons.joined(separator: " | ")))
        }
        let starter = Grader.grade(exercise, submission: exercise.starter, options: options)
        if starter.outcome == .rejected {
            problems.append(ExerciseError("starter.\(ext)", "cannot be read: " + starter.diagnostics.joined(separator: " | ")))
        }
        for example in exercise.examples {
            problems.append(contentsOf: mismatches(of: example, in: exercise, options: options))
        }
        return problems
    }

    /// Loads an exercise from its files and checks it as `lectern exercises check` does: the load
    /// error, or every problem `findings(in:)` reports. The exercise is nil when it does not load.
    public static func validate(files: ExerciseFiles) -> (exercise: Exercise?, errors: [ExerciseError]) {
        do {
            let exercise = try Exercise.load(files: files)
            return (exercise, findings(in: exercise))
        } catch {
            return (nil, [error])
        }
    }

    private static func mismatches(of example: ExerciseExample, in exercise: Exercise, options: GradeOptions) -> [ExerciseError] {
        let file = "examples/\(example.name).\(exercise.kind.fileExtension)"
        let report = Grader.grade(exercise, submission: example.submission, options: options)
        var problems: [ExerciseError] = []
        if report.score != example.expectedScore {
            problems.append(ExerciseError(file, "expected a score of \(example.expectedScore), got \(report.score)"))
        }
        let messages = report.failedChecks.map(\.message)
        problems += differences(file: file, what: "message", expected: example.expectedMessages, actual: messages)
        if let diagnostics = example.expectedDiagnostics {
            problems += differences(file: file, what: "diagnostic", expected: diagnostics, actual: report.diagnostics)
        }
        return problems
    }

    private static func differences(file: String, what: String, expected: [String], actual: [String]) -> [ExerciseError] {
        var problems: [ExerciseError] = []
        if expected.count != actual.count {
            problems.append(ExerciseError(file, "expected \(expected.count) \(what)s, got \(actual.count)"))
        }
        for index in 0..<max(expected.count, actual.count) {
            let want = index < expected.count ? expected[index] : nil
            let got = index < actual.count ? actual[index] : nil
            guard want != got else { continue }
            problems.append(ExerciseError(file, "\(what) \(index + 1):\n  expected: \(want ?? "(none)")\n  got:      \(got ?? "(none)")"))
        }
        return problems
    }
}
