import JSON

/// Reading what a platform answers: access tokens and NRPS membership containers.
public enum PlatformResponses {
    /// An OAuth 2 access token and how many seconds it lasts.
    public struct AccessToken: Sendable, Equatable {
        public var token: String
        public var expiresIn: Double
    }

    /// Reads a token endpoint's JSON answer (RFC 6749 §5.1).
    /// - Throws: ``LTIError`` `bad_token_response`.
    public static func accessToken(_ body: [UInt8]) throws(LTIError) -> AccessToken {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: body, limits: JSONLimits(maxBytes: 64 * 1024, maxDepth: 8, maxElements: 256))
        } catch {
            throw LTIError("bad_token_response", "The token endpoint's answer is not JSON: \(error)")
        }
        guard let token = value["access_token"]?.stringValue, !token.isEmpty, token.utf8.count <= 8192 else {
            throw LTIError("bad_token_response", "The token endpoint's answer has no access_token.")
        }
        let expiresIn = min(max(value["expires_in"]?.doubleValue ?? 3600, 0), 24 * 3600)
        return AccessToken(token: token, expiresIn: expiresIn)
    }

    /// One member of an NRPS membership container.
    public struct Member: Sendable, Equatable {
        public var userID: String
        public var name: String?
        public var email: String?
        public var roles: [String]
        /// `Active` unless the platform says otherwise.
        public var active: Bool
    }

    /// The most members read from one page.
    public static let maxMembersPerPage = 5000

    /// Reads an NRPS membership container (NRPS 2.0 §2.2).
    /// - Throws: ``LTIError`` `bad_membership`.
    public static func members(_ body: [UInt8]) throws(LTIError) -> [Member] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: body, limits: JSONLimits(maxBytes: 16 << 20, maxDepth: 16, maxElements: 500_000))
        } catch {
            throw LTIError("bad_membership", "The membership container is not JSON: \(error)")
        }
        guard let items = value["members"]?.arrayValue else { throw LTIError("bad_membership", "The membership container has no members array.") }
        return items.prefix(maxMembersPerPage).compactMap { item in
            guard let userID = item["user_id"]?.stringValue, !userID.isEmpty, userID.utf8.count <= 255 else { return nil }
            let name = item["name"]?.stringValue ?? [item["given_name"]?.stringValue, item["family_name"]?.stringValue]
                .compactMap { $0 }.joined(separator: " ").nonEmpty
            return Member(userID: userID, name: name, email: item["email"]?.stringValue,
                          roles: item["roles"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                          active: (item["status"]?.stringValue ?? "Active") == "Active")
        }
    }
}
