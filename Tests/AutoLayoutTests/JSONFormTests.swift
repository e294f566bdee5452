import JSON
import XCTest
import AutoLayout

/// The JSON form of constraints and the JSON output of a solve.
final class JSONFormTests: XCTestCase {
    private let text = """
        metric gap = 40
        view gray
        view a label 20x10 in gray
        view b
        H:|-[gray]-|
        H:|-[a]-(gap)-|
        V:|[gray(==100@750)]
        a.centerY == superview.centerY
        b.width == 0.5 * gray.width - standard @high
        b.top == gray.bottom + 8
        b.height == gray.height - gap
        H:[b]-(-4)-|
        """

    func testConstraintsBecomeJSONObjectsWithEveryField() throws {
        let document = try XCTUnwrap(parseDocument(text))
        guard case .array(let objects) = document.constraintsJSON() else { return XCTFail("expected an array") }
        XCTAssertEqual(objects.count, document.constraints.count)
        XCTAssertEqual(objects[2].serialized(), #"{"item":"a","attribute":"leading","relation":"==","toItem":"superview","toAttribute":"leading","multiplier":1,"constant":"standard","priority":1000}"#)
        XCTAssertEqual(objects[5].serialized(), #"{"item":"gray","attribute":"height","relation":"==","toItem":null,"toAttribute":null,"multiplier":1,"constant":100,"priority":750}"#)
        XCTAssertEqual(objects[7].serialized(), #"{"item":"b","attribute":"width","relation":"==","toItem":"gray","toAttribute":"width","multiplier":0.5,"constant":"-standard","priority":750}"#)
        XCTAssertEqual(objects[9].serialized(), #"{"item":"b","attribute":"height","relation":"==","toItem":"gray","toAttribute":"height","multiplier":1,"constant":"-gap","priority":1000}"#)
    }

    func testTextToJSONToTextRoundTrips() throws {
        let document = try XCTUnwrap(parseDocument(text))
        let fromJSON = try LayoutDocument.parse(constraintsJSON: document.constraintsJSON(), extending: document.declarations)
        XCTAssertEqual(fromJSON.constraints.count, document.constraints.count)
        for (original, copy) in zip(document.constraints, fromJSON.constraints) {
            XCTAssertEqual(copy.firstItem, original.firstItem)
            XCTAssertEqual(copy.firstAttribute, original.firstAttribute)
            XCTAssertEqual(copy.relation, original.relation)
            XCTAssertEqual(copy.secondItem, original.secondItem)
            XCTAssertEqual(copy.secondAttribute, original.secondAttribute)
            XCTAssertEqual(copy.multiplier, original.multiplier)
            XCTAssertEqual(copy.constant.value, original.constant.value)
            XCTAssertEqual(copy.priority, original.priority)
            XCTAssertEqual(copy.origin, .json)
        }
        // JSON → text → JSON gives the same objects.
        let lines = fromJSON.constraints.map { fromJSON.explicitLine(for: $0) }.joined(separator: "\n")
        let reparsed = try LayoutDocument.parse(lines, extending: document.declarations)
        XCTAssertEqual(reparsed.constraintsJSON(), fromJSON.constraintsJSON())
        // And both forms lay out the same.
        XCTAssertEqual(reparsed.solve(portrait).frames, document.solve(portrait).frames)
    }

    func testExplicitLinesKeepMetricsAndStandard() throws {
        let document = try XCTUnwrap(parseDocument(text))
        XCTAssertEqual(document.constraints.map { document.explicitLine(for: $0) }, [
            "gray.leading == superview.leading + standard",
            "superview.trailing == gray.trailing + standard",
            "a.leading == superview.leading + standard",
            "superview.trailing == a.trailing + gap",
            "gray.top == superview.top",
            "gray.height == 100 @750",
            "a.centerY == superview.centerY",
            "b.width == 0.5 * gray.width - standard @750",
            "b.top == gray.bottom + 8",
            "b.height == gray.height - gap",
            "superview.trailing == b.trailing - 4",
        ])
    }

    private func jsonError(_ json: String) -> String {
        do {
            let value = try JSONParser.parse(json)
            let base = try LayoutDocument.parse("view a\nview b\nmetric gap = 3")
            _ = try LayoutDocument.parse(constraintsJSON: value, extending: base)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testJSONErrorsNameThePath() {
        XCTAssertEqual(jsonError(#"{}"#), "$: expected an array, found an object")
        XCTAssertEqual(jsonError(#"[{"item":"a","attribute":"width","relation":"==","constant":5,"colour":1}]"#),
                       #"$[0]: unknown field "colour" (expected one of "item", "attribute", "relation", "toItem", "toAttribute", "multiplier", "constant", "priority")"#)
        XCTAssertEqual(jsonError(#"[{"item":"a","attribute":"widht","relation":"=="}]"#),
                       "$[0].attribute: unknown attribute 'widht' (did you mean 'width'?)")
        XCTAssertEqual(jsonError(#"[{"item":"a","attribute":"width","relation":"="}]"#),
                       #"$[0].relation: expected "==", "<=" or ">=""#)
        XCTAssertEqual(jsonError(#"[{"item":"a","attribute":"width","relation":"==","constant":1},{"item":"c","attribute":"top","relation":"==","toItem":"b","toAttribute":"top"}]"#),
                       "$[1]: unknown view 'c' (did you mean 'a'?)")
        XCTAssertEqual(jsonError(#"[{"item":"a","attribute":"top","relation":"==","toItem":"b"}]"#),
                       "$[0]: 'toAttribute' is required with 'toItem'")
        XCTAssertEqual(jsonError(#"[{"item":"a","attribute":"top","relation":"==","toItem":"b","toAttribute":"left"}]"#),
                       "$[0]: cannot relate a vertical attribute to a horizontal one ('top' and 'left')")
        XCTAssertEqual(jsonError(#"[{"item":"a","attribute":"width","relation":"==","constant":"gpa"}]"#),
                       "$[0]: unknown metric 'gpa' (did you mean 'gap'?)")
        XCTAssertEqual(jsonError(#"[{"item":"a","attribute":"width","relation":"==","priority":0}]"#).hasPrefix("$[0].priority: "), true)
    }

    func testResultJSONHasTheDocumentedShape() throws {
        let document = try XCTUnwrap(parseDocument("""
            view thing1 label 54x21
            view thing2 label 54x21
            H:|-[thing1]
            V:|-[thing1]
            H:[thing2]-20-|
            thing1.width == 54
            thing1.width == 60
            """))
        let result = document.solve(portrait)
        let value = try JSONParser.parse(result.json())
        let root = JSONNode(value)
        XCTAssertEqual(try root.required("frames").object().map(\.key), ["thing1", "thing2"])
        XCTAssertEqual(try root.required("rootFrames").required("thing2").required("x").double(), 246)
        XCTAssertEqual(try root.required("frames").required("thing1").required("width").double(), 54)
        let conflicts = try root.required("conflicts").array()
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual(try conflicts[0].required("constraints").array().map { try $0.required("line").int() }, [6, 7])
        XCTAssertEqual(try conflicts[0].required("broken").required("source").string(), "thing1.width == 60")
        let ambiguous = try root.required("ambiguous").array()
        XCTAssertEqual(try ambiguous.map { try $0.required("message").string() }, ["thing2 needs constraints for Y position"])
        XCTAssertEqual(try root.required("warnings").array().map { try $0.required("kind").string() },
                       ["magicNumber", "fixedSize", "magicNumber", "fixedSize", "magicNumber"])
        XCTAssertEqual(try root.required("complete").bool(), false)
        XCTAssertEqual(result.json(pretty: true), result.json(pretty: true), "deterministic")
    }
}
