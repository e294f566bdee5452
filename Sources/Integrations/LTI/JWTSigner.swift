import JSON

/// Writes compact RS256 JWS tokens: Lectern's client assertions and deep-linking responses.
public enum JWTSigner {
    /// `claims` signed by `key`, with `kid` in the header so the platform finds the key in our JWKS.
    public static func sign(_ claims: JSONObject, key: RSAKey, keyID: String) throws(LTIError) -> String {
        let header = JSONValue.object(JSONObject([("alg", .string("RS256")), ("typ", .string("JWT")), ("kid", .string(keyID))]))
        let input = Base64URL.encode(Array(header.serialized().utf8)) + "." + Base64URL.encode(Array(JSONValue.object(claims).serialized().utf8))
        let signature = try key.sign(Array(input.utf8))
        return input + "." + Base64URL.encode(signature)
    }
}
