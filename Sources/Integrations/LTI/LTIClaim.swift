/// The claim names and values of LTI 1.3 Core, Deep Linking 2.0, AGS 2.0 and NRPS 2.0.
public enum LTIClaim {
    public static let messageType = "https://purl.imsglobal.org/spec/lti/claim/message_type"
    public static let version = "https://purl.imsglobal.org/spec/lti/claim/version"
    public static let deploymentID = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
    public static let targetLinkURI = "https://purl.imsglobal.org/spec/lti/claim/target_link_uri"
    public static let resourceLink = "https://purl.imsglobal.org/spec/lti/claim/resource_link"
    public static let roles = "https://purl.imsglobal.org/spec/lti/claim/roles"
    public static let context = "https://purl.imsglobal.org/spec/lti/claim/context"
    public static let custom = "https://purl.imsglobal.org/spec/lti/claim/custom"
    public static let agsEndpoint = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
    public static let nrpsService = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
    public static let deepLinkingSettings = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
    public static let deepLinkingContentItems = "https://purl.imsglobal.org/spec/lti-dl/claim/content_items"
    public static let deepLinkingData = "https://purl.imsglobal.org/spec/lti-dl/claim/data"

    /// The one LTI version Lectern speaks.
    public static let supportedVersion = "1.3.0"

    /// AGS: posting scores.
    public static let scoreScope = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
    /// NRPS: reading the course's members.
    public static let membershipScope = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"
    /// AGS score media type.
    public static let scoreMediaType = "application/vnd.ims.lis.v1.score+json"
    /// NRPS membership container media type.
    public static let membershipMediaType = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json"
}

/// The launch messages Lectern accepts.
public enum LTIMessageType: String, Sendable {
    /// A student or instructor opens a resource link (an assignment).
    case resourceLink = "LtiResourceLinkRequest"
    /// An instructor picks content to add to the course.
    case deepLinking = "LtiDeepLinkingRequest"
}
