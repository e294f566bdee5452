import XCTest
import Grading

/// Same exercise version and submission: the same report, byte for byte, pictures included.
final class DeterminismTests: XCTestCase {
    func testLayoutGradesAreIdenticalWhenRepeated() throws {
        let exercise = try shippedExercise("attributor")
        for example in exercise.examples {
            let first = Grader.grade(exercise, submission: example.submission)
            let second = Grader.grade(exercise, submission: example.submission)
            XCTAssertEqual(first.json(), second.json())
            XCTAssertEqual(first.pictures, second.pictures)
            XCTAssertEqual(first.text, second.text)
        }
    }

    func testDynamicsGradesAreIdenticalWhenRepeated() throws {
        let exercise = try shippedExercise("grab-and-swing")
        let first = Grader.grade(exercise, submission: exercise.reference)
        let second = Grader.grade(exercise, submission: exercise.reference)
        XCTAssertEqual(first.json(), second.json())
        XCTAssertEqual(first.pictures, second.pictures)
        XCTAssertEqual(first.simulation, second.simulation)
    }

    func testReloadingGivesTheSameVersionWhateverTheMapOrder() throws {
        let files = cornersFiles()
        var reversed: [String: [UInt8]] = [:]
        for key in files.keys.sorted().reversed() { reversed[key] = files[key] }
        XCTAssertEqual(try Exercise.load(files: files).version, try Exercise.load(files: reversed).version)
    }

    func testVersionIgnoresOperatingSystemClutterButNothingElse() throws {
        let files = cornersFiles()
        let base = ExerciseFiles(files).version
        var cluttered = files
        cluttered[".DS_Store"] = [1, 2, 3]
        cluttered["examples/._thing"] = [4]
        cluttered["Thumbs.db"] = [5]
        XCTAssertEqual(ExerciseFiles(cluttered).version, base)
        var edited = files
        edited["statement.md"] = Array("# Sample!\n".utf8)
        XCTAssertNotEqual(ExerciseFiles(edited).version, base)
        var renamed = files
        renamed["statement.md"] = nil
        renamed["statement.mdx"] = files["statement.md"]
        XCTAssertNotEqual(ExerciseFiles(renamed).version, base)
    }
}
