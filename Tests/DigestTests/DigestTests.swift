import XCTest
import Digest
import SeededRandom

final class DigestTests: XCTestCase {
    // Test vectors from FIPS 180-4 examples and RFC 4231.
    func testSHA256KnownAnswers() {
        XCTAssertEqual(SHA256.hexDigest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexDigest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            Hex.encode(SHA256.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000))),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testIncrementalUpdatesMatchOneShot() {
        var generator = SplitMix64(seed: 7)
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 1000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            var hasher = SHA256()
            var offset = 0
            while offset < bytes.count {
                let step = Int(generator.next() % 17) + 1
                let end = min(bytes.count, offset + step)
                hasher.update(bytes[offset..<end])
                offset = end
            }
            XCTAssertEqual(hasher.finalize(), SHA256.hash(bytes), "length \(length)")
        }
    }

    func testHMACRFC4231Case2() {
        let mac = HMACSHA256.authenticationCode(for: Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))
        XCTAssertEqual(Hex.encode(mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    func testHMACLongKeyIsHashedFirst() {
        let key = [UInt8](repeating: 0xaa, count: 131)
        let mac = HMACSHA256.authenticationCode(
            for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8), key: key)
        XCTAssertEqual(Hex.encode(mac), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    func testHexRoundTripAndRejects() {
        XCTAssertEqual(Hex.decode("00ff10Ab"), [0x00, 0xff, 0x10, 0xab])
        XCTAssertEqual(Hex.encode([0x00, 0xff, 0x10, 0xab]), "00ff10ab")
        XCTAssertNil(Hex.decode("abc"))
        XCTAssertNil(Hex.decode("zz"))
    }

    func testConstantTimeEquals() {
        XCTAssertTrue(constantTimeEquals([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(constantTimeEquals([1, 2, 3], [1, 2, 4]))
        XCTAssertFalse(constantTimeEquals([1, 2], [1, 2, 3]))
    }
}

