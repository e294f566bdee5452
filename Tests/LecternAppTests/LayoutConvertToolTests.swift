import Foundation
import XCTest
import LecternApp

/// `lectern layout convert`, `export --storyboard` and `solve` on storyboards, called in-process on real files.
final class LayoutConvertToolTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-convert-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private let corners = """
        container 568x320
        view thing1 label 54x21
        view thing2 label 54x21
        H:|-[thing1]
        V:|-[thing1]
        H:[thing2]-|
        V:[thing2]-|
        """

    func testExportThenConvertGivesTheSameLayout() throws {
        let layout = try write("corners.layout", corners)
        let exported = LayoutTool.exportStoryboard(path: layout, starter: false)
        XCTAssertEqual(exported.exitCode, 0, exported.standardError)
        XCTAssertTrue(exported.standardOutput.contains("<device id=\"retina4_0\" orientation=\"landscape\""))
        let storyboard = try write("corners.storyboard", exported.standardOutput)
        XCTAssertEqual(LayoutTool.detectFormat(Array(exported.standardOutput.utf8)), .storyboard)
        XCTAssertEqual(LayoutTool.detectFormat(Array(corners.utf8)), .text)
        let converted = LayoutTool.convert(path: storyboard, scene: nil, from: nil, json: false, strict: true)
        XCTAssertEqual(converted.exitCode, 0, converted.standardError)
        XCTAssertEqual(converted.standardOutput, """
            container 568x320
            view thing1 label 54x21
            view thing2 label 54x21
            thing1.leading == superview.leading + standard
            thing1.top == superview.top + standard
            superview.trailing == thing2.trailing + standard
            superview.bottom == thing2.bottom + standard

            """)
        // Solved in the scene's design size: landscape, as exported.
        let solved = LayoutTool.solve(path: storyboard, size: nil, rightToLeft: false, json: true)
        XCTAssertEqual(solved.exitCode, 0)
        XCTAssertTrue(solved.standardOutput.contains("\"thing2\": {\n      \"x\": 494,"), solved.standardOutput)
        let portrait = LayoutTool.solve(path: storyboard, size: "320x568", rightToLeft: false, json: true)
        XCTAssertTrue(portrait.standardOutput.contains("\"thing2\": {\n      \"x\": 246,"), portrait.standardOutput)
    }

    func testJSONFormListsViewsAndXcodeDescriptions() throws {
        let storyboard = try write("corners.storyboard", LayoutTool.exportStoryboard(path: try write("c.layout", corners),
                                                                                        starter: false).standardOutput)
        let output = LayoutTool.convert(path: storyboard, scene: nil, from: "storyboard", json: true, strict: false)
        XCTAssertEqual(output.exitCode, 0)
        XCTAssertTrue(output.standardOutput.contains("\"format\": \"storyboard\""))
        XCTAssertTrue(output.standardOutput.contains("\"source\": \"userLabel\""))
        XCTAssertTrue(output.standardOutput.contains("\"source\": \"Leading Space to: Superview = 20 ("), output.standardOutput)
    }

    func testStrictExitsOneWhenSomethingIsSkipped() throws {
        let exported = LayoutTool.exportStoryboard(path: try write("c.layout", corners), starter: false).standardOutput
        let withPlaceholder = exported.replacingOccurrences(of: "<constraint firstItem", with: "<constraint placeholder=\"YES\" firstItem")
        let path = try write("placeholder.storyboard", withPlaceholder)
        let strict = LayoutTool.convert(path: path, scene: nil, from: nil, json: false, strict: true)
        XCTAssertEqual(strict.exitCode, 1)
        XCTAssertTrue(strict.standardError.contains("skipped: placeholder constraint"), strict.standardError)
        XCTAssertEqual(LayoutTool.convert(path: path, scene: nil, from: nil, json: false, strict: false).exitCode, 0)
    }

    func testUnreadableFilesExitTwoWithLineAndColumn() throws {
        let exported = LayoutTool.exportStoryboard(path: try write("c.layout", corners), starter: false).standardOutput
        let truncated = try write("cut.storyboard", String(exported.prefix(exported.count / 2)))
        let output = LayoutTool.convert(path: truncated, scene: nil, from: nil, json: false, strict: false)
        XCTAssertEqual(output.exitCode, 2)
        XCTAssertTrue(output.standardError.hasPrefix(truncated + ":"), output.standardError)
        XCTAssertTrue(output.standardError.contains("unexpected end of file"), output.standardError)
        let unknown = LayoutTool.convert(path: truncated, scene: nil, from: "pdf", json: false, strict: false)
        XCTAssertEqual(unknown.exitCode, 2)
        XCTAssertTrue(unknown.standardError.contains("unknown format 'pdf'"))
        let missingScene = LayoutTool.convert(path: try write("ok.storyboard", exported), scene: "Nope", from: nil, json: false,
                                              strict: false)
        XCTAssertEqual(missingScene.exitCode, 2)
        XCTAssertTrue(missingScene.standardError.contains("no scene 'Nope'"))
    }
}

/// The storyboards shipped beside each layout exercise's text forms are what the exporter writes today.
final class ShippedStoryboardTests: XCTestCase {
    func testShippedStoryboardsAreCurrent() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Exercises").path
        let catalog = try ExerciseDirectory.loadCatalog(folder)
        XCTAssertEqual(catalog.errors.count, 0)
        var checked = 0
        for exercise in catalog.exercises where exercise.kind == .layout {
            for starter in [false, true] {
                let path = "\(folder)/\(exercise.slug)/\(starter ? "starter" : "reference").storyboard"
                let shipped = try String(contentsOfFile: path, encoding: .utf8)
                XCTAssertEqual(shipped, try LayoutTool.exerciseStoryboard(exercise, starter: starter),
                               "\(path) is stale: run `lectern layout export Exercises/\(exercise.slug) --storyboard"
                                + "\(starter ? " --starter" : "")`")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }
}
