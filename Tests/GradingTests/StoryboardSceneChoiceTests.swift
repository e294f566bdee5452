import XCTest
import Grading

/// A student's storyboard is usually the app's whole Main.storyboard: the grader takes the one
/// scene whose views are the exercise's, and lists the scenes when it cannot tell.
final class StoryboardSceneChoiceTests: XCTestCase {
    private func reference() throws -> String {
        try String(contentsOf: exercisesFolder.appendingPathComponent("centered/reference.storyboard"), encoding: .utf8)
    }

    /// The reference's scene, copied with new ids; `label` renames its view.
    private func otherScene(from storyboard: String, label: String, suffix: String) throws -> String {
        let start = try XCTUnwrap(storyboard.range(of: "<scene "))
        let end = try XCTUnwrap(storyboard.range(of: "</scene>"))
        var scene = String(storyboard[start.lowerBound..<end.upperBound])
        for id in ["WQC-2o-muA", "G2e-6d-B3j", "ALb-mU-3LW", "Gfa-ye-Kke", "Q35-5r-QGI", "37e-tS-X3c", "AKF-cV-NE0", "Ufp-Pr-ydZ"] {
            scene = scene.replacingOccurrences(of: id, with: String(id.dropLast(3)) + suffix)
        }
        scene = scene.replacingOccurrences(of: #"userLabel="badThing""#, with: #"userLabel="\#(label)""#)
        scene = scene.replacingOccurrences(of: #"title="centered reference""#, with: #"title="\#(label) screen""#)
        return scene
    }

    private func storyboard(withExtraScenes labels: [String]) throws -> String {
        var text = try reference()
        var extra = ""
        for (index, label) in labels.enumerated() {
            extra += try otherScene(from: text, label: label, suffix: "x\(index)y") + "\n"
        }
        text = text.replacingOccurrences(of: "</scenes>", with: extra + "</scenes>")
        return text
    }

    func testTheSceneWithTheExercisesViewsIsGradedAmongOthers() throws {
        let exercise = try shippedExercise("centered")
        let text = try storyboard(withExtraScenes: ["settingsTitle", "loginButton"])
        let report = Grader.grade(exercise, submission: text, form: .storyboard)
        XCTAssertEqual(report.outcome, .graded, "\(report.diagnostics)")
        XCTAssertEqual(report.score, exercise.points)
        XCTAssertTrue(report.diagnostics.contains { $0.contains("centered reference") && $0.contains("3 scenes") },
                      "the report names the scene it graded: \(report.diagnostics)")
    }

    func testTwoScenesWithTheExercisesViewsAreListedNotGuessed() throws {
        let exercise = try shippedExercise("centered")
        let text = try storyboard(withExtraScenes: ["badThing"])
        let report = Grader.grade(exercise, submission: text, form: .storyboard)
        XCTAssertEqual(report.outcome, .rejected)
        let message = report.diagnostics.joined(separator: "\n")
        XCTAssertTrue(message.contains("2 scenes"), message)
        XCTAssertTrue(message.contains("WQC-2o-muA") && message.contains("WQC-2o-x0y"), "both scenes are listed: \(message)")
    }

    func testNoSceneWithTheExercisesViewsNamesTheViewsItLooksFor() throws {
        let exercise = try shippedExercise("centered")
        var text = try storyboard(withExtraScenes: ["settingsTitle"])
        text = text.replacingOccurrences(of: #"userLabel="badThing""#, with: #"userLabel="greeting""#)
        let report = Grader.grade(exercise, submission: text, form: .storyboard)
        XCTAssertEqual(report.outcome, .rejected)
        let message = report.diagnostics.joined(separator: "\n")
        XCTAssertTrue(message.contains("badThing"), "the view the exercise declares is named: \(message)")
    }
}
