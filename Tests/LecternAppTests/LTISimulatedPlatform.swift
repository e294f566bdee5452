import Foundation
import HTTPServer
import HTTPTesting
import JSON
import LTI
import XCTest

/// An LMS for the tests, on loopback with its own RSA key (made with libcrypto at start): it
/// initiates logins, signs launch and deep-linking ID tokens, serves its key set, answers its
/// token endpoint (checking Lectern's signed client assertion against Lectern's published keys)
/// and records the scores posted to its line items. It can be "down" (503 to everything).
final class LTISimulatedPlatform: @unchecked Sendable {
    let key: RSAKey
    let keyID = "platform-key-1"
    let clientID = "lectern-client"
    let deploymentID = "deployment-1"
    private var server: Server?
    private let lock = NSLock()
    private var _down = false
    private var _scores: [(lineItem: String, body: JSONValue)] = []
    private var _lineItems: [JSONValue] = []
    private var _tokenRequests = 0
    private var issuedTokens: Set<String> = []
    /// Lectern's port, to check client assertions against its key set.
    var lecternPort = 0
    /// Members the roster endpoint lists.
    var members: [JSONValue] = []

    init() throws {
        key = try RSAKey.generate(bits: 2048)
        let router = Router()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = false
        configuration.eventLoopCount = 1
        register(on: router)
        let server = Server(router: router, configuration: configuration)
        try server.start()
        self.server = server
    }

    func stop() async { await server?.shutdown() }

    var origin: String { "http://127.0.0.1:\(server?.port ?? 0)" }
    var issuer: String { origin }
    var authURL: String { origin + "/auth" }
    var tokenURL: String { origin + "/token" }
    var jwksURL: String { origin + "/jwks" }
    func lineItem(_ id: String) -> String { origin + "/lineitems/\(id)" }
    var membershipsURL: String { origin + "/memberships" }

    var down: Bool {
        get { lock.withLock { _down } }
        set { lock.withLock { _down = newValue } }
    }
    var scores: [(lineItem: String, body: JSONValue)] { lock.withLock { _scores } }
    var tokenRequests: Int { lock.withLock { _tokenRequests } }
    var lineItems: [JSONValue] { lock.withLock { _lineItems } }

    private func register(on router: Router) {
        router.use(ClosureMiddleware { [self] request, context, next in
            if down { return Response(status: .serviceUnavailable, contentType: "text/plain", body: .bytes(Array("down".utf8))) }
            return try await next(request, context)
        })
        router.get("/jwks") { [self] _, _ in
            let set = JSONWebKeySet(keys: [(keyID, key)])
            return Response(status: .ok, contentType: "application/json", body: .bytes(Array(set.json().utf8)))
        }
        router.post("/token") { [self] request, _ in
            let form = try request.form()
            guard form["grant_type"] == "client_credentials",
                  form["client_assertion_type"] == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
                  let assertion = form["client_assertion"], let scope = form["scope"], !scope.isEmpty else {
                return .json(JSONValue.object(JSONObject([("error", .string("invalid_request"))])), status: .badRequest)
            }
            guard try verifyLecternToken(assertion, audience: tokenURL) else {
                return .json(JSONValue.object(JSONObject([("error", .string("invalid_client"))])), status: .unauthorized)
            }
            let token = UUID().uuidString
            lock.withLock {
                _tokenRequests += 1
                issuedTokens.insert(token)
            }
            return .json(JSONValue.object(JSONObject([("access_token", .string(token)), ("token_type", .string("Bearer")),
                                                     ("expires_in", .number(3600)), ("scope", .string(scope))])))
        }
        router.post("/lineitems/:id/scores") { [self] request, context in
            guard request.headers["Content-Type"] == LTIClaim.scoreMediaType else { return .status(.unsupportedMediaType) }
            let bearer = request.headers["Authorization"]?.replacingOccurrences(of: "Bearer ", with: "") ?? ""
            guard lock.withLock({ issuedTokens.contains(bearer) }) else { return .status(.unauthorized) }
            let body = try request.json()
            let id = try context.parameters.require("id")
            lock.withLock { _scores.append((lineItem(id), body)) }
            return .status(.noContent)
        }
        router.get("/memberships") { [self] request, _ in
            let bearer = request.headers["Authorization"]?.replacingOccurrences(of: "Bearer ", with: "") ?? ""
            guard lock.withLock({ issuedTokens.contains(bearer) }) else { return .status(.unauthorized) }
            let body = JSONValue.object(JSONObject([("id", .string(membershipsURL)), ("members", .array(members))]))
            return Response(status: .ok, contentType: LTIClaim.membershipMediaType, body: .bytes(Array(body.serialized().utf8)))
        }
    }

