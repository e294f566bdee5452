import CLI
import Foundation
import Grading
import LecternApp

/// `lectern grade EXERCISE SUBMISSION`: grades one submission and explains the grade.
let gradeCommand = CommandSpec(
    name: "grade",
    abstract: "Grade a submission to an exercise.",
    discussion: """
        EXERCISE is a slug found in the exercises folder, or the path of an exercise folder. \
        SUBMISSION is a file: constraint lines for a layout exercise, a behavior tree (JSON) or \
        UIDynamicBehavior code (.m or .swift) for a dynamics exercise; `-` reads standard input. Prints the score, every check with its message \
        and the diagnostics (JSON with --json). Exits with 0 on full marks, 1 otherwise, and 2 when \
        the submission cannot be read (the problem is printed with its line:column).
        """,
    options: [
        OptionSpec("svg", valueName: "dir", help: "Write the pictures (SVG) into this folder.", kind: .path),
        OptionSpec("exercises", valueName: "dir", help: "The folder of exercise definitions.",
                   default: "./Exercises", env: "LECTERN_EXERCISES", kind: .path),
    ],
    flags: [FlagSpec("json", help: "Print the report as JSON.")],
    arguments: [
        ArgumentSpec("exercise", help: "The exercise's slug or folder."),
        ArgumentSpec("submission", help: "The submission file, or - for standard input."),
    ],
    run: { arguments in
        let reference = arguments.argument("exercise") ?? ""
        let exercisesDirectory = arguments.option("exercises") ?? "./Exercises"
        guard let folder = ExerciseDirectory.locate(reference, in: exercisesDirectory) else {
            throw GradeUsageError(message: "no exercise '\(reference)': not an exercise folder, nor a slug in \(exercisesDirectory)")
        }
        let exercise: Exercise
        do {
            exercise = try ExerciseDirectory.loadExercise(folder)
        } catch {
            throw GradeUsageError(message: "\(error)")
        }
        let path = arguments.argument("submission") ?? "-"
        let submission: [UInt8]
        if path == "-" {
            submission = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else if let data = FileManager.default.contents(atPath: path) {
            submission = [UInt8](data)
        } else {
            throw GradeUsageError(message: "cannot read the submission \(path)")
        }
        let svgDirectory = arguments.option("svg")
        // A storyboard, Swift or Objective-C file is read in the form its name says, else the content says.
        guard let text = String(validating: submission, as: UTF8.self) else {
            throw GradeUsageError(message: "\(path) is not UTF-8 text")
        }
        let report = Grader.grade(exercise, submission: text, form: SubmissionForm.declared(byFileName: path),
                                  options: GradeOptions(pictures: svgDirectory != nil))
        if report.outcome != .rejected, let notes = report.conversion.map({ $0.notes + ($0.behavior?.warnings ?? []) + ($0.layout?.warnings ?? []) }),
           !notes.isEmpty {
            FileHandle.standardError.write(Data(notes.map { "\(path):\($0)\n" }.joined().utf8))
        }
        if arguments.flag("json") {
            FileHandle.standardOutput.write(Data((report.json() + "\n").utf8))
        } else if report.outcome == .rejected {
            let lines = report.diagnostics.map { "\(path):\($0)\n" }.joined()
            FileHandle.standardError.write(Data(lines.utf8))
        } else {
            FileHandle.standardOutput.write(Data((report.text + "\n").utf8))
        }
        if let svgDirectory {
            try writePictures(report.pictures, to: svgDirectory)
        }
        return report.exitStatus
    })

/// Writes each picture as a file in `directory`, creating it when missing.
private func writePictures(_ pictures: [GradePicture], to directory: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for picture in pictures {
            try Data(picture.svg.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent(picture.name))
        }
    } catch {
        throw GradeUsageError(message: "cannot write the pictures into \(directory): \(error.localizedDescription)")
    }
}

/// The exercise or the submission cannot be found or read: exit code 2 with a one-line message.
struct GradeUsageError: ExitCodeError {
    let message: String
    var exitCode: Int32 { 2 }
}
