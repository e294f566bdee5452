/// What `lectern exercises check` verifies of an exercise: the reference scores full marks, every
/// example gets exactly its expected score and messages, and the starter can be read.
public enum ExerciseValidator {
    /// Every problem found, each naming the file it concerns; empty when the exercise is sound.
    public static func problems(in exercise: Exercise) -> [String] {
        let ext = exercise.kind.fileExtension
        let options = GradeOptions(pictures: false)
        var problems: [String] = []
        let reference = Grader.grade(exercise, submission: exercise.reference, options: options)
        if !reference.isFullMarks {
            let reasons = reference.outcome == .rejected ? reference.diagnostics : reference.failedChecks.map(\.message)
            problems.append("reference.\(ext): scores \(reference.score) of \(reference.maxScore): "
                            + reasons.joined(separator: " | "))
        }
        let starter = Grader.grade(exercise, submission: exercise.starter, options: options)
        if starter.outcome == .rejected {
            problems.append("starter.\(ext): cannot be read: " + starter.diagnostics.joined(separator: " | "))
        }
        for example in exercise.examples {
            problems.append(contentsOf: mismatches(of: example, in: exercise, options: options))
        }
        return problems
    }

    private static func mismatches(of example: ExerciseExample, in exercise: Exercise, options: GradeOptions) -> [String] {
        let file = "examples/\(example.name).\(exercise.kind.fileExtension)"
        let report = Grader.grade(exercise, submission: example.submission, options: options)
        var problems: [String] = []
        if report.score != example.expectedScore {
            problems.append("\(file): expected a score of \(example.expectedScore), got \(report.score)")
        }
        let messages = report.failedChecks.map(\.message)
        problems += differences(file: file, what: "message", expected: example.expectedMessages, actual: messages)
        if let diagnostics = example.expectedDiagnostics {
            problems += differences(file: file, what: "diagnostic", expected: diagnostics, actual: report.diagnostics)
        }
        return problems
    }

    private static func differences(file: String, what: String, expected: [String], actual: [String]) -> [String] {
        var problems: [String] = []
        if expected.count != actual.count {
            problems.append("\(file): expected \(expected.count) \(what)s, got \(actual.count)")
        }
        for index in 0..<max(expected.count, actual.count) {
            let want = index < expected.count ? expected[index] : nil
            let got = index < actual.count ? actual[index] : nil
            guard want != got else { continue }
            problems.append("\(file): \(what) \(index + 1):\n  expected: \(want ?? "(none)")\n  got:      \(got ?? "(none)")")
        }
        return problems
    }
}
