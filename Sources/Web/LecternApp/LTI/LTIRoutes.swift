import Foundation
import HTTPServer
import JSON
import LTI
import SQLite
import Store

/// LTI 1.3 routes: Lectern's key set, login initiation, launch, deep linking, the admin page of
/// platforms and the instructors' page of LMS links and score posts.
///
/// CSRF: `/lti/login` and `/lti/launch` are cross-site by design (the platform's page posts them),
/// so they carry no CSRF token. A login only creates a state; a launch is accepted only with the
/// state this browser got at login (its cookie and the form field must match, and it works once)
/// and an ID token signed by the registered platform that carries the nonce sent with that state.
/// Every other state-changing route here needs a session and its CSRF token like the rest of Lectern.
struct LTIRoutes: Controller {
    let database: DatabasePool
    let runtime: LTIRuntime
    let launches: LaunchService
    let guards: RouteGuards
    let admin: LTIAdminRoutes

    init(_ context: AppContext) {
        database = context.database
        runtime = context.lti
        launches = LaunchService(database: database, runtime: runtime)
        guards = context.guards
        admin = LTIAdminRoutes(context)
    }

    func addRoutes(to router: Router) {
        router.use(LTIFramingPolicy())
        router.get("/.well-known/jwks.json", use: keySet)
        router.get("/lti/autosubmit.js", use: autoSubmit)
        router.get("/lti/login", use: loginByQuery)
        router.post("/lti/login", maxBodyBytes: 64 * 1024, use: loginByForm)
        router.post("/lti/launch", maxBodyBytes: 256 * 1024, use: launch)
        router.group(middleware: [guards.signedIn]).get("/lti/deep-link", use: picker)
        router.group(middleware: [guards.signedIn, CSRFCheck.form]).post("/lti/deep-link", maxBodyBytes: 64 * 1024, use: returnPicked)
        admin.addRoutes(to: router)
    }

    /// Lectern's public keys, for the platforms to check what it signs.
    func keySet(_ request: Request, context: AppRequestContext) async throws -> Response {
        let json = try await runtime.publishedKeySet()
        return Response(status: .ok, contentType: "application/json", body: .bytes(Array(json.utf8)))
            .withHeader("Cache-Control", "public, max-age=300")
    }

    /// The script that submits the hand-over forms.
    func autoSubmit(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(status: .ok, contentType: "text/javascript; charset=utf-8", body: .bytes(Array(Self.autoSubmitScript.utf8)))
            .withHeader("Cache-Control", "public, max-age=3600")
    }

    func loginByQuery(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await login(request, request.query)
    }

