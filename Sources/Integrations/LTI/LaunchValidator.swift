import JSON

/// What a launch's ID token must match: the registration it claims to come from, the nonce
/// Lectern issued with the state, and the time.
public struct LaunchExpectations: Sendable {
    /// The platform's `iss`.
    public var issuer: String
    /// Lectern's client id at the platform: must be the `aud` (or one of them, with `azp`).
    public var clientID: String
    /// The deployments registered for this issuer and client.
    public var deploymentIDs: [String]
    /// The nonce sent with the authentication request; nil when the caller compares it itself
    /// (after checking that it was not used before).
    public var nonce: String?
    /// Seconds since 1970 (UTC).
    public var now: Double
    /// Clock difference tolerated on `exp` and `iat`.
    public var clockSkew: Double
    /// Oldest `iat` accepted.
    public var maxAge: Double

    public init(issuer: String, clientID: String, deploymentIDs: [String], nonce: String?, now: Double,
                clockSkew: Double = 60, maxAge: Double = 3600) {
        self.issuer = issuer
        self.clientID = clientID
        self.deploymentIDs = deploymentIDs
        self.nonce = nonce
        self.now = now
        self.clockSkew = clockSkew
        self.maxAge = maxAge
    }
}

/// Validates an LTI 1.3 ID token as the 1EdTech Security Framework §5.1.3 and LTI Core §5.3
/// require, and reads it into a ``LaunchMessage``.
///
/// The caller reads the token, calls ``keyID(of:)`` (which refuses every algorithm but RS256 before
/// any key is looked up, so neither `none` nor an HMAC keyed with a public key can pass), finds the
/// platform's key by `kid`, then calls ``validate(_:key:expecting:)``. The nonce's single use and
/// the state's binding to the browser are the caller's (they need storage).
public enum LaunchValidator {
    /// The token's `kid` once its header names RS256.
    /// - Throws: ``LTIError`` `alg_not_allowed`, or `unknown_kid` when there is no `kid`.
    public static func keyID(of token: JSONWebToken) throws(LTIError) -> String {
        guard let algorithm = token.algorithm else { throw LTIError("alg_not_allowed", "The token header has no \"alg\".") }
        guard algorithm == "RS256" else {
            throw LTIError("alg_not_allowed", "The token is signed with \(algorithm.prefix(20)); only RS256 is accepted.")
        }
        guard let keyID = token.keyID, !keyID.isEmpty, keyID.utf8.count <= 256 else {
            throw LTIError("unknown_kid", "The token header has no \"kid\" naming the platform's key.")
        }
        return keyID
    }

