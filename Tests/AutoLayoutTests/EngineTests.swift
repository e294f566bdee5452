import XCTest
@testable import AutoLayout

/// Layout direction, coordinate spaces, conflicts and the exit status rule.
final class EngineTests: XCTestCase {
    func testLeadingConstantsRunInReadingDirection() throws {
        let document = try XCTUnwrap(parseDocument("""
            view a label 30x10
            a.leading == superview.leading + 20
            a.top == superview.top
            """))
        assertFrame(document.solve(portrait), "a", rect(20, 0, 30, 10))
        // In right-to-left, 20 points from the right edge.
        assertFrame(document.solve(portraitRTL), "a", rect(320 - 20 - 30, 0, 30, 10))
    }

    func testLeftAndRightIgnoreTheDirection() throws {
        let document = try XCTUnwrap(parseDocument("view a label 30x10\na.left == superview.left + 20\na.top == superview.top"))
        assertFrame(document.solve(portraitRTL), "a", rect(20, 0, 30, 10))
    }

    func testHorizontalVisualFormatRunsLeadingToTrailing() throws {
        let document = try XCTUnwrap(parseDocument("view a label 30x10\nview b label 40x10\nH:|-[a]-[b]\nV:|[a]\nV:|[b]"))
        let rtl = document.solve(portraitRTL)
        assertFrame(rtl, "a", rect(270, 0, 30, 10))
        assertFrame(rtl, "b", rect(270 - 8 - 40, 0, 40, 10))
    }

    func testMultipliersAreMeasuredInTheCommonAncestorsCoordinates() throws {
        let document = try XCTUnwrap(parseDocument("""
            view panel
            view inner in panel
            H:|[panel]|
            V:|-100-[panel(==200)]
            H:|[inner]|
            inner.top == 0.5 * superview.bottom
            inner.height == 10
            """))
        let result = document.solve(portrait)
        // Half of the panel's own height (200), not half of its bottom in the window (300).
        assertFrame(result, "inner", rect(0, 100, 320, 10), root: false)
        assertFrame(result, "inner", rect(0, 200, 320, 10))
    }

    func testOptionalConstraintsGiveWayToRequiredOnes() throws {
        let document = try XCTUnwrap(parseDocument("view a\nH:|[a]|\nV:|[a(==100@750)]\na.height <= 50"))
        assertFrame(document.solve(portrait), "a", rect(0, 0, 320, 50))
    }

    func testEachConflictBreaksTheLastAddedConstraintOfItsSet() throws {
        let document = try XCTUnwrap(parseDocument("""
            view a
            view b
            H:|[a(==100)]|
            V:|[a(==10)]
            H:|[b(==50)]
            V:[a][b(==20)]|
            """))
        let result = document.solve(portrait)
        XCTAssertEqual(result.conflicts.map(\.broken.source), ["H:[a]|", "V:[b]|"])
        XCTAssertEqual(result.conflicts.map { $0.constraints.map(\.source) }, [
            ["H:|[a]", "H:[a(==100)]", "H:[a]|"],
            ["V:|[a]", "V:[a(==10)]", "V:[a][b]", "V:[b(==20)]", "V:[b]|"],
        ])
        assertFrame(result, "a", rect(0, 0, 100, 10))
        assertFrame(result, "b", rect(0, 10, 50, 20))
        XCTAssertEqual(result.exitStatus, 1)
    }

    func testASelfContradictingConstraintIsItsOwnConflict() throws {
        let document = try XCTUnwrap(parseDocument("view a\nH:|[a]|\nV:|[a]|\na.width == a.width + 10"))
        let result = document.solve(portrait)
        XCTAssertEqual(result.conflicts.map { $0.constraints.map(\.source) }, [["a.width == a.width + 10"]])
        XCTAssertTrue(result.ambiguities.isEmpty)
    }

    func testExitStatusRule() throws {
        let complete = try XCTUnwrap(parseDocument("view a label 5x5\nH:|-13-[a]\nV:|[a]")).solve(portrait)
        XCTAssertFalse(complete.warnings.isEmpty)
        XCTAssertEqual(complete.exitStatus, 0, "warnings do not change the status")
        let ambiguous = try XCTUnwrap(parseDocument("view a label 5x5\nH:|[a]")).solve(portrait)
        XCTAssertEqual(ambiguous.exitStatus, 1)
        XCTAssertEqual(LayoutResult.parseErrorExitStatus, 2)
    }

    func testContainerSizeComesFromTheScenarioThenTheDocument() throws {
        let document = try XCTUnwrap(parseDocument("container 100x50\nview a\nH:|[a]|\nV:|[a]|"))
        XCTAssertEqual(document.solve().frame(of: "a")?.frame, rect(0, 0, 100, 50))
        XCTAssertEqual(document.solve(landscape).frame(of: "a")?.frame, rect(0, 0, 568, 320))
        let undeclared = try XCTUnwrap(parseDocument("view a\nH:|[a]|\nV:|[a]|"))
        XCTAssertEqual(undeclared.solve().containerSize, LayoutScenario.defaultContainerSize)
    }

