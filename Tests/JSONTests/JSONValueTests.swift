import XCTest
import JSON

final class JSONValueTests: XCTestCase {
    func testLiteralsBuildTheMatchingCases() {
        let value: JSONValue = ["z": [nil, true, 1, 2.5, "s"], "a": [:]]
        XCTAssertEqual(value, .object(JSONObject([
            ("z", .array([.null, .bool(true), .number(1), .number(2.5), .string("s")])),
            ("a", .object(JSONObject())),
        ])))
        XCTAssertEqual(value.objectValue?.keys, ["z", "a"])
    }

    func testAccessorsReturnNilForOtherKinds() {
        let value: JSONValue = ["list": [10, "x"], "n": 2.5, "i": 4, "b": false]
        XCTAssertEqual(value["list"]?[0]?.doubleValue, 10)
        XCTAssertEqual(value["list"]?[1]?.stringValue, "x")
        XCTAssertNil(value["list"]?[2])
        XCTAssertNil(value["list"]?[-1])
        XCTAssertNil(value["missing"])
        XCTAssertNil(value[0])
        XCTAssertEqual(value["i"]?.intValue, 4)
        XCTAssertNil(value["n"]?.intValue)
        XCTAssertNil(JSONValue.number(1e19).intValue)
        XCTAssertNil(JSONValue.number(.nan).intValue)
        XCTAssertEqual(value["b"]?.boolValue, false)
        XCTAssertNil(value["b"]?.stringValue)
        XCTAssertEqual(value["list"]?.arrayValue?.count, 2)
        XCTAssertNil(value["list"]?.objectValue)
        XCTAssertTrue(JSONValue.null.isNull)
        XCTAssertFalse(value.isNull)
        XCTAssertEqual(value.description, #"{"list":[10,"x"],"n":2.5,"i":4,"b":false}"#)
    }

    func testObjectKeepsInsertionOrderAndUniqueKeys() {
        var object = JSONObject([("b", 1), ("a", 2), ("b", 3)])
        XCTAssertEqual(object.keys, ["b", "a"])
        XCTAssertEqual(object["b"], 3)
        object["c"] = true
        object["b"] = nil
        object["a"] = "replaced"
        object["absent"] = nil
        XCTAssertEqual(object.keys, ["a", "c"])
        XCTAssertEqual(object["a"], "replaced")
        XCTAssertEqual(object.count, 2)
        XCTAssertEqual(Array(object).map(\.key), ["a", "c"])
    }

    func testLargeObjectsStayConsistentThroughEdits() {
        var object = JSONObject()
        for index in 0..<50 { object["k\(index)"] = .number(Double(index)) }
        for index in stride(from: 0, to: 50, by: 3) { object["k\(index)"] = nil }
        object["k1"] = "one"
        object["new"] = nil
        object["new"] = 7
        let expectedKeys = (0..<50).filter { $0 % 3 != 0 }.map { "k\($0)" } + ["new"]
        XCTAssertEqual(object.keys, expectedKeys)
        for index in 0..<50 where index != 1 {
            XCTAssertEqual(object["k\(index)"], index % 3 == 0 ? nil : .number(Double(index)), "k\(index)")
        }
        XCTAssertEqual(object["k1"], "one")
        XCTAssertEqual(object["new"], 7)
    }

    func testObjectEqualityIsOrderSensitive() {
        XCTAssertEqual(JSONObject([("a", 1), ("b", 2)]), ["a": 1, "b": 2])
        XCTAssertNotEqual(JSONObject([("a", 1), ("b", 2)]), ["b": 2, "a": 1])
        XCTAssertNotEqual(JSONObject([("a", 1)]), ["a": 1, "b": 2])
    }
}