    /// Checks the signature, then every claim in the order of Security §5.1.3, then the LTI claims.
    /// - Throws: ``LTIError`` naming the first claim that fails.
    public static func validate(_ token: JSONWebToken, key: RSAKey, expecting expected: LaunchExpectations) throws(LTIError) -> LaunchMessage {
        _ = try keyID(of: token)
        guard key.verifies(token.signature, of: token.signingInput) else {
            throw LTIError("bad_signature", "The token's signature does not verify with the platform's key.")
        }
        let claims = token.claims
        // 2. iss
        guard let issuer = claims["iss"]?.stringValue else { throw .missingClaim("iss", "a string") }
        guard issuer == expected.issuer else { throw LTIError("wrong_issuer", "The token comes from \(issuer.prefix(200)), not \(expected.issuer).") }
        // 3–4. aud and azp
        let audiences: [String]
        switch claims["aud"] {
        case .string(let single)?: audiences = [single]
        case .array(let items)?: audiences = items.compactMap(\.stringValue)
        default: throw .missingClaim("aud", "a string or an array of strings")
        }
        guard audiences.contains(expected.clientID) else {
            throw LTIError("wrong_audience", "The token is for \(audiences.joined(separator: ", ").prefix(200)), not for client \(expected.clientID).")
        }
        let authorizedParty = claims["azp"]?.stringValue
        if audiences.count > 1, authorizedParty == nil { throw .missingClaim("azp", "present when there are several audiences") }
        if let authorizedParty, authorizedParty != expected.clientID {
            throw LTIError("wrong_audience", "The token's azp is \(authorizedParty.prefix(200)), not client \(expected.clientID).")
        }
        // 6–8. exp and iat
        guard let expires = claims["exp"]?.doubleValue else { throw .missingClaim("exp", "a number") }
        guard expires + expected.clockSkew > expected.now else { throw LTIError("expired", "The token expired at \(Int(expires)).") }
        guard let issuedAt = claims["iat"]?.doubleValue else { throw .missingClaim("iat", "a number") }
        guard issuedAt <= expected.now + expected.clockSkew else { throw LTIError("not_yet_valid", "The token is issued in the future (\(Int(issuedAt))).") }
        guard issuedAt >= expected.now - expected.maxAge else { throw LTIError("expired", "The token was issued too long ago (\(Int(issuedAt))).") }
        // 9. nonce
        guard let nonce = claims["nonce"]?.stringValue, !nonce.isEmpty else { throw .missingClaim("nonce", "a string") }
        if let expectedNonce = expected.nonce, nonce != expectedNonce { throw LTIError("wrong_nonce", "The token's nonce is not the one sent with this login.") }
        // LTI Core §5.3
        guard let deploymentID = claims[LTIClaim.deploymentID]?.stringValue, !deploymentID.isEmpty else {
            throw .missingClaim(LTIClaim.deploymentID, "a string")
        }
        guard expected.deploymentIDs.contains(deploymentID) else {
            throw LTIError("wrong_deployment", "The deployment \(deploymentID.prefix(200)) is not registered for this platform.")
        }
        guard let typeName = claims[LTIClaim.messageType]?.stringValue else { throw .missingClaim(LTIClaim.messageType, "a string") }
        guard let messageType = LTIMessageType(rawValue: typeName) else {
            throw LTIError("unsupported_message", "The message type \(typeName.prefix(100)) is not one Lectern accepts.")
        }
        guard let version = claims[LTIClaim.version]?.stringValue else { throw .missingClaim(LTIClaim.version, "a string") }
        guard version == LTIClaim.supportedVersion else { throw LTIError("unsupported_version", "LTI version \(version.prefix(20)) is not 1.3.0.") }
        guard let roleValues = claims[LTIClaim.roles]?.arrayValue else { throw .missingClaim(LTIClaim.roles, "an array") }
        let roles = roleValues.compactMap(\.stringValue)
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty, subject.utf8.count <= 255 else {
            throw .missingClaim("sub", "a string of 1 to 255 bytes")
        }
        let targetLinkURI = claims[LTIClaim.targetLinkURI]?.stringValue

        var message = LaunchMessage(messageType: messageType, issuer: issuer, clientID: expected.clientID, deploymentID: deploymentID,
                                    subject: subject, name: nil, email: nil, roles: roles, targetLinkURI: targetLinkURI ?? "",
                                    nonce: nonce, context: nil, resourceLink: nil, custom: [], gradeService: nil,
                                    membershipsURL: nil, deepLinking: nil)
        message.name = claims["name"]?.stringValue ?? [claims["given_name"]?.stringValue, claims["family_name"]?.stringValue]
            .compactMap { $0 }.joined(separator: " ").nonEmpty
        message.email = claims["email"]?.stringValue
        if let context = claims[LTIClaim.context] {
            guard let id = context["id"]?.stringValue, !id.isEmpty else { throw .missingClaim(LTIClaim.context + " id", "a string") }
            message.context = .init(id: id, label: context["label"]?.stringValue, title: context["title"]?.stringValue)
        }
        if let custom = claims[LTIClaim.custom]?.objectValue {
            message.custom = custom.compactMap { member in member.value.stringValue.map { (member.key, $0) } }.sorted { $0.name < $1.name }
        }
        if let endpoint = claims[LTIClaim.agsEndpoint] {
            message.gradeService = .init(scopes: endpoint["scope"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                                         lineItem: endpoint["lineitem"]?.stringValue, lineItems: endpoint["lineitems"]?.stringValue)
        }
        message.membershipsURL = claims[LTIClaim.nrpsService]?["context_memberships_url"]?.stringValue
        switch messageType {
        case .resourceLink:
            guard let link = claims[LTIClaim.resourceLink], let id = link["id"]?.stringValue, !id.isEmpty else {
                throw .missingClaim(LTIClaim.resourceLink, "an object with an id")
            }
            guard let targetLinkURI, !targetLinkURI.isEmpty else { throw .missingClaim(LTIClaim.targetLinkURI, "a string") }
            message.resourceLink = .init(id: id, title: link["title"]?.stringValue)
        case .deepLinking:
            guard let settings = claims[LTIClaim.deepLinkingSettings],
                  let returnURL = settings["deep_link_return_url"]?.stringValue, !returnURL.isEmpty else {
                throw .missingClaim(LTIClaim.deepLinkingSettings, "an object with deep_link_return_url")
            }
            let accepts = settings["accept_types"]?.arrayValue?.compactMap(\.stringValue) ?? []
            message.deepLinking = .init(returnURL: returnURL, acceptTypes: accepts,
                                        acceptMultiple: settings["accept_multiple"]?.boolValue ?? true,
                                        data: settings["data"]?.stringValue)
        }
        return message
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