    func loginByForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await login(request, try request.form())
    }

    /// Login initiation: a state and nonce, and the form that takes the browser to the platform's login.
    private func login(_ request: Request, _ parameters: FormParameters) async throws -> Response {
        let authentication = try await launches.initiateLogin(parameters, origin: LTIWeb.origin(of: request))
        // The LMS page that frames the login: registered platforms, current launches' pages, and
        // the page this request came from (an LMS on its own domain, such as a school's Canvas,
        // before its first launch). The page only hands the browser on to the registered
        // platform's login, so letting that page frame it gives nothing away.
        let referrer = request.headers["Referer"].map { [$0] } ?? []
        let framers = try await database.read { db in try LTILaunchSession.knownFramers(db) } + referrer
        var response = LTIPages.AutoSubmit.response(title: "Signing in from your LMS", explanation: "Taking you back to your LMS to confirm who you are.",
                                           action: authentication.platform.authURL, fields: authentication.fields)
        response.headers.set("Content-Security-Policy", LTIWeb.policy(frameAncestors: Self.origins(framers),
                                                                      formActions: Self.origins([authentication.platform.authURL])))
        response.setCookie(LTIWeb.crossSiteCookie(LTIWeb.stateCookie, authentication.state, maxAge: Int(LTIWeb.stateLifetime), path: "/lti"))
        return response
    }

    /// The launch: the platform's ID token checked against the state of this browser's login.
    func launch(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try request.form()
        let landing = try await launches.launch(idToken: form["id_token"], state: form["state"],
                                                stateCookie: request.cookie(LTIWeb.stateCookie), remoteAddress: request.clientAddress)
        var response = Response.redirect(to: landing.location)
        response.setCookie(LTIWeb.crossSiteCookie(Authenticator.sessionCookie, landing.sessionToken,
                                                  maxAge: Int(Authenticator.sessionLifetime)))
        response.setCookie(LTIWeb.crossSiteCookie(LTIWeb.stateCookie, "", maxAge: 0, path: "/lti"))
        return response
    }

    /// The exercise picker of a deep-linking request.
    func picker(_ request: Request, context: AppRequestContext) async throws -> Response {
        let principal = try context.principal
        let token = request.query["request"]
        let (stored, course, exercises) = try await deepLinkRequest(token, principal: principal)
        let multiple = DeepLinkingRequestRecord.message(stored.requestJSON)?.deepLinking?.acceptMultiple ?? true
        return LTIPages.Picker.response(course: course, exercises: exercises, requestToken: token ?? "", principal: principal, multiple: multiple)
    }

    /// The picked exercises, signed and sent back to the platform.
    func returnPicked(_ request: Request, context: AppRequestContext) async throws -> Response {
        let principal = try context.principal
        let form = try context.form
        let token = form["request"]
        let (stored, course, exercises) = try await deepLinkRequest(token, principal: principal)
        guard let message = DeepLinkingRequestRecord.message(stored.requestJSON) else { throw HTTPError.notFound("No such deep-linking request.") }
        let chosen = form.values(for: "exercise")
        let picked = exercises.filter { chosen.contains($0.slug) }
        guard !picked.isEmpty else { throw HTTPError.unprocessable("Pick at least one exercise.", code: "exercise") }
        guard message.deepLinking?.acceptMultiple ?? true || picked.count == 1 else {
            throw HTTPError.unprocessable("The LMS accepts one exercise at a time here.", code: "exercise")
        }
        let origin = LTIWeb.origin(of: request)
        let items = picked.map { exercise in
            ToolMessages.ContentItem(title: exercise.title, url: "\(origin)/courses/\(course.slug)/exercises/\(exercise.slug)",
                                     exercise: "\(course.slug)/\(exercise.slug)", scoreMaximum: exercise.points)
        }
        let (keyID, key) = try await runtime.signingKey()
        let claims = ToolMessages.deepLinkingResponse(to: message, items: items, now: Date().timeIntervalSince1970, nonce: SecureToken.generate())
        let jwt = try JWTSigner.sign(claims, key: key, keyID: keyID)
        let returnURL = message.deepLinking?.returnURL ?? ""
        let deleted = try await database.write { db in try LTIDeepLinkRequest.delete(tokenHash: SecureToken.hash(token ?? ""), db) }
        guard deleted else { throw HTTPError.notFound("No such deep-linking request.") }
        let framers = try await database.read { db in try LTILaunchSession.knownFramers(db) }
        var response = LTIPages.AutoSubmit.response(title: "Adding exercises to your LMS",
                                           explanation: "Sending \(items.count) exercise(s) back to your LMS.",
                                           action: returnURL, fields: [("JWT", jwt)])
        response.headers.set("Content-Security-Policy", LTIWeb.policy(frameAncestors: Self.origins(framers),
                                                                      formActions: Self.origins([returnURL])))
        return response
    }

    /// The caller's own deep-linking request of `token`, its course and the course's exercises.
    private func deepLinkRequest(_ token: String?, principal: Principal) async throws -> (LTIDeepLinkRequest, Course, [ExerciseRecord]) {
        guard let token, !token.isEmpty, token.utf8.count <= 128 else { throw HTTPError.notFound("No such deep-linking request.") }
        let hash = SecureToken.hash(token)
        let found: (LTIDeepLinkRequest, Course, [ExerciseRecord])? = try await database.read { db in
            guard let request = try LTIDeepLinkRequest.find(tokenHash: hash, db), let course = try Course.find(id: request.courseID, db) else {
                return nil
            }
            return (request, course, try ExerciseRecord.all(courseID: course.id, db))
        }
        // Someone else's request looks like none.
        guard let found, found.0.userID == principal.user.id else { throw HTTPError.notFound("No such deep-linking request.") }
        return found
    }

    /// The origins of `urls`, sorted and without repeats.
    static func origins(_ urls: [String]) -> [String] {
        Array(Set(urls.compactMap(LTIWeb.origin(of:)))).sorted()
    }

    /// Submits the forms marked `data-autosubmit` (a same-origin file: the policy allows no inline script).
    static let autoSubmitScript = """
        document.querySelectorAll("form[data-autosubmit]").forEach(function (form) { form.submit(); });

        """
}

/// Lets the platform frame the pages of a session that began with a launch: their
/// `frame-ancestors` lists the platforms' origins and the launch's, instead of none.
struct LTIFramingPolicy: RouteScopedMiddleware {
    /// Only the pages a launch can lead to may be framed.
    func applies(toRoute pattern: String) -> Bool { Self.frameablePrefixes.contains { pattern.hasPrefix($0) } }

    /// The paths whose pages a launched session may see inside the platform's frame.
    static let frameablePrefixes = ["/courses/", "/submissions/", "/lti/"]

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        var response = try await next(request, context)
        guard request.method == .get, response.headers["Content-Security-Policy"] == nil,
              Self.frameablePrefixes.contains(where: { request.path.hasPrefix($0) }),
              request.cookie(Authenticator.sessionCookie) != nil,
              // The session's read (shared with the handler) brought its framers along.
              let principal = try? await context.optionalPrincipal,
              case .sessionCookie = principal.credential,
              let framers = principal.launchFramers else { return response }
        response.headers.set("Content-Security-Policy", LTIWeb.policy(frameAncestors: LTIRoutes.origins(framers)))
        return response
    }
}
