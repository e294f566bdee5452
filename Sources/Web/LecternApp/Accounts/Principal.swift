import HTTPServer
import Store

/// Who is making a request, and how they proved it.
struct Principal: Sendable {
    /// How the request was authenticated.
    enum Credential: Sendable {
        /// A session cookie: state-changing requests must also carry the session's CSRF token.
        case sessionCookie(tokenHash: [UInt8], csrfToken: String)
        /// `Authorization: Bearer` with a token from `POST /api/session`: no ambient credential,
        /// so no CSRF token is needed.
        case bearerSession(tokenHash: [UInt8])
        /// `Authorization: Bearer` with a personal API token, limited to its scopes.
        case apiToken(scopes: TokenScopes)
    }

    let user: User
    let credential: Credential
    /// For a browser session that began with an LTI launch, the origins that may frame its pages;
    /// nil otherwise. Read with the session, in the same transaction.
    var launchFramers: [String]? = nil

    /// What the request may do: everything for a session, the token's scopes for an API token.
    var scopes: TokenScopes {
        if case .apiToken(let scopes) = credential { return scopes }
        return .all
    }

    /// Refuses personal API tokens: managing tokens and sessions needs a signed-in session.
    /// - Throws: ``HTTPError`` 403.
    func requireSession() throws(HTTPError) {
        guard case .apiToken = credential else { return }
        throw HTTPError(.forbidden, code: "session_required",
                        message: "A personal API token cannot create or revoke tokens: sign in to manage them.")
    }

    /// The CSRF token forms of this session carry (nil for bearer clients).
    var csrfToken: String? {
        if case .sessionCookie(_, let token) = credential { return token }
        return nil
    }

    /// The hash of the session token, when the request is tied to a session.
    var sessionTokenHash: [UInt8]? {
        switch credential {
        case .sessionCookie(let hash, _): hash
        case .bearerSession(let hash): hash
        case .apiToken: nil
        }
    }

    /// Refuses a state-changing request made with the session cookie unless it carries the
    /// session's CSRF token, in the form field `csrf` or the `X-CSRF-Token` header. Reads
    /// (`GET`, `HEAD`, `OPTIONS`) change nothing and need no token.
    /// - Throws: ``HTTPError`` 403.
    func checkCSRF(_ request: Request, form: FormParameters? = nil) throws(HTTPError) {
        guard ![HTTPMethod.get, .head, .options].contains(request.method) else { return }
        guard case .sessionCookie(_, let expected) = credential else { return }
        let presented = form?["csrf"] ?? request.headers["X-CSRF-Token"]
        guard SecureToken.matches(presented, expected) else {
            throw HTTPError(.forbidden, code: "csrf", message: "The form has expired or did not come from this site; reload the page and try again.")
        }
    }
}