    func testAnOverrideOfAnUnknownViewIsAWarning() throws {
        let document = try XCTUnwrap(parseDocument("view a label 5x5\nH:|[a]\nV:|[a]"))
        let result = document.solve(LayoutScenario(intrinsicSizes: [.init(view: "b", size: size(1, 1))]))
        XCTAssertEqual(result.warnings.map(\.kind), [.unknownView(name: "b")])
    }

    func testSolvingIsDeterministic() throws {
        let document = try XCTUnwrap(parseDocument(AttributorTests.layout + "\nswatch1.width == 64"))
        let engine = LayoutEngine(document: document)
        let first = engine.solve(landscape)
        for _ in 0..<3 {
            XCTAssertEqual(engine.solve(landscape), first)
            XCTAssertEqual(engine.solve(landscape).json(), first.json())
        }
    }

    func testTableListsFramesAndDiagnostics() throws {
        let document = try XCTUnwrap(parseDocument("view thing1 label 54x21\nH:|-[thing1]\nV:|-[thing1]"))
        XCTAssertEqual(document.solve(portrait).table(), """
            Container 320x568, left-to-right
            NAME     X   Y  WIDTH  HEIGHT  ROOT X  ROOT Y
            thing1  20  20     54      21      20      20

            Layout is complete.

            """)
    }
}

extension EngineTests {
    func testSizeArgumentsParse() {
        XCTAssertEqual(LayoutSize(parsing: "568x320"), size(568, 320))
        XCTAssertEqual(LayoutSize(parsing: "320.5x480"), size(320.5, 480))
        XCTAssertNil(LayoutSize(parsing: "320"))
        XCTAssertNil(LayoutSize(parsing: "320x"))
        XCTAssertNil(LayoutSize(parsing: "-320x480"))
        XCTAssertNil(LayoutSize(parsing: "320x480px"))
        XCTAssertNil(LayoutSize(parsing: "1e7x1"))
        XCTAssertEqual(size(320, 568).description, "320x568")
    }
}

extension EngineTests {
    /// A document built in code may break what the parser guarantees; it must not crash anything.
    private var handBuilt: LayoutDocument {
        let here = SourceLocation(line: 1, column: 1)
        return LayoutDocument(items: [
            LayoutItem(name: "a", kind: .view(.label), intrinsicSize: size(10, 10), location: here),
            LayoutItem(name: "orphan", kind: .view(.view), parent: .item(7), location: here),
        ])
    }

    func testConstraintsToAnItemOutsideTheTreeHaveNoCommonAncestor() throws {
        XCTAssertThrowsError(try LayoutDocument.parse("a.top == orphan.top", extending: handBuilt)) { error in
            XCTAssertEqual("\(error)", "1:1: 'a' and 'orphan' have no common ancestor")
        }
    }

    func testTheEngineLeavesOutConstraintsItCannotPlace() throws {
        var document = handBuilt
        let parsed = try LayoutDocument.parse("H:|[a]\nV:|[a]", extending: document)
        document.constraints = parsed.constraints + [
            LayoutConstraint(firstItem: .item(0), firstAttribute: .top, relation: .equal, secondItem: .item(1),
                             secondAttribute: .top, multiplier: 1, constant: LayoutConstant(value: 0, source: .literal, location: nil),
                             priority: .required, location: SourceLocation(line: 3, column: 1), origin: .explicit,
                             source: "a.top == orphan.top"),
        ]
        let result = document.solve(portrait)
        assertFrame(result, "a", rect(0, 0, 10, 10))
        XCTAssertEqual(result.ambiguities.map(\.name), ["orphan", "orphan"])
    }
}

extension EngineTests {
    func testTheLowerHuggingPriorityStretches() throws {
        // A label hugs at 251 and a plain view at 250: the view takes the free room.
        let document = try XCTUnwrap(parseDocument("view a label 50x20\nview b view 60x20\nH:|-[a]-[b]-|\nV:|[a]\nV:|[b]"))
        let result = document.solve(portrait)
        XCTAssertTrue(result.isComplete)
        assertFrame(result, "a", rect(20, 0, 50, 20))
        assertFrame(result, "b", rect(78, 0, 320 - 20 - 78, 20))
    }

    func testEqualHuggingPrioritiesLeaveTheSplitAmbiguous() throws {
        let document = try XCTUnwrap(parseDocument("view a label 50x20\nview b label 60x20\nH:|-[a]-[b]-|\nV:|[a]\nV:|[b]"))
        XCTAssertEqual(document.solve(portrait).ambiguities.map(\.message), [
            "a needs constraints for width", "b needs constraints for X position and width",
        ])
    }
}
