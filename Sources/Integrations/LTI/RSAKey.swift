import CCrypto
import JSON

/// An RSA key held by OpenSSL's libcrypto: a platform's public key from its JWKS, or Lectern's
/// own key pair. Signing and verifying are RS256 (RSASSA-PKCS1-v1_5 with SHA-256); all the
/// cryptography is libcrypto's.
public final class RSAKey: @unchecked Sendable {
    // An EVP_PKEY. Immutable after creation; libcrypto allows concurrent use of a key for
    // signing and verifying with separate contexts.
    private let key: OpaquePointer
    /// Whether the private half is present (only Lectern's own keys).
    public let isPrivate: Bool

    /// The smallest modulus accepted, in bits.
    public static let minimumBits = 2048
    /// The largest modulus accepted, in bits (bigger keys only cost verification time).
    public static let maximumBits = 8192

    private init(key: OpaquePointer, isPrivate: Bool) {
        self.key = key
        self.isPrivate = isPrivate
    }

    deinit { EVP_PKEY_free(key) }

    /// A public key from its big-endian modulus and exponent (a JWK's `n` and `e`).
    /// - Throws: ``LTIError`` `bad_key` when libcrypto refuses them or the size is outside 2048–8192 bits.
    public convenience init(modulus: [UInt8], exponent: [UInt8]) throws(LTIError) {
        guard !modulus.isEmpty, !exponent.isEmpty, exponent.count <= 8, modulus.count <= Self.maximumBits / 8 + 1 else {
            throw LTIError("bad_key", "The RSA modulus or exponent is empty or too long.")
        }
        guard let key = lectern_rsa_public_key(modulus, modulus.count, exponent, exponent.count) else {
            throw LTIError("bad_key", "The RSA modulus and exponent do not make a key.")
        }
        self.init(key: key, isPrivate: false)
        try checkSize()
    }

    /// A private key from PKCS #8 (or PKCS #1) PEM.
    /// - Throws: ``LTIError`` `bad_key`.
    public convenience init(privateKeyPEM pem: String) throws(LTIError) {
        let bytes = Array(pem.utf8)
        guard bytes.count <= 16 * 1024, let key = lectern_private_key_from_pem(bytes.map { CChar(bitPattern: $0) }, bytes.count) else {
            throw LTIError("bad_key", "The PEM text is not a private key.")
        }
        self.init(key: key, isPrivate: true)
        guard lectern_key_is_rsa(key) == 1 else { throw LTIError("bad_key", "The private key is not an RSA key.") }
        try checkSize()
    }

    /// A new key pair from libcrypto's generator (seeded by the operating system). This is the
    /// one function of the module that is not deterministic; the application calls it.
    public static func generate(bits: Int = 2048) throws(LTIError) -> RSAKey {
        guard (minimumBits...maximumBits).contains(bits), let key = lectern_rsa_generate(UInt32(bits)) else {
            throw LTIError("bad_key", "libcrypto could not generate a \(bits)-bit RSA key.")
        }
        return RSAKey(key: key, isPrivate: true)
    }

    private func checkSize() throws(LTIError) {
        let bits = Int(lectern_key_bits(key))
        guard (Self.minimumBits...Self.maximumBits).contains(bits) else {
            throw LTIError("bad_key", "The RSA key has \(bits) bits; 2048 to 8192 are accepted.")
        }
    }

    /// The modulus size in bits.
    public var bits: Int { Int(lectern_key_bits(key)) }

    /// The big-endian modulus.
    public var modulus: [UInt8] { component(exponent: false) }
    /// The big-endian public exponent.
    public var exponent: [UInt8] { component(exponent: true) }

    private func component(exponent: Bool) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: Self.maximumBits / 8 + 8)
        let length = lectern_rsa_component(key, exponent ? 1 : 0, &buffer, buffer.count)
        return length > 0 ? Array(buffer.prefix(Int(length))) : []
    }

    /// Whether `signature` is this key's RS256 signature of `data`.
    public func verifies(_ signature: [UInt8], of data: [UInt8]) -> Bool {
        guard !signature.isEmpty, signature.count <= Self.maximumBits / 8 else { return false }
        return lectern_rs256_verify(key, data, data.count, signature, signature.count) == 1
    }

    /// The RS256 signature of `data`.
    /// - Throws: ``LTIError`` `bad_key` for a public key or when libcrypto fails.
    public func sign(_ data: [UInt8]) throws(LTIError) -> [UInt8] {
        guard isPrivate else { throw LTIError("bad_key", "A public key cannot sign.") }
        var signature = [UInt8](repeating: 0, count: Self.maximumBits / 8)
        let length = lectern_rs256_sign(key, data, data.count, &signature, signature.count)
        guard length > 0 else { throw LTIError("bad_key", "libcrypto could not sign.") }
        return Array(signature.prefix(Int(length)))
    }

    /// The private key as PKCS #8 PEM, for storage. Never log it.
    public func privateKeyPEM() throws(LTIError) -> String {
        guard isPrivate else { throw LTIError("bad_key", "This is a public key.") }
        var length = 0
        guard let buffer = lectern_private_key_pem(key, &length) else { throw LTIError("bad_key", "libcrypto could not write the key.") }
        defer { lectern_free(buffer, length) }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
    }

    /// The public key as a JWK (RFC 7517) for signatures with RS256.
    public func publicJWK(keyID: String) -> JSONValue {
        .object(JSONObject([
            ("kty", .string("RSA")), ("alg", .string("RS256")), ("use", .string("sig")), ("kid", .string(keyID)),
            ("n", .string(Base64URL.encode(modulus))), ("e", .string(Base64URL.encode(exponent))),
        ]))
    }
}
