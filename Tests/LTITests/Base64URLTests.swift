import LTI
import SeededRandom
import XCTest

final class Base64URLTests: XCTestCase {
    func testKnownVectorsOfRFC4648() {
        let vectors = [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            XCTAssertEqual(Base64URL.encode(Array(plain.utf8)), encoded)
            XCTAssertEqual(Base64URL.decode(encoded), Array(plain.utf8))
        }
        XCTAssertEqual(Base64URL.encode([0xFB, 0xFF]), "-_8")
    }

    func testPaddingForeignCharactersAndNonCanonicalBitsAreRefused() {
        XCTAssertNil(Base64URL.decode("Zg=="))
        XCTAssertNil(Base64URL.decode("Zm9v+A"))
        XCTAssertNil(Base64URL.decode("Z"))
        XCTAssertNil(Base64URL.decode("Zh"), "the last character carries bits that are not zero")
    }

    func testRandomBytesRoundTrip() {
        var random = SplitMix64(seed: 17)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            XCTAssertEqual(Base64URL.decode(Base64URL.encode(bytes)), bytes, "length \(length)")
        }
    }
}
