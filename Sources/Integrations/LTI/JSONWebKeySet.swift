import JSON

/// A JWK Set (RFC 7517 §5) of RSA signing keys: what a platform publishes at its JWKS URL and what
/// Lectern serves at `/.well-known/jwks.json`.
public struct JSONWebKeySet: Sendable {
    /// The keys by `kid`, in the order of the document. Keys that are not RSA signing keys are left out.
    public let keys: [(keyID: String, key: RSAKey)]

    public init(keys: [(keyID: String, key: RSAKey)]) {
        self.keys = keys
    }

    /// The key named `keyID`, or nil.
    public func key(_ keyID: String) -> RSAKey? { keys.first { $0.keyID == keyID }?.key }

    /// The most keys read from one document.
    public static let maxKeys = 32

    /// Reads a JWK Set. Keys of other types, for encryption or for other algorithms, and keys
    /// without a `kid` are skipped; a malformed RSA key is an error.
    /// - Throws: ``LTIError`` `bad_jwks`.
    public static func parse(bytes: [UInt8]) throws(LTIError) -> JSONWebKeySet {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: bytes, limits: JSONLimits(maxBytes: 256 * 1024, maxDepth: 8, maxElements: 4096))
        } catch {
            throw LTIError("bad_jwks", "The key set is not JSON: \(error)")
        }
        guard let items = value["keys"]?.arrayValue else { throw LTIError("bad_jwks", "The key set has no \"keys\" array.") }
        var keys: [(keyID: String, key: RSAKey)] = []
        for (index, item) in items.enumerated() {
            guard keys.count < maxKeys else { break }
            guard item["kty"]?.stringValue == "RSA", let keyID = item["kid"]?.stringValue, !keyID.isEmpty else { continue }
            if let use = item["use"]?.stringValue, use != "sig" { continue }
            if let algorithm = item["alg"]?.stringValue, algorithm != "RS256" { continue }
            guard let n = item["n"]?.stringValue.flatMap(Base64URL.decode), let e = item["e"]?.stringValue.flatMap(Base64URL.decode) else {
                throw LTIError("bad_jwks", "keys[\(index)] (kid \(keyID)) lacks base64url \"n\" and \"e\".")
            }
            do {
                keys.append((keyID, try RSAKey(modulus: n, exponent: e)))
            } catch {
                throw LTIError("bad_jwks", "keys[\(index)] (kid \(keyID)): \(error.message)")
            }
        }
        return JSONWebKeySet(keys: keys)
    }

    /// The set as JSON, public halves only.
    public func json() -> String {
        JSONValue.object(JSONObject([("keys", .array(keys.map { $0.key.publicJWK(keyID: $0.keyID) }))])).serialized()
    }
}
