import XCTest
@testable import Grading

/// Broken exercise definitions are refused with an error naming the file and the place.
final class ExerciseDefinitionTests: XCTestCase {
    private func loadError(_ files: [String: [UInt8]]) -> ExerciseError? {
        do {
            _ = try Exercise.load(files: files)
            return nil
        } catch {
            return error
        }
    }

    private func edited(_ change: (inout [String: [UInt8]]) -> Void) -> [String: [UInt8]] {
        var files = cornersFiles()
        change(&files)
        return files
    }

    private func manifest(_ text: String) -> [String: [UInt8]] {
        edited { $0["exercise.json"] = Array(text.utf8) }
    }

    func testLoadsTheSampleAndItsFields() throws {
        let exercise = try Exercise.load(files: cornersFiles())
        XCTAssertEqual(exercise.slug, "sample")
        XCTAssertEqual(exercise.kind, .layout)
        XCTAssertEqual(exercise.lecture, LectureMoment(course: "cs193p", lecture: 9, at: "30:57", seconds: 1857))
        guard case .layout(let layout) = exercise.definition else { return XCTFail("expected a layout exercise") }
        XCTAssertEqual(layout.scenarios.map(\.name), ["portrait", "landscape"])
        XCTAssertEqual(layout.style, LayoutExercise.Style(magicNumbers: 10, pinnedSizes: 0, unusedDeclarations: 0, allowedLiterals: []))
    }

