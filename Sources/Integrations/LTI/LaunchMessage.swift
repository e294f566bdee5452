/// A validated launch: who, from which course and link, with which roles and services.
public struct LaunchMessage: Sendable, Equatable {
    public var messageType: LTIMessageType
    public var issuer: String
    public var clientID: String
    public var deploymentID: String
    /// The platform's stable identifier of the user.
    public var subject: String
    public var name: String?
    public var email: String?
    /// Role URIs as sent.
    public var roles: [String]
    public var targetLinkURI: String
    public var nonce: String
    public var context: Context?
    public var resourceLink: ResourceLink?
    /// Custom parameters, sorted by name.
    public var custom: [(name: String, value: String)]
    public var gradeService: GradeService?
    /// NRPS: where the context's members are listed.
    public var membershipsURL: String?
    public var deepLinking: DeepLinkingSettings?

    /// The LMS course the launch comes from.
    public struct Context: Sendable, Equatable {
        public var id: String
        public var label: String?
        public var title: String?

        public init(id: String, label: String? = nil, title: String? = nil) {
            self.id = id
            self.label = label
            self.title = title
        }
    }

    /// The link (assignment) that was clicked.
    public struct ResourceLink: Sendable, Equatable {
        public var id: String
        public var title: String?

        public init(id: String, title: String? = nil) {
            self.id = id
            self.title = title
        }
    }

    /// AGS endpoint claim: the line item of this link and what the tool may do.
    public struct GradeService: Sendable, Equatable {
        public var scopes: [String]
        public var lineItem: String?
        public var lineItems: String?

        public init(scopes: [String], lineItem: String?, lineItems: String? = nil) {
            self.scopes = scopes
            self.lineItem = lineItem
            self.lineItems = lineItems
        }

        /// Whether the platform lets the tool post scores to ``lineItem``.
        public var canPostScores: Bool { lineItem != nil && scopes.contains(LTIClaim.scoreScope) }
    }

    /// Deep linking: where to return the selection and what the platform accepts.
    public struct DeepLinkingSettings: Sendable, Equatable {
        public var returnURL: String
        public var acceptTypes: [String]
        public var acceptMultiple: Bool
        /// Opaque value to echo back.
        public var data: String?

        public init(returnURL: String, acceptTypes: [String], acceptMultiple: Bool, data: String?) {
            self.returnURL = returnURL
            self.acceptTypes = acceptTypes
            self.acceptMultiple = acceptMultiple
            self.data = data
        }
    }

    public init(messageType: LTIMessageType, issuer: String, clientID: String, deploymentID: String, subject: String,
                name: String? = nil, email: String? = nil, roles: [String] = [], targetLinkURI: String = "", nonce: String = "",
                context: Context? = nil, resourceLink: ResourceLink? = nil, custom: [(name: String, value: String)] = [],
                gradeService: GradeService? = nil, membershipsURL: String? = nil, deepLinking: DeepLinkingSettings? = nil) {
        self.messageType = messageType
        self.issuer = issuer
        self.clientID = clientID
        self.deploymentID = deploymentID
        self.subject = subject
        self.name = name
        self.email = email
        self.roles = roles
        self.targetLinkURI = targetLinkURI
        self.nonce = nonce
        self.context = context
        self.resourceLink = resourceLink
        self.custom = custom
        self.gradeService = gradeService
        self.membershipsURL = membershipsURL
        self.deepLinking = deepLinking
    }

    /// A custom parameter's value.
    public func customValue(_ name: String) -> String? { custom.first { $0.name == name }?.value }

    public static func == (lhs: LaunchMessage, rhs: LaunchMessage) -> Bool {
        lhs.messageType == rhs.messageType && lhs.issuer == rhs.issuer && lhs.clientID == rhs.clientID
            && lhs.deploymentID == rhs.deploymentID && lhs.subject == rhs.subject && lhs.name == rhs.name
            && lhs.email == rhs.email && lhs.roles == rhs.roles && lhs.targetLinkURI == rhs.targetLinkURI
            && lhs.nonce == rhs.nonce && lhs.context == rhs.context && lhs.resourceLink == rhs.resourceLink
            && lhs.custom.map(\.name) == rhs.custom.map(\.name) && lhs.custom.map(\.value) == rhs.custom.map(\.value)
            && lhs.gradeService == rhs.gradeService && lhs.membershipsURL == rhs.membershipsURL && lhs.deepLinking == rhs.deepLinking
    }
}
