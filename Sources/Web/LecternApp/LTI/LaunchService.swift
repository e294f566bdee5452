import Digest
import Foundation
import HTTPServer
import JSON
import LTI
import SQLite
import Store

/// Login initiation and launch (Security §5.1.1–5.1.3, LTI Core §5.3): the state and nonce, the
/// ID token's validation, then the account, course, role, session and the page to open.
struct LaunchService: Sendable {
    let database: DatabasePool
    let runtime: LTIRuntime

    /// The most logins in progress at once (each waits at most ``LTIWeb/stateLifetime``).
    static let maxPendingLogins = 20_000

    /// What a login initiation leads to: the platform's authorization endpoint with these fields.
    struct AuthenticationRequest: Sendable {
        let platform: LTIPlatform
        let state: String
        let fields: [(name: String, value: String)]
    }

    /// Starts a login: finds the registration, makes a state (bound to the browser by a cookie)
    /// and a nonce, and returns the authentication request to send the browser on with.
    func initiateLogin(_ parameters: FormParameters, origin: String, now: Date = Date()) async throws -> AuthenticationRequest {
        func required(_ name: String) throws -> String {
            guard let value = parameters[name], !value.isEmpty, value.utf8.count <= 2048 else {
                throw HTTPError.badRequest("The login initiation lacks \(name).", code: "missing_parameter")
            }
            return value
        }
        let issuer = try required("iss")
        let loginHint = try required("login_hint")
        _ = try required("target_link_uri")
        let clientID = parameters["client_id"].flatMap { $0.isEmpty ? nil : $0 }
        let deploymentID = parameters["lti_deployment_id"]
        let platforms = try await database.read { db in try LTIPlatform.all(issuer: issuer, clientID: clientID, db) }
        guard let platform = platforms.first(where: { $0.deploymentID == deploymentID }) ?? platforms.first else {
            throw HTTPError(.badRequest, code: "unknown_platform", message: "No platform is registered with issuer \(issuer.prefix(200)).")
        }
        let state = SecureToken.generate()
        let nonce = SecureToken.generate()
        try await database.write { db in
            // Anyone can start a login: the states waiting for a launch are capped.
            guard try LTILoginState.pending(now: now, db) < Self.maxPendingLogins else {
                throw HTTPError(.serviceUnavailable, code: "busy", message: "Too many LMS sign-ins are in progress; try again shortly.")
            }
            try LTILoginState.insert(stateHash: SecureToken.hash(state), platformID: platform.id, nonce: nonce,
                                     expiresAt: now.addingTimeInterval(LTIWeb.stateLifetime), now: now, db)
        }
        var fields: [(name: String, value: String)] = [
            ("scope", "openid"), ("response_type", "id_token"), ("response_mode", "form_post"), ("prompt", "none"),
            ("client_id", platform.clientID), ("redirect_uri", origin + "/lti/launch"), ("login_hint", loginHint),
            ("state", state), ("nonce", nonce),
        ]
        if let hint = parameters["lti_message_hint"], !hint.isEmpty { fields.append(("lti_message_hint", String(hint.prefix(4096)))) }
        return AuthenticationRequest(platform: platform, state: state, fields: fields)
    }

    /// Where a successful launch goes, with the new session.
    struct Landing: Sendable {
        let location: String
        let sessionToken: String
    }

