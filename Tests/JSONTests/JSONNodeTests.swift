import XCTest
import JSON

final class JSONNodeTests: XCTestCase {
    private let document: JSONValue = [
        "items": [
            ["size": [1, 2]],
            ["size": [3]],
            ["size": "big", "gravty": 9.8],
        ],
        "behavior": ["children": [["gravty": 1]]],
        "count": 3,
        "ratio": 2.5,
        "huge": 1e19,
        "name": "box",
        "flag": true,
        "nothing": nil,
        "a b": ["1st": "odd keys"],
    ]

    private var root: JSONNode { JSONNode(document) }

    func testPathsFollowKeysAndIndices() throws {
        let size = try root.required("items").array()[1].required("size")
        XCTAssertEqual(size.path, "$.items[1].size")
        XCTAssertEqual(size.value, [3])
        XCTAssertEqual(root["a b"]?["1st"]?.path, #"$["a b"]["1st"]"#)
        XCTAssertEqual(root["items"]?[2]?["size"]?.value, "big")
        XCTAssertNil(root["items"]?[3])
        XCTAssertNil(root["missing"])
        XCTAssertEqual(JSONNode(["say \"hi\"": 1, "_id9": 2])["say \"hi\""]?.path, #"$["say \"hi\""]"#)
        XCTAssertEqual(JSONNode(["say \"hi\"": 1, "_id9": 2])["_id9"]?.path, "$._id9")
        XCTAssertEqual(root["nothing"]?.value, .null)
        XCTAssertEqual(try root.object().map(\.key), document.objectValue?.keys)
        XCTAssertEqual(try root.object().first?.node.path, "$.items")
    }

    func testTypedReads() throws {
        XCTAssertEqual(try root.required("count").int(), 3)
        XCTAssertEqual(try root.required("ratio").double(), 2.5)
        XCTAssertEqual(try root.required("name").string(), "box")
        XCTAssertEqual(try root.required("flag").bool(), true)
        XCTAssertEqual(try root.required("items").array()[0].required("size").doubles(count: 2), [1, 2])
        XCTAssertEqual(try JSONNode(["a", "b"]).strings(), ["a", "b"])
    }

    func testTypeMismatchErrorsNameThePathAndBothKinds() {
        XCTAssertEqual(decodingError { try self.root.required("name").int() }?.description,
                       "$.name: expected a number, found a string")
        XCTAssertEqual(decodingError { try self.root.required("count").string() }?.description,
                       "$.count: expected a string, found a number")
        XCTAssertEqual(decodingError { try self.root.required("nothing").bool() }?.description,
                       "$.nothing: expected a boolean, found null")
        XCTAssertEqual(decodingError { try self.root.required("flag").array() }?.description,
                       "$.flag: expected an array, found a boolean")
        XCTAssertEqual(decodingError { try self.root.required("items").object() }?.description,
                       "$.items: expected an object, found an array")
        XCTAssertEqual(decodingError { try self.root.required("name").required("x") }?.description,
                       "$.name: expected an object, found a string")
    }

    func testMissingFieldsAndIntegerChecks() {
        XCTAssertEqual(decodingError { try self.root.required("behavior").required("gravity") }?.description,
                       #"$.behavior: missing required field "gravity""#)
        XCTAssertEqual(decodingError { try self.root.required("ratio").int() }?.description,
                       "$.ratio: expected an integer, found 2.5")
        XCTAssertEqual(decodingError { try self.root.required("huge").int() }?.description,
                       "$.huge: integer 1e+19 is out of range")
        XCTAssertEqual(decodingError { try JSONNode(.number(.infinity)).double() }?.description,
                       "$: expected a finite number, found inf")
    }

    func testArrayShapeErrors() {
        let items = { () throws(JSONDecodingError) -> [JSONNode] in try self.root.required("items").array() }
        XCTAssertEqual(decodingError { try items()[2].required("size").doubles(count: 2) }?.description,
                       "$.items[2].size: expected an array of 2 numbers, found a string")
        XCTAssertEqual(decodingError { try items()[1].required("size").doubles(count: 2) }?.description,
                       "$.items[1].size: expected an array of 2 numbers, found 1 element")
        XCTAssertEqual(decodingError { try JSONNode([1, "x"], path: "$.p").doubles() }?.description,
                       "$.p[1]: expected a number, found a string")
        XCTAssertEqual(decodingError { try JSONNode([1]).strings() }?.description,
                       "$[0]: expected a string, found a number")
    }

    func testUnknownFieldsSuggestTheClosestAllowedKey() throws {
        let child = try root.required("behavior").required("children").array()[0]
        XCTAssertEqual(decodingError { try child.checkKeys(allowed: ["mass", "gravity"]) }?.description,
                       #"$.behavior.children[0]: unknown field "gravty" (did you mean "gravity"?)"#)
        XCTAssertEqual(decodingError { try child.checkKeys(allowed: ["mass", "size"]) }?.description,
                       #"$.behavior.children[0]: unknown field "gravty" (expected one of "mass", "size")"#)
        XCTAssertEqual(decodingError { try child.checkKeys(allowed: []) }?.description,
                       #"$.behavior.children[0]: unknown field "gravty""#)
        XCTAssertNoThrow(try child.checkKeys(allowed: ["gravty"]))
        // The first unknown key in document order is reported.
        let item = try root.required("items").array()[2]
        XCTAssertEqual(decodingError { try item.checkKeys(allowed: []) }?.message, #"unknown field "size""#)
    }

    func testOptionalReaders() throws {
        XCTAssertEqual(try root.optionalInt("count"), 3)
        XCTAssertEqual(try root.optionalDouble("ratio"), 2.5)
        XCTAssertEqual(try root.optionalString("name"), "box")
        XCTAssertEqual(try root.optionalBool("flag"), true)
        XCTAssertEqual(try root.optionalArray("items")?.count, 3)
        XCTAssertNil(try root.optionalDouble("absent"))
        XCTAssertNil(try root.optionalString("nothing"))
        XCTAssertEqual(decodingError { try self.root.optionalDouble("name") }?.description,
                       "$.name: expected a number, found a string")
        XCTAssertEqual(decodingError { try self.root.optionalInt("ratio") }?.description,
                       "$.ratio: expected an integer, found 2.5")
        XCTAssertEqual(decodingError { try JSONNode([1]).optionalBool("x") }?.description,
                       "$: expected an object, found an array")
    }

    func testBoundedReads() throws {
        XCTAssertEqual(try root.required("ratio").double(in: 0...2.5), 2.5)
        XCTAssertEqual(decodingError { try self.root.required("ratio").double(in: 0...1) }?.description,
                       "$.ratio: expected a number in 0...1, found 2.5")
        XCTAssertEqual(decodingError { try self.root.required("count").int(in: -2...2) }?.description,
                       "$.count: expected an integer in -2...2, found 3")
        XCTAssertEqual(try root.required("name").string(oneOf: ["box", "ball"]), "box")
        XCTAssertEqual(decodingError { try self.root.required("name").string(oneOf: ["ball"]) }?.description,
                       #"$.name: expected one of "ball", found "box""#)
    }

    func testCustomErrorsCarryTheNodePath() throws {
        let count = try root.required("count")
        XCTAssertEqual(count.error("must be even").description, "$.count: must be even")
    }
}
