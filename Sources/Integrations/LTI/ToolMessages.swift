import JSON

/// The messages Lectern builds as a tool: client assertions for the token endpoint, deep-linking
/// responses, AGS scores. Each takes the time and random values it needs as arguments.
public enum ToolMessages {
    /// Claims of a client-credentials assertion (Security §4.1): issued by and about our client
    /// id, for the token endpoint, valid five minutes.
    public static func clientAssertion(clientID: String, tokenURL: String, now: Double, jwtID: String) -> JSONObject {
        JSONObject([
            ("iss", .string(clientID)), ("sub", .string(clientID)), ("aud", .string(tokenURL)),
            ("iat", .number(now.rounded(.down))), ("exp", .number(now.rounded(.down) + 300)), ("jti", .string(jwtID)),
        ])
    }

    /// The form body of a client-credentials token request with `assertion`.
    public static func tokenRequestBody(assertion: String, scopes: [String]) -> String {
        ["grant_type=client_credentials",
         "client_assertion_type=" + formEncode("urn:ietf:params:oauth:client-assertion-type:jwt-bearer"),
         "client_assertion=" + formEncode(assertion),
         "scope=" + formEncode(scopes.joined(separator: " "))].joined(separator: "&")
    }

    /// One item of a deep-linking selection: an exercise as an LTI resource link with its line item.
    public struct ContentItem: Sendable, Equatable {
        public var title: String
        /// The exercise page's absolute URL.
        public var url: String
        /// The exercise's slug, sent as the custom parameter `exercise`.
        public var exercise: String
        public var scoreMaximum: Double

        public init(title: String, url: String, exercise: String, scoreMaximum: Double) {
            self.title = title
            self.url = url
            self.exercise = exercise
            self.scoreMaximum = scoreMaximum
        }
    }

    /// Claims of an `LtiDeepLinkingResponse` (Deep Linking 2.0 §4.2) answering `request`.
    public static func deepLinkingResponse(to request: LaunchMessage, items: [ContentItem], now: Double, nonce: String) -> JSONObject {
        var claims: [(String, JSONValue)] = [
            ("iss", .string(request.clientID)), ("aud", .string(request.issuer)),
            ("iat", .number(now.rounded(.down))), ("exp", .number(now.rounded(.down) + 600)), ("nonce", .string(nonce)),
            (LTIClaim.deploymentID, .string(request.deploymentID)),
            (LTIClaim.messageType, .string("LtiDeepLinkingResponse")), (LTIClaim.version, .string(LTIClaim.supportedVersion)),
            (LTIClaim.deepLinkingContentItems, .array(items.map { item in
                .object(JSONObject([
                    ("type", .string("ltiResourceLink")), ("title", .string(item.title)), ("url", .string(item.url)),
                    ("custom", .object(JSONObject([("exercise", .string(item.exercise))]))),
                    ("lineItem", .object(JSONObject([
                        ("scoreMaximum", .number(item.scoreMaximum)), ("label", .string(item.title)),
                        ("resourceId", .string(item.exercise)),
                    ]))),
                ]))
            })),
        ]
        if let data = request.deepLinking?.data { claims.append((LTIClaim.deepLinkingData, .string(data))) }
        return JSONObject(claims)
    }

    /// An AGS score (AGS 2.0 §3.4) as JSON.
    public static func score(userID: String, given: Double, maximum: Double, timestamp: Double, comment: String? = nil) -> String {
        var members: [(String, JSONValue)] = [
            ("userId", .string(userID)), ("scoreGiven", .number(given)), ("scoreMaximum", .number(maximum)),
            ("activityProgress", .string("Completed")), ("gradingProgress", .string("FullyGraded")),
            ("timestamp", .string(iso8601(timestamp))),
        ]
        if let comment { members.append(("comment", .string(comment))) }
        return JSONValue.object(JSONObject(members)).serialized()
    }

    /// `seconds` since 1970 as ISO 8601 UTC with milliseconds, e.g. `2026-11-24T15:30:00.125Z`.
    public static func iso8601(_ seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded())
        let days = Int64((Double(milliseconds) / 86_400_000).rounded(.down))
        let remainder = milliseconds - days * 86_400_000
        // Civil date from days since 1970 (H. Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(remainder / 3_600_000, 2)):\(pad(remainder / 60_000 % 60, 2))"
            + ":\(pad(remainder / 1000 % 60, 2)).\(pad(remainder % 1000, 3))Z"
    }

    /// `application/x-www-form-urlencoded` encoding of one value.
    public static func formEncode(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): out += "+"
            default: out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