    /// Validates the launch and signs the user in.
    /// - Throws: ``HTTPError`` 401 (with the ``LTIError`` code) for a token or state that fails,
    ///   403 for a valid launch Lectern does not serve, 404 for an unknown exercise.
    func launch(idToken: String?, state: String?, stateCookie: String?, remoteAddress: String?, now: Date = Date()) async throws -> Landing {
        guard let stateCookie, !stateCookie.isEmpty else {
            throw LTIWeb.refusal(LTIError("state_missing", "This browser has no login state: start again from the LMS (are cookies blocked?)."))
        }
        guard let state, SecureToken.matches(state, stateCookie) else {
            throw LTIWeb.refusal(LTIError("state_mismatch", "The state does not belong to this browser's login."))
        }
        let stateHash = SecureToken.hash(state)
        let found: (LTILoginState, LTIPlatform, [String])? = try await database.write { db in
            guard let login = try LTILoginState.consume(stateHash: stateHash, now: now, db),
                  let platform = try LTIPlatform.find(id: login.platformID, db) else { return nil }
            let deployments = try LTIPlatform.all(issuer: platform.issuer, clientID: platform.clientID, db).map(\.deploymentID)
            return (login, platform, deployments)
        }
        guard let (login, platform, deployments) = found else {
            throw LTIWeb.refusal(LTIError("state_unknown", "The login state is unknown, used or expired: start again from the LMS."))
        }
        guard let idToken, !idToken.isEmpty else { throw LTIWeb.refusal(LTIError("missing_id_token", "The launch has no id_token.")) }
        let message: LaunchMessage
        do {
            let token = try JSONWebToken.parse(idToken)
            let keyID = try LaunchValidator.keyID(of: token)
            let key = try await runtime.platformKey(platform, keyID: keyID)
            message = try LaunchValidator.validate(token, key: key, expecting: LaunchExpectations(
                issuer: platform.issuer, clientID: platform.clientID, deploymentIDs: deployments, nonce: nil,
                now: now.timeIntervalSince1970))
            let expires = Date(timeIntervalSince1970: (token.claims["exp"]?.doubleValue ?? now.timeIntervalSince1970) + 120)
            let fresh = try await database.write { db in try LTINonce.use(message.nonce, issuer: platform.issuer, expiresAt: expires, now: now, db) }
            guard fresh else { throw LTIError("nonce_replayed", "This ID token's nonce was used before: a launch works once.") }
            guard SecureToken.matches(message.nonce, login.nonce) else {
                throw LTIError("wrong_nonce", "The token's nonce is not the one sent with this login.")
            }
        } catch let error as LTIError {
            throw LTIWeb.refusal(error)
        } catch let error as OutboundHTTP.Failure {
            throw HTTPError(.badGateway, code: "jwks_unavailable", message: "The platform's key set could not be fetched: \(error.description)")
        }
        return try await admit(message, platform: platform, frameOrigin: Self.frameOrigin(of: idToken), remoteAddress: remoteAddress, now: now)
    }

    /// The origin of the LMS page that frames the launch: `launch_presentation.return_url`'s.
    private static func frameOrigin(of idToken: String) -> String? {
        guard let token = try? JSONWebToken.parse(idToken),
              let url = token.claims["https://purl.imsglobal.org/spec/lti/claim/launch_presentation"]?["return_url"]?.stringValue else {
            return nil
        }
        return LTIWeb.origin(of: url)
    }

    /// A course and exercise named by a launch: the custom parameter `exercise` (`SLUG` or
    /// `COURSE/SLUG`) or a target link `…/courses/COURSE/exercises/SLUG`.
    struct Target: Equatable {
        var course: String?
        var exercise: String?
    }

    static func target(of message: LaunchMessage) -> Target {
        if let custom = message.customValue("exercise"), !custom.isEmpty {
            let parts = custom.split(separator: "/").map(String.init)
            if parts.count == 2 { return Target(course: parts[0], exercise: parts[1]) }
            return Target(course: nil, exercise: custom)
        }
        let path = URLComponents(string: message.targetLinkURI)?.path ?? ""
        let segments = path.split(separator: "/").map(String.init)
        if let index = segments.firstIndex(of: "courses"), index + 1 < segments.count {
            let course = segments[index + 1]
            if index + 3 < segments.count, segments[index + 2] == "exercises" { return Target(course: course, exercise: segments[index + 3]) }
            return Target(course: course, exercise: nil)
        }
        return Target(course: nil, exercise: nil)
    }

