import Foundation
import Grading

/// `lectern grade EXERCISE SUBMISSION`: grades one submission and explains the grade.
public enum GradeTool {
    /// Grades the submission at `submissionPath` (`-`: standard input) to the exercise named by
    /// `exercise` (a slug in `exercisesDirectory`, or a folder).
    /// - Returns: exit code 0 on full marks, 1 otherwise, 2 when the exercise or the submission
    ///   cannot be found or read (the problem with its line:column on standard error).
    public static func grade(exercise reference: String, exercisesDirectory: String, submissionPath path: String,
                             svgDirectory: String?, json: Bool) -> ToolOutput {
        guard let folder = ExerciseDirectory.locate(reference, in: exercisesDirectory) else {
            return failure("no exercise '\(reference)': not an exercise folder, nor a slug in \(exercisesDirectory)")
        }
        let exercise: Exercise
        do {
            exercise = try ExerciseDirectory.loadExercise(folder)
        } catch {
            return failure("\(error)")
        }
        let submission: [UInt8]
        if path == "-" {
            submission = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else if let data = FileManager.default.contents(atPath: path) {
            submission = [UInt8](data)
        } else {
            return failure("cannot read the submission \(path)")
        }
        guard let text = String(validating: submission, as: UTF8.self) else {
            return failure("\(path) is not UTF-8 text")
        }
        // A storyboard, Swift or Objective-C file is read in the form its name says, else the content says.
        let report = Grader.grade(exercise, submission: text, form: SubmissionForm.declared(byFileName: path),
                                  options: GradeOptions(pictures: svgDirectory != nil))
        var output = ToolOutput(exitCode: report.exitStatus)
        if report.outcome != .rejected, let notes = report.conversion.map({ $0.notes + ($0.behavior?.warnings ?? []) + ($0.layout?.warnings ?? []) }) {
            output.standardError += notes.map { "\(path):\($0)\n" }.joined()
        }
        if json {
            output.standardOutput = report.json() + "\n"
        } else if report.outcome == .rejected {
            output.standardError += report.diagnostics.map { "\(path):\($0)\n" }.joined()
        } else {
            output.standardOutput = report.text + "\n"
        }
        if let svgDirectory {
            do {
                try FileManager.default.createDirectory(atPath: svgDirectory, withIntermediateDirectories: true)
                for picture in report.pictures {
                    try Data(picture.svg.utf8).write(to: URL(fileURLWithPath: svgDirectory).appendingPathComponent(picture.name))
                }
            } catch {
                return failure("cannot write the pictures into \(svgDirectory): \(error.localizedDescription)")
            }
        }
        return output
    }

    /// Exit code 2 with a one-line message.
    private static func failure(_ message: String) -> ToolOutput {
        ToolOutput(standardError: "Error: \(message)\n", exitCode: 2)
    }
}