    func testMissingAndUnexpectedFiles() {
        XCTAssertEqual(loadError(edited { $0["starter.layout"] = nil }), ExerciseError("starter.layout", "missing file"))
        XCTAssertEqual(loadError(edited { $0["refrence.layout"] = [] })?.location, "refrence.layout")
        XCTAssertEqual(loadError(edited { $0["examples/wrong.layout"] = [] }),
                       ExerciseError("examples/wrong.layout", "no examples/wrong.expected.json with the score and messages it must get"))
        XCTAssertEqual(loadError(edited { $0["examples/wrong.expected.json"] = Array(#"{"score": 1, "messages": []}"#.utf8) }),
                       ExerciseError("examples/wrong.expected.json", "no submission examples/wrong.layout for this expectation"))
        XCTAssertEqual(loadError(edited { $0["statement.md"] = [0xC3, 0x28] }), ExerciseError("statement.md", "not valid UTF-8 text"))
    }

    func testManifestErrorsNameTheJSONPath() {
        XCTAssertEqual(loadError(manifest("{")).map(\.location), "exercise.json 1:2")
        XCTAssertEqual(loadError(manifest(#"{"slug": "Bad Slug", "title": "t", "kind": "layout", "points": 1}"#))?.location,
                       "exercise.json $.slug")
        XCTAssertEqual(loadError(manifest(#"{"slug": "s", "title": "t", "kind": "quiz"}"#))?.location, "exercise.json $.kind")
        let badTime = #"{"slug": "s", "title": "t", "kind": "layout", "points": 1, "lecture": {"course": "cs193p", "lecture": 9, "at": "9:75"}}"#
        XCTAssertEqual(loadError(manifest(badTime)), ExerciseError("exercise.json $.lecture.at", "expected a time as MM:SS or H:MM:SS"))
    }

    func testScenarioPointsMustAddUpToTheExercisePoints() {
        let files = layoutExerciseFiles(views: ["view a label 10x10"],
                                        scenarios: #"[{"name": "portrait", "size": [320, 568], "points": 60}]"#,
                                        reference: "H:|-[a]\nV:|-[a]\n")
        XCTAssertEqual(loadError(files), ExerciseError("exercise.json $.scenarios", "the scenarios' points add up to 60, but the exercise is worth 100"))
    }

    func testScenarioOverridesMustNameAViewWithAContentSize() {
        let files = layoutExerciseFiles(
            views: ["view a view"],
            scenarios: #"[{"name": "p", "size": [320, 568], "intrinsicSizes": {"a": [1, 1]}, "points": 100}]"#,
            reference: "H:|-[a]-|\nV:|-[a]-|\n")
        XCTAssertEqual(loadError(files), ExerciseError("exercise.json $.scenarios[0].intrinsicSizes.a",
                                                       "\"a\" is not a declared view with an intrinsic content size"))
    }

    func testTheReferenceMustBeCompleteInEveryScenario() {
        let files = layoutExerciseFiles(views: ["view a label 10x10"],
                                        scenarios: #"[{"name": "portrait", "size": [320, 568], "points": 100}]"#,
                                        reference: "H:|-[a]\n")
        XCTAssertEqual(loadError(files), ExerciseError("reference.layout", "in portrait, the layout is ambiguous: a needs constraints for Y position"))
        let unreadable = layoutExerciseFiles(views: ["view a label 10x10"],
                                             scenarios: #"[{"name": "portrait", "size": [320, 568], "points": 100}]"#,
                                             reference: "H:|-[b]\n")
        XCTAssertEqual(loadError(unreadable)?.location, "reference.layout 1:6")
    }

    func testExercisesDeclareViewsOnly() {
        let files = layoutExerciseFiles(views: ["view a label 10x10", "guide g"],
                                        scenarios: #"[{"name": "portrait", "size": [320, 568], "points": 100}]"#,
                                        reference: "H:|-[a]\nV:|-[a]\n")
        XCTAssertEqual(loadError(files), ExerciseError("exercise.json $.views[1]", "an exercise declares views only; guides belong to submissions"))
    }

    func testDynamicsChecksMustNameSceneItems() {
        let manifest = """
            {"slug": "drop", "title": "Drop", "kind": "dynamics", "points": 10,
             "lecture": {"course": "cs193p", "lecture": 8, "at": "1:02:03"},
             "scene": {"bounds": {"width": 100, "height": 100}, "items": [{"id": "a", "center": [50, 50], "size": [10, 10]}]},
             "allowedBehaviors": ["gravity"],
             "checks": [{"name": "rest", "type": "atRestBy", "time": 1, "items": ["a", "z"], "points": 10, "message": "Rests."}]}
            """
        let files: [String: [UInt8]] = ["exercise.json": Array(manifest.utf8), "statement.md": [], "reference.json": Array("{}".utf8),
                                        "starter.json": Array("{}".utf8)]
        XCTAssertEqual(loadError(files), ExerciseError("exercise.json $.checks[0].items[1]", "unknown item id \"z\""))
    }

    func testCatalogRequiresFolderNamesToMatchSlugs() {
        let catalog = ExerciseCatalog(folders: [("corners", cornersFiles()), ("broken", [:])])
        XCTAssertEqual(catalog.exercises.count, 0)
        XCTAssertEqual(catalog.errors, [
            ExerciseError("broken/exercise.json", "missing file"),
            ExerciseError("corners/exercise.json $.slug", "the slug \"sample\" differs from the folder name \"corners\""),
        ])
    }

    func testValidatorReportsAnExampleWhoseExpectationIsWrong() throws {
        let files = edited {
            $0["examples/pinned.layout"] = Array("H:|-[thing1]\nV:|-[thing1]\nH:|-246-[thing2]\nV:[thing2]-|\n".utf8)
            $0["examples/pinned.expected.json"] = Array(#"{"score": 50, "messages": ["wrong"]}"#.utf8)
        }
        let problems = ExerciseValidator.problems(in: try Exercise.load(files: files))
        XCTAssertEqual(problems.first, "examples/pinned.layout: expected a score of 50, got 40")
        XCTAssertEqual(problems.count, 4)
    }
}

/// The code forms an exercise folder may ship beside its own format.
final class ExerciseCodeFormTests: XCTestCase {
    func testStarterAndReferenceInSwiftAndObjectiveCAreAcceptedOtherFilesAreNot() throws {
        var files = cornersFiles()
        for name in ["starter.swift", "starter.m", "reference.swift", "reference.m"] {
            files[name] = Array("// \(name)\n".utf8)
        }
        XCTAssertNoThrow(try Exercise.load(files: files))
        for stray in ["starter.py", "reference.mm", "notes.swift"] {
            var withStray = files
            withStray[stray] = Array("x".utf8)
            XCTAssertThrowsError(try Exercise.load(files: withStray), stray) { error in
                XCTAssertTrue("\(error)".contains(stray), "\(error)")
            }
        }
    }
}
