import HTTPServer

/// The head check the server runs before it reads a large request body (see
/// `ServerConfiguration.headCheck`): every route that takes a large body (lecture uploads, rosters,
/// submissions) needs a signed-in user, so a body that large is read only from a request that
/// carries a credential, and, when that credential is the session cookie on an API call, the CSRF
/// header as well (forms carry their CSRF token in the body, which is checked once read).
///
/// Only the presence of a credential is checked here, without the database: the handler still
/// authenticates and authorizes in full. The point is that an anonymous client cannot make the
/// server buffer megabytes.
enum LargeBodyAdmission {
    /// The error to answer instead of reading the body, or nil to read it.
    static func check(_ request: Request, _ context: RequestContext) -> HTTPError? {
        if let authorization = request.headers["Authorization"] {
            let scheme = authorization.prefix { $0 != " " }
            return scheme.lowercased() == "bearer" ? nil : HTTPError.unauthorized("Use Authorization: Bearer <token>.")
        }
        guard let session = request.cookie(Authenticator.sessionCookie), !session.isEmpty, session.utf8.count <= 128 else {
            return HTTPError.unauthorized("Sign in first.")
        }
        if !isForm(request), request.headers["X-CSRF-Token"] == nil {
            return HTTPError(.forbidden, code: "csrf", message: "Send the session's CSRF token in the X-CSRF-Token header.")
        }
        return nil
    }

    /// A browser form post, whose CSRF token travels in the body.
    private static func isForm(_ request: Request) -> Bool {
        guard let type = request.headers["Content-Type"]?.lowercased() else { return false }
        return type.hasPrefix("multipart/form-data") || type.hasPrefix("application/x-www-form-urlencoded")
    }
}
