import JSON
import LTI

/// The fields of a deep-linking request the response needs, stored while the instructor picks.
enum DeepLinkingRequestRecord {
    static func json(_ message: LaunchMessage) -> String {
        JSONValue.object(JSONObject([
            ("issuer", .string(message.issuer)), ("clientID", .string(message.clientID)),
            ("deploymentID", .string(message.deploymentID)), ("subject", .string(message.subject)),
            ("returnURL", .string(message.deepLinking?.returnURL ?? "")),
            ("acceptMultiple", .bool(message.deepLinking?.acceptMultiple ?? true)),
            ("data", message.deepLinking?.data.map { .string($0) } ?? .null),
        ])).serialized()
    }

    /// The request back as a launch message (only the fields the response uses), or nil.
    static func message(_ json: String) -> LaunchMessage? {
        guard let value = try? JSONParser.parse(json), let issuer = value["issuer"]?.stringValue,
              let clientID = value["clientID"]?.stringValue, let deploymentID = value["deploymentID"]?.stringValue,
              let returnURL = value["returnURL"]?.stringValue else { return nil }
        return LaunchMessage(messageType: .deepLinking, issuer: issuer, clientID: clientID, deploymentID: deploymentID,
                             subject: value["subject"]?.stringValue ?? "", name: nil, email: nil, roles: [], targetLinkURI: "",
                             nonce: "", context: nil, resourceLink: nil, custom: [], gradeService: nil, membershipsURL: nil,
                             deepLinking: .init(returnURL: returnURL, acceptTypes: ["ltiResourceLink"],
                                                acceptMultiple: value["acceptMultiple"]?.boolValue ?? true,
                                                data: value["data"]?.stringValue))
    }
}