    /// Whether `token` is signed by a key of Lectern's published set, issued by our client id, for `audience`.
    func verifyLecternToken(_ token: String, audience: String) throws -> Bool {
        let jwt = try JSONWebToken.parse(token)
        let keys = try TestClient(port: lecternPort).send("GET", "/.well-known/jwks.json")
        let set = try JSONWebKeySet.parse(bytes: keys.body)
        guard jwt.algorithm == "RS256", let kid = jwt.keyID, let key = set.key(kid), key.verifies(jwt.signature, of: jwt.signingInput) else {
            return false
        }
        let audiences = jwt.claims["aud"]?.stringValue.map { [$0] } ?? jwt.claims["aud"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return jwt.claims["iss"]?.stringValue == clientID && audiences.contains(audience)
    }

    /// Receives a deep-linking response as the LMS would: checks Lectern's signature and creates
    /// a line item for each content item. Returns the content items.
    func receiveDeepLinkingResponse(_ jwt: String) throws -> [JSONValue] {
        guard try verifyLecternToken(jwt, audience: issuer) else { throw TestClientError(description: "bad deep-linking signature") }
        let token = try JSONWebToken.parse(jwt)
        guard token.claims[LTIClaim.messageType]?.stringValue == "LtiDeepLinkingResponse",
              token.claims[LTIClaim.deploymentID]?.stringValue == deploymentID else {
            throw TestClientError(description: "not a deep-linking response for our deployment")
        }
        let items = token.claims[LTIClaim.deepLinkingContentItems]?.arrayValue ?? []
        lock.withLock {
            for item in items where item["lineItem"] != nil {
                _lineItems.append(.object(JSONObject([
                    ("id", .string(lineItem("dl-\(_lineItems.count + 1)"))), ("label", item["lineItem"]?["label"] ?? .null),
                    ("scoreMaximum", item["lineItem"]?["scoreMaximum"] ?? .null), ("resourceId", item["lineItem"]?["resourceId"] ?? .null),
                    ("custom", item["custom"] ?? .null),
                ])))
            }
        }
        return items
    }

    // MARK: Tokens

    /// The claims of a resource-link launch of `user` (LTI subject) with `roles`.
    func launchClaims(nonce: String, subject: String = "student-1", roles: [String] = ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"],
                      target: String, lineItemID: String? = "corners", contextID: String = "course-42", custom: [(String, JSONValue)] = [],
                      now: Double = Date().timeIntervalSince1970) -> [(String, JSONValue)] {
        var claims: [(String, JSONValue)] = [
            ("iss", .string(issuer)), ("aud", .string(clientID)), ("sub", .string(subject)),
            ("iat", .number(now.rounded(.down))), ("exp", .number(now.rounded(.down) + 300)), ("nonce", .string(nonce)),
            ("name", .string("Sam Student")), ("email", .string("sam@example.edu")),
            (LTIClaim.deploymentID, .string(deploymentID)), (LTIClaim.messageType, .string("LtiResourceLinkRequest")),
            (LTIClaim.version, .string("1.3.0")), (LTIClaim.targetLinkURI, .string(target)),
            (LTIClaim.resourceLink, .object(JSONObject([("id", .string("link-1")), ("title", .string("Corners"))]))),
            (LTIClaim.roles, .array(roles.map { .string($0) })),
            (LTIClaim.context, .object(JSONObject([("id", .string(contextID)), ("label", .string("CS 193P")), ("title", .string("iOS apps"))]))),
            (LTIClaim.nrpsService, .object(JSONObject([("context_memberships_url", .string(membershipsURL)),
                                                       ("service_versions", .array(["2.0"]))]))),
            ("https://purl.imsglobal.org/spec/lti/claim/launch_presentation",
             .object(JSONObject([("document_target", .string("iframe")), ("return_url", .string(origin + "/courses/42"))]))),
        ]
        if let lineItemID {
            claims.append((LTIClaim.agsEndpoint, .object(JSONObject([
                ("scope", .array([.string(LTIClaim.scoreScope), "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"])),
                ("lineitem", .string(lineItem(lineItemID))), ("lineitems", .string(origin + "/lineitems")),
            ]))))
        }
        if !custom.isEmpty { claims.append((LTIClaim.custom, .object(JSONObject(custom)))) }
        return claims
    }

    /// `claims` signed as a compact JWS with the platform's key, or with `header` and `signer` to forge one.
    func sign(_ claims: [(String, JSONValue)], header: [(String, JSONValue)]? = nil, signer: ((String) -> [UInt8])? = nil) throws -> String {
        let head = header ?? [("alg", .string("RS256")), ("typ", .string("JWT")), ("kid", .string(keyID))]
        let input = Base64URL.encode(Array(JSONValue.object(JSONObject(head)).serialized().utf8)) + "."
            + Base64URL.encode(Array(JSONValue.object(JSONObject(claims)).serialized().utf8))
        let signature = try signer?(input) ?? key.sign(Array(input.utf8))
        return input + "." + Base64URL.encode(signature)
    }

    // MARK: The browser's part

    /// What a login initiation gave the browser: the state cookie and the authentication request's fields.
    struct Login {
        let response: TestResponse
        let stateCookie: String
        let state: String
        let nonce: String
        let redirectURI: String
    }

    /// Starts a login at Lectern as this platform's page would (GET /lti/login).
    func initiateLogin(_ client: TestClient, target: String, hint: String = "student-1") throws -> Login {
        let query = "iss=\(ToolMessages.formEncode(issuer))&login_hint=\(hint)&target_link_uri=\(ToolMessages.formEncode(target))"
            + "&lti_message_hint=msg-1&client_id=\(clientID)&lti_deployment_id=\(deploymentID)"
        let response = try client.send("GET", "/lti/login?" + query)
        guard response.status == 200 else { throw TestClientError(description: "login initiation: \(response.status) \(response.text)") }
        let cookie = try XCTUnwrap(response.setCookies("lectern_lti_state").first)
        func field(_ name: String) throws -> String {
            let pattern = "name=\"\(name)\" value=\"([^\"]*)\""
            guard let range = response.text.range(of: pattern, options: .regularExpression) else {
                throw TestClientError(description: "no \(name) in \(response.text)")
            }
            let match = String(response.text[range])
            return String(match.dropFirst("name=\"\(name)\" value=\"".count).dropLast())
        }
        return Login(response: response, stateCookie: cookie, state: try field("state"), nonce: try field("nonce"),
                     redirectURI: try field("redirect_uri").replacingOccurrences(of: "&amp;", with: "&"))
    }

    /// Posts an ID token to Lectern's launch as the browser does after the platform's login.
    func postLaunch(_ client: TestClient, idToken: String, state: String?, cookie: String?) throws -> TestResponse {
        var form = "id_token=\(ToolMessages.formEncode(idToken))"
        if let state { form += "&state=\(state)" }
        // JSON errors carry the refusal's code; a browser gets the same refusal as a page.
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        if let cookie { headers["Cookie"] = "lectern_lti_state=\(cookie)" }
        return try client.send("POST", "/lti/launch", headers: headers, body: Array(form.utf8))
    }

    /// A whole launch: login initiation, a token from `claims` (given the nonce), the launch post.
    func launch(_ client: TestClient, target: String, claims: (String) -> [(String, JSONValue)]) throws -> TestResponse {
        let login = try initiateLogin(client, target: target)
        return try postLaunch(client, idToken: try sign(claims(login.nonce)), state: login.state, cookie: login.stateCookie)
    }
}
