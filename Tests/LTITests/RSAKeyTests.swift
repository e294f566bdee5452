import JSON
import LTI
import XCTest

/// RS256 through libcrypto: keys made, written and read back, signatures that verify and ones that do not.
final class RSAKeyTests: XCTestCase {
    private static let key: RSAKey? = try? RSAKey.generate(bits: 2048)

    private func key() throws -> RSAKey { try XCTUnwrap(Self.key) }

    func testASignatureVerifiesOnlyForItsDataAndKey() throws {
        let key = try key()
        let data = Array("header.payload".utf8)
        let signature = try key.sign(data)
        XCTAssertEqual(signature.count, 256)
        XCTAssertTrue(key.verifies(signature, of: data))
        XCTAssertFalse(key.verifies(signature, of: Array("header.payloaD".utf8)))
        var flipped = signature
        flipped[0] ^= 0x80
        XCTAssertFalse(key.verifies(flipped, of: data))
        XCTAssertFalse(key.verifies([], of: data))
        XCTAssertFalse(try RSAKey.generate(bits: 2048).verifies(signature, of: data), "another key does not verify it")
    }

    func testSigningIsDeterministic() throws {
        // PKCS #1 v1.5 has no randomness: the same input signs the same (grades and tokens are reproducible).
        let key = try key()
        XCTAssertEqual(try key.sign([1, 2, 3]), try key.sign([1, 2, 3]))
    }

    func testTheJWKAndPEMFormsRoundTrip() throws {
        let key = try key()
        let jwk = key.publicJWK(keyID: "k1")
        XCTAssertEqual(jwk["kty"]?.stringValue, "RSA")
        XCTAssertEqual(jwk["e"]?.stringValue, "AQAB")
        let set = try JSONWebKeySet.parse(bytes: Array(JSONValue.object(JSONObject([("keys", .array([jwk]))])).serialized().utf8))
        let publicKey = try XCTUnwrap(set.key("k1"))
        XCTAssertFalse(publicKey.isPrivate)
        let signature = try key.sign([9, 9, 9])
        XCTAssertTrue(publicKey.verifies(signature, of: [9, 9, 9]))
        XCTAssertThrowsError(try publicKey.sign([1]), "a public key cannot sign")

        let pem = try key.privateKeyPEM()
        XCTAssertTrue(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"), pem)
        let reread = try RSAKey(privateKeyPEM: pem)
        XCTAssertEqual(reread.modulus, key.modulus)
        XCTAssertTrue(key.verifies(try reread.sign([7]), of: [7]))
    }

    func testWeakMalformedAndForeignKeysAreRefused() throws {
        XCTAssertThrowsError(try RSAKey.generate(bits: 1024))
        XCTAssertThrowsError(try RSAKey(modulus: [UInt8](repeating: 0xFF, count: 128), exponent: [1, 0, 1]), "1024 bits is too small")
        XCTAssertThrowsError(try RSAKey(modulus: [], exponent: [1, 0, 1]))
        XCTAssertThrowsError(try RSAKey(privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"))
        let skipped = try JSONWebKeySet.parse(bytes: Array(#"{"keys":[{"kty":"EC","kid":"e"},{"kty":"RSA","kid":"x","use":"enc","n":"AQAB","e":"AQAB"}]}"#.utf8))
        XCTAssertTrue(skipped.keys.isEmpty, "keys that are not RSA signing keys are left out")
        XCTAssertThrowsError(try JSONWebKeySet.parse(bytes: Array(#"{"keys":[{"kty":"RSA","kid":"x","n":"A=","e":"AQAB"}]}"#.utf8)))
        XCTAssertThrowsError(try JSONWebKeySet.parse(bytes: Array("[]".utf8)))
    }
}
