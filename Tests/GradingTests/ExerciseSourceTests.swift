import Foundation
import JSON
import XCTest
import Grading

/// The JSON form of an exercise folder, which the editor and the API exchange.
final class ExerciseSourceTests: XCTestCase {
    /// Every shipped exercise survives folder → JSON form → folder: it loads again with the same
    /// content, and its text files are byte for byte the same.
    func testEveryShippedExerciseRoundTripsThroughTheJSONForm() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: exercisesFolder.path).sorted()
        var checked = 0
        for name in names {
            let folder = exercisesFolder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("exercise.json").path) else { continue }
            let original = ExerciseFiles(try readFiles(in: folder))
            let source = try ExerciseSource(files: original)
            let written = source.files()
            XCTAssertEqual(Set(written.keys), Set(original.contents.keys), name)
            // exercise.json and the expectations are written afresh from their JSON; every other file is kept as it is.
            for (path, bytes) in original.contents where path != "exercise.json" && !path.hasSuffix(".expected.json") {
                XCTAssertEqual(written[path], bytes, "\(name)/\(path)")
            }
            let before = try Exercise.load(files: original), after = try Exercise.load(files: written)
            XCTAssertEqual(after.slug, before.slug)
            XCTAssertEqual(after.examples, before.examples, name)
            XCTAssertEqual(after.reference, before.reference)
            // The JSON form read back from what it wrote is the same form.
            XCTAssertEqual(try ExerciseSource(files: ExerciseFiles(written)), source, name)
            checked += 1
        }
        XCTAssertEqual(checked, 10)
    }

    func testLoaderErrorsNameTheFieldAndLine() throws {
        let source = ExerciseSource(exercise: ["slug": "x"], statement: "", reference: "", starter: "",
                                    examples: [.init(name: "first", text: "", expected: [:]), .init(name: "second", text: "", expected: [:])])
        let cases: [(ExerciseError, ExerciseFieldError)] = [
            (ExerciseError("exercise.json $.scenarios[1].size", "m"), ExerciseFieldError("exercise.scenarios[1].size", "m")),
            (ExerciseError("reference.layout 3:14", "m"), ExerciseFieldError("reference", line: 3, "m")),
            (ExerciseError("starter.layout", "m"), ExerciseFieldError("starter", "m")),
            (ExerciseError("examples/second.layout", "m"), ExerciseFieldError("examples[1].text", "m")),
            (ExerciseError("examples/first.expected.json $.score", "m"), ExerciseFieldError("examples[0].expected.score", "m")),
            (ExerciseError("statement.md", "m"), ExerciseFieldError("statement", "m")),
        ]
        for (error, expected) in cases { XCTAssertEqual(source.fieldError(error), expected, error.location) }
    }

    func testHostileBodiesAreRefusedWithTheField() {
        let cases: [(String, String)] = [
            (#"{"exercise": 3, "statement": "", "reference": "", "starter": ""}"#, "exercise"),
            (#"{"exercise": {}, "reference": "", "starter": ""}"#, "statement"),
            (#"{"exercise": {}, "statement": "", "reference": "", "starter": "", "examples": [{"name": "A B", "text": "", "expected": {}}]}"#,
             "examples[0].name"),
            (#"{"exercise": {}, "statement": "", "reference": "", "starter": "", "examples": [{"name": "a", "text": "", "expected": []}]}"#,
             "examples[0].expected"),
            (#"{"exercise": {}, "statement": 7, "reference": "", "starter": ""}"#, "statement"),
            ("[", "$"),
        ]
        for (body, field) in cases {
            XCTAssertThrowsError(try ExerciseSource.parse(Array(body.utf8)), body) { error in
                XCTAssertEqual((error as? ExerciseFieldError)?.field, field, body)
            }
        }
        let huge = Array(repeating: UInt8(ascii: " "), count: ExerciseSource.maxBodyBytes + 1)
        XCTAssertThrowsError(try ExerciseSource.parse(huge))
    }
}