    /// After validation: account, course, enrolment, grade target, session, landing page.
    private func admit(_ message: LaunchMessage, platform: LTIPlatform, frameOrigin: String?, remoteAddress: String?,
                       now: Date) async throws -> Landing {
        guard let role = LTIRole.map(message.roles) else {
            throw LTIWeb.refusal(LTIError("no_role", "The launch gives no course role Lectern knows (learner or instructor)."))
        }
        let target = Self.target(of: message)
        let token = SecureToken.generate()
        let csrf = SecureToken.generate()
        let deepLinkToken = SecureToken.generate()
        let location: String = try await database.write { db in
            let course = try Self.course(for: message, target: target, platform: platform, role: role, now: now, db)
            let user = try Self.account(for: message, now: now, db)
            try User.enroll(userID: user.id, courseID: course.id, role: role == .instructor ? .instructor : .student, at: now, db)
            if let context = message.context {
                try LTIContextLink.save(LTIContextLink(issuer: message.issuer, contextID: context.id, platformID: platform.id,
                                                       courseID: course.id, title: context.title, membershipsURL: message.membershipsURL), db)
            }
            try Session.insert(tokenHash: SecureToken.hash(token), userID: user.id, csrfToken: csrf,
                               expiresAt: now.addingTimeInterval(Authenticator.sessionLifetime), remoteAddress: remoteAddress, kind: .cookie,
                               at: now, db)
            try Session.trim(userID: user.id, keep: Authenticator.maxSessionsPerUser, db)
            try LTILaunchSession.insert(tokenHash: SecureToken.hash(token), platformID: platform.id, frameOrigin: frameOrigin,
                                        expiresAt: now.addingTimeInterval(Authenticator.sessionLifetime), now: now, db)
            switch message.messageType {
            case .deepLinking:
                guard role == .instructor else {
                    throw LTIWeb.refusal(LTIError("no_role", "Only instructors pick Lectern exercises for the LMS."))
                }
                try LTIDeepLinkRequest.insert(LTIDeepLinkRequest(userID: user.id, platformID: platform.id, courseID: course.id,
                                                                 requestJSON: DeepLinkingRequestRecord.json(message)),
                                              tokenHash: SecureToken.hash(deepLinkToken),
                                              expiresAt: now.addingTimeInterval(LTIWeb.deepLinkLifetime), now: now, db)
                return "/lti/deep-link?request=\(deepLinkToken)"
            case .resourceLink:
                guard let slug = target.exercise else { return "/courses/\(course.slug)" }
                guard let exercise = try ExerciseRecord.find(courseID: course.id, slug: slug, db) else {
                    throw HTTPError.notFound("No exercise \(slug) in \(course.slug).")
                }
                if role == .student, let service = message.gradeService, service.canPostScores, let lineItem = service.lineItem,
                   OutboundHTTP.isAllowed(lineItem) {
                    try LTIGradeTarget.save(LTIGradeTarget(userID: user.id, exerciseID: exercise.id, platformID: platform.id,
                                                           lineitemURL: lineItem, subject: message.subject), at: now, db)
                }
                return "/courses/\(course.slug)/exercises/\(exercise.slug)"
            }
        }
        return Landing(location: location, sessionToken: token)
    }

    /// The course of the launch: the registration's (`--course`), else the one the LMS course is
    /// linked to, else linked now by an instructor (to the course of the link, or a new course).
    private static func course(for message: LaunchMessage, target: Target, platform: LTIPlatform, role: LTIRole, now: Date,
                               _ db: Connection) throws -> Course {
        let named = try target.course.map { slug -> Course in
            guard let course = try Course.find(slug: slug, db) else { throw HTTPError.notFound("No course \(slug).") }
            return course
        }
        var resolved: Course?
        if let courseID = platform.courseID {
            resolved = try Course.find(id: courseID, db)
        } else if let context = message.context, let link = try LTIContextLink.find(issuer: message.issuer, contextID: context.id, db) {
            resolved = try Course.find(id: link.courseID, db)
        }
        if let resolved {
            if let named, named.id != resolved.id {
                throw LTIWeb.refusal(LTIError("wrong_course", "This link opens course \(named.slug), but the LMS course is linked to \(resolved.slug)."))
            }
            return resolved
        }
        guard role == .instructor else {
            throw LTIWeb.refusal(LTIError("not_linked", "This LMS course is not linked to a Lectern course yet: your instructor opens Lectern from it first."))
        }
        if let named { return named }
        return try Course.insert(NewCourse(slug: courseSlug(for: message), title: String((message.context?.title ?? "LMS course").prefix(200)),
                                           summary: "Linked from \(message.issuer.prefix(200))."), at: now, db)
    }

    /// A slug for a course made from an LMS course: its label, made safe, and a short hash.
    static func courseSlug(for message: LaunchMessage) -> String {
        let label = (message.context?.label ?? "lms").lowercased().unicodeScalars
            .map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-" }
        let base = String(String(label).split(separator: "-").joined(separator: "-").prefix(24))
        let hash = Hex.encode(SHA256.hash(Array("\(message.issuer)\n\(message.context?.id ?? "")".utf8))).prefix(8)
        return (base.isEmpty ? "lms" : base) + "-" + hash
    }

    /// The account of the platform's user, made on the first launch from the name and e-mail.
    static func account(for message: LaunchMessage, now: Date, _ db: Connection) throws -> User {
        if let id = try LTIUserLink.userID(issuer: message.issuer, subject: message.subject, db), let user = try User.find(id: id, db) {
            return user
        }
        let hash = Hex.encode(SHA256.hash(Array("\(message.issuer)\n\(message.subject)".utf8)))
        let name = message.name.map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(NewUser.maxDisplayNameLength)) }
        let email = message.email.flatMap { $0.utf8.count <= 254 && $0.contains("@") ? $0 : nil }
        let newUser = NewUser(username: "lti-" + hash.prefix(16), displayName: (name?.isEmpty ?? true) ? "LMS user" : name, email: email)
        try newUser.validate()
        let user = try User.find(username: newUser.username, db) ?? User.insert(newUser, passwordHash: nil, at: now, db)
        try LTIUserLink.link(issuer: message.issuer, subject: message.subject, userID: user.id, db)
        return user
    }
}
