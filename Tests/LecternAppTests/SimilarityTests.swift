import Foundation
import LecternApp
import Store
import XCTest

/// Similarity through the real server: renamed copies are paired, the reference is left out.
final class SimilarityTests: XCTestCase {
    private let alices = """
        guide spacer
        metric gap = 30
        H:|-gap-[thing1]
        V:|-[thing1]
        thing2.trailing == superview.trailingMargin
        V:[thing2]-|
        spacer.width == thing1.width
        spacer.leading == thing1.trailing
        """
    private let bobs = """
        metric inset = 30
        guide filler
        V:[thing2]-|
        superview.trailingMargin == thing2.trailing
        filler.leading == thing1.trailing
        H:|-inset-[thing1]
        thing1.width == filler.width
        V:|-[thing1]
        """

    func testRenamedCopiesArePairedAndTheReferenceIsLeftOut() async throws {
        let fixture = try await CourseworkFixture()
        let reference = try CourseworkFixture.reference()
        _ = try fixture.submit(.studentA, reference)
        _ = try fixture.submit(.studentB, reference + "\n# same work\n")
        let onlyReference = try fixture.send(.instructor, "GET", "/api/courses/cs193p/similarity?exercise=corners")
        _ = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/exercises/corners/policy", contentType: "application/json",
                             body: #"{"scorePolicy":"last"}"#)
        let a = try fixture.submit(.studentA, alices)
        let b = try fixture.submit(.studentB, bobs)
        let paired = try fixture.send(.instructor, "GET", "/api/courses/cs193p/similarity?exercise=corners")
        let page = try fixture.send(.instructor, "GET", "/courses/cs193p/exercises/corners/similarity")
        let missing = try fixture.send(.instructor, "GET", "/api/courses/cs193p/similarity")
        let unknown = try fixture.send(.instructor, "GET", "/api/courses/cs193p/similarity?exercise=nope")
        let student = try fixture.send(.studentA, "GET", "/api/courses/cs193p/similarity?exercise=corners")
        await fixture.stop()

        XCTAssertEqual(onlyReference.status, 200, onlyReference.text)
        XCTAssertEqual(onlyReference.text, #"{"pairs":[]}"#, "the reference everyone writes is left out")
        XCTAssertEqual(a.status, 201, a.text)
        XCTAssertEqual(b.status, 201, b.text)
        let pairs = try XCTUnwrap(try paired.object()["pairs"] as? [[String: Any]])
        XCTAssertEqual(pairs.count, 1, paired.text)
        XCTAssertEqual(pairs.first?["a"] as? String, "alice")
        XCTAssertEqual(pairs.first?["b"] as? String, "bob")
        XCTAssertEqual(pairs.first?["score"] as? Double, 1)
        XCTAssertEqual(pairs.first?["submissions"] as? [Int], [try a.object()["id"] as? Int ?? -1, try b.object()["id"] as? Int ?? -1])
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("alice and bob: 100% alike"), page.text)
        XCTAssertTrue(page.text.contains("filler.leading"), "both texts side by side")
        XCTAssertTrue(page.text.contains("nobody is penalised"))
        XCTAssertEqual(missing.status, 422, missing.text)
        XCTAssertTrue(missing.text.contains("exercise"), missing.text)
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(student.status, 403)
    }
}
