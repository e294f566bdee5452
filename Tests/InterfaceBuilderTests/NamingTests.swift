import XCTest
import AutoLayout
@testable import InterfaceBuilder

/// Names of converted views, and a conversion as a submission to an exercise.
final class NamingTests: XCTestCase {
    func testUserLabelsBecomeIdentifiers() {
        XCTAssertEqual(SceneConverter.identifier(from: "Header Bar"), "headerBar")
        XCTAssertEqual(SceneConverter.identifier(from: "thing1"), "thing1")
        XCTAssertEqual(SceneConverter.identifier(from: "3 Columns"), "v3Columns")
        XCTAssertEqual(SceneConverter.identifier(from: "save-button (main)"), "saveButtonMain")
        XCTAssertNil(SceneConverter.identifier(from: "→ ←"))
    }

    func testObjectIdentifiersHaveInterfaceBuildersShapeAndAreStable() {
        var first = ObjectIdentifiers(seed: "corners")
        var second = ObjectIdentifiers(seed: "corners")
        let ids = (0..<200).map { first.id(for: "item:\($0 % 50)") }
        XCTAssertEqual(ids, (0..<200).map { second.id(for: "item:\($0 % 50)") })
        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids { XCTAssertEqual(id.split(separator: "-").map(\.count), [3, 2, 3], id) }
    }

    func testSubmissionTextDropsTheExercisesDeclarationsAndTheContainer() throws {
        let views = try LayoutDocument.parse("view thing1 label 54x21\nview thing2 label 54x21")
        let conversion = LayoutConversion(format: .storyboard, document: """
            container 320x568
            view thing1 label 60x21
            view thing2 label 54x20
            guide spacer1
            H:|-[thing1]
            thing2.leading == container.leading + standard
            """)
        XCTAssertEqual(conversion.submissionText(declaredViews: views), """
            guide spacer1
            H:|-[thing1]
            thing2.leading == container.leading + standard
            """)
    }
}
