import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// Signing in and out (pages and `/api/session`), the account page with personal API tokens,
/// and one-time set-password links.
struct AccountRoutes: Controller {
    /// The cookie that carries the sign-in form's CSRF token before there is a session.
    static let loginCSRFCookie = "lectern_login_csrf"
    /// Largest sign-in body.
    static let maxCredentialsBytes = 4096

    let database: DatabasePool
    let authenticator: Authenticator
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        authenticator = context.authenticator
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        router.get("/login", use: loginPage)
        router.post("/login", maxBodyBytes: Self.maxCredentialsBytes, use: login)
        router.post("/logout", maxBodyBytes: 4096, use: logout)
        router.post("/api/session", maxBodyBytes: Self.maxCredentialsBytes, use: startSession)
        router.group(middleware: [guards.signedIn, CSRFCheck.header]).delete("/api/session", use: endSession)
        let signedIn = router.group(middleware: [guards.signedIn])
        signedIn.get("/api/me", use: me)
        signedIn.get("/account", use: account)
        let tokens = router.group(middleware: [guards.signedIn, RequireSessionCredential(), CSRFCheck.form])
        tokens.post("/account/tokens", maxBodyBytes: 4096, use: createToken)
        tokens.post("/account/tokens/:id/revoke", maxBodyBytes: 4096, use: revokeToken)
        router.get("/set-password", use: setPasswordPage)
        router.post("/set-password", maxBodyBytes: 4096, use: setPassword)
    }

    // MARK: Signing in and out

    func loginPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let next = PathEncoding.localRedirect(request.query["next"])
        if try await context.optionalPrincipal != nil { return .redirect(to: next) }
        let csrf = SecureToken.generate()
        return AccountPages.SignIn.response(csrf: csrf, next: next).withCookie(Self.loginCSRFCookie(csrf, request)).notStored()
    }

    /// The sign-in form: its CSRF token is the pre-session cookie's, since there is no session yet.
    func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try request.form()
        let next = PathEncoding.localRedirect(form["next"])
        guard let cookieToken = request.cookie(Self.loginCSRFCookie), SecureToken.matches(form["csrf"], cookieToken) else {
            throw HTTPError(.forbidden, code: "csrf", message: "The sign-in form has expired; reload the page and try again.")
        }
        let username = form["username"] ?? ""
        let attempt = Authenticator.Attempt(username: username, password: form["password"] ?? "",
                                            remoteAddress: request.clientAddress,
                                            deviceToken: request.cookie(Authenticator.deviceCookie),
                                            previousSessionHash: request.cookie(Authenticator.sessionCookie).map(SecureToken.hash),
                                            kind: .cookie)
        switch try await authenticator.signIn(attempt) {
        case .signedIn(_, let token, _, let deviceToken):
            return Response.redirect(to: next)
                .withCookie(Authenticator.sessionCookie(token, for: request))
                .withCookie(Authenticator.deviceCookie(deviceToken, for: request))
                .withCookie(Cookie.expired(Self.loginCSRFCookie, path: "/login"))
        case .wrongCredentials:
            let csrf = SecureToken.generate()
            return AccountPages.SignIn.response(csrf: csrf, next: next, username: username, message: Authenticator.wrongCredentialsMessage,
                                      status: .unauthorized).withCookie(Self.loginCSRFCookie(csrf, request))
        case .throttled(let retryAfter):
            let csrf = SecureToken.generate()
            return AccountPages.SignIn.response(csrf: csrf, next: next, username: username,
                                      message: Authenticator.throttledMessage(retryAfter: retryAfter), status: .tooManyRequests)
                .withHeader("Retry-After", String(retryAfter)).withCookie(Self.loginCSRFCookie(csrf, request))
        }
    }

    /// Signing out of a session that is already gone is no error: the browser forgets the cookie either way.
    func logout(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let principal = try await context.optionalPrincipal else {
            return Response.redirect(to: "/login").withCookie(Cookie.expired(Authenticator.sessionCookie))
        }
        try principal.checkCSRF(request, form: try request.form())
        if let hash = principal.sessionTokenHash { try await authenticator.signOut(sessionTokenHash: hash) }
        return Response.redirect(to: "/login").withCookie(Cookie.expired(Authenticator.sessionCookie))
    }

    /// A bearer session for API clients: its token is never a cookie, and a cookie's value is never
    /// accepted as a bearer token.
    func startSession(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Credentials: Decodable { let username: String; let password: String }
        let credentials = try request.decode(Credentials.self, maxBytes: Self.maxCredentialsBytes)
        let attempt = Authenticator.Attempt(username: credentials.username, password: credentials.password,
                                            remoteAddress: request.clientAddress,
                                            deviceToken: request.cookie(Authenticator.deviceCookie),
                                            previousSessionHash: nil, kind: .bearer)
        switch try await authenticator.signIn(attempt) {
        case .signedIn(let user, let token, _, let deviceToken):
            return Response.json { json in
                json.beginObject()
                json.field("token", token)
                json.key("user")
                user.writeJSON(to: &json)
                json.endObject()
            }.withCookie(Authenticator.deviceCookie(deviceToken, for: request)).notStored()
        case .wrongCredentials:
            throw HTTPError(.unauthorized, code: "wrong_credentials", message: Authenticator.wrongCredentialsMessage)
        case .throttled(let retryAfter):
            var headers = HTTPHeaders()
            headers.add("Retry-After", String(retryAfter))
            throw HTTPError(.tooManyRequests, code: "throttled", message: Authenticator.throttledMessage(retryAfter: retryAfter),
                            headers: headers)
        }
    }

    func endSession(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let hash = try context.principal.sessionTokenHash else {
            throw HTTPError.badRequest("This is a personal API token, not a session: revoke it on the account page.")
        }
        try await authenticator.signOut(sessionTokenHash: hash)
        return Response.status(.noContent).withCookie(Cookie.expired(Authenticator.sessionCookie))
    }

    // MARK: The account and its tokens

    func me(_ request: Request, context: AppRequestContext) async throws -> Response {
        let principal = try context.principal
        return Response.json { json in principal.user.writeJSON(to: &json) }
    }

    func account(_ request: Request, context: AppRequestContext) async throws -> Response {
        let principal = try context.principal
        let userID = principal.user.id
        let tokens = try await database.read { db in try APIToken.all(userID: userID, db) }
        return AccountPages.YourAccount.response(principal, tokens: tokens).notStored()
    }

    func createToken(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (principal, form) = (try context.principal, try context.form)
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let scopes = try TokenScopes(names: form.pairs.filter { $0.name == "scope" }.map(\.value)).union(.read)
        let token = SecureToken.generate()
        let userID = principal.user.id
        let tokens = try await database.write { db in
            try APIToken.insert(userID: userID, name: name, tokenHash: SecureToken.hash(token), scopes: scopes.storedNames, db)
            return try APIToken.all(userID: userID, db)
        }
        return AccountPages.YourAccount.response(principal, tokens: tokens, newToken: token).notStored()
    }

    func revokeToken(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = Int64(try context.parameters.int("id"))
        let userID = try context.principal.user.id
        guard try await database.write({ db in try APIToken.revoke(id: id, userID: userID, db) }) else {
            throw HTTPError.notFound("No such token.")
        }
        return .redirect(to: "/account")
    }

    // MARK: One-time set-password links

    func setPasswordPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = request.query["token"] ?? ""
        guard let user = try await setupUser(token) else { return Self.expiredLink }
        return AccountPages.ChoosePassword.response(token: token, user: user).notStored()
    }

    func setPassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try request.form()
        let token = form["token"] ?? ""
        guard let user = try await setupUser(token) else { return Self.expiredLink }
        let password = form["password"] ?? ""
        do {
            try PasswordHasher.validate(password)
        } catch {
            return AccountPages.ChoosePassword.response(token: token, user: user, message: "\(error)", status: .unprocessableContent).notStored()
        }
        let passwordHash = try await authenticator.hash(password)
        let hash = SecureToken.hash(token)
        let consumed = try await database.write { db in
            guard try PasswordSetupToken.consume(tokenHash: hash, db) else { return false }
            try User.setPasswordHash(passwordHash, userID: user.id, db)
            return true
        }
        guard consumed else { throw HTTPError.notFound("This link was already used.") }
        return AccountPages.Notice.response(title: "Password set", message: "You can now sign in as \(user.username).", link: ("Sign in", "/login"))
    }

    /// The account a set-password token is for, while the token is unused and current.
    private func setupUser(_ token: String) async throws -> User? {
        let hash = SecureToken.hash(token)
        return try await database.read { db in try PasswordSetupToken.user(tokenHash: hash, db) }
    }

    /// The answer to a used or expired set-password link.
    private static var expiredLink: Response {
        AccountPages.Notice.response(title: "Link expired", message: "This link was already used or has expired. Ask your instructor for a new one.",
                            link: ("Sign in", "/login"), status: .notFound).notStored()
    }

    /// The pre-session cookie holding the sign-in form's CSRF token.
    private static func loginCSRFCookie(_ token: String, _ request: Request) -> Cookie {
        Cookie(name: loginCSRFCookie, value: token, path: "/login", maxAge: 3600, secure: request.scheme == "https",
               httpOnly: true, sameSite: .lax)
    }
}
