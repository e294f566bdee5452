import JSON

/// A compact JWS (RFC 7515 §7.1) read but not yet trusted: header, claims, the bytes that were
/// signed and the signature. Reading checks the shape only; ``LaunchValidator`` checks the rest.
public struct JSONWebToken: Sendable {
    /// The JOSE header.
    public let header: JSONObject
    /// The payload's claims.
    public let claims: JSONObject
    /// `BASE64URL(header) "." BASE64URL(payload)`: what the signature covers.
    public let signingInput: [UInt8]
    /// The signature's bytes.
    public let signature: [UInt8]

    /// Limits on what a token may be, so a hostile one costs little.
    public struct Limits: Sendable, Equatable {
        /// The longest token, in bytes.
        public var maxBytes: Int
        /// The deepest nesting of the claims.
        public var maxDepth: Int
        /// The most values in the claims.
        public var maxElements: Int

        public init(maxBytes: Int = 64 * 1024, maxDepth: Int = 16, maxElements: Int = 4096) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
            self.maxElements = maxElements
        }

        public static let `default` = Limits()
    }

    /// The `alg` header parameter.
    public var algorithm: String? { header["alg"]?.stringValue }
    /// The `kid` header parameter.
    public var keyID: String? { header["kid"]?.stringValue }

    /// Reads a compact JWS: three base64url segments, the first two JSON objects.
    /// - Throws: ``LTIError`` `malformed_token`, naming the segment and what is wrong with it.
    public static func parse(_ text: String, limits: Limits = .default) throws(LTIError) -> JSONWebToken {
        try parse(bytes: Array(text.utf8), limits: limits)
    }

    /// Reads a compact JWS from its bytes (see ``parse(_:limits:)``).
    public static func parse(bytes: [UInt8], limits: Limits = .default) throws(LTIError) -> JSONWebToken {
        guard !bytes.isEmpty else { throw .malformed("The token is empty.") }
        guard bytes.count <= limits.maxBytes else {
            throw .malformed("The token is \(bytes.count) bytes long; at most \(limits.maxBytes) are accepted.")
        }
        var dots: [Int] = []
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ".") {
            dots.append(index)
            guard dots.count <= 2 else { throw .malformed("The token has more than three segments (a JWE or garbage).") }
        }
        guard dots.count == 2 else { throw .malformed("The token has \(dots.count + 1) segment(s); a JWS has three.") }
        let headerPart = bytes[..<dots[0]]
        let payloadPart = bytes[(dots[0] + 1)..<dots[1]]
        let signaturePart = bytes[(dots[1] + 1)...]
        let header = try object(headerPart, segment: "header", limits: Limits(maxBytes: 4096, maxDepth: 4, maxElements: 64))
        let claims = try object(payloadPart, segment: "payload", limits: limits)
        guard let signature = Base64URL.decode(signaturePart) else {
            throw .malformed("The signature (third segment) is not unpadded base64url.")
        }
        return JSONWebToken(header: header, claims: claims, signingInput: Array(bytes[..<dots[1]]), signature: signature)
    }

    private static func object(_ part: ArraySlice<UInt8>, segment: String, limits: Limits) throws(LTIError) -> JSONObject {
        guard !part.isEmpty else { throw .malformed("The \(segment) segment is empty.") }
        guard let decoded = Base64URL.decode(part) else { throw .malformed("The \(segment) segment is not unpadded base64url.") }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: decoded, limits: JSONLimits(maxBytes: limits.maxBytes, maxDepth: limits.maxDepth,
                                                                            maxStringBytes: limits.maxBytes, maxElements: limits.maxElements))
        } catch {
            throw .malformed("The \(segment) segment is not JSON: \(error)")
        }
        guard let object = value.objectValue else { throw .malformed("The \(segment) segment is \(value.kindDescription), not a JSON object.") }
        return object
    }
}
