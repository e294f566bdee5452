import HTTPServer

/// The browser security policy sent with every response (see docs/http-server.md).
enum SecurityPolicy {
    /// Content Security Policy: scripts, styles, images and forms from this origin only (lecture
    /// videos may come from any HTTPS host), no
    /// plugins, no `<base>` rewriting, and no framing by any site, so one-click forms (sign out,
    /// apply a regrade, revoke a token) cannot be clickjacked.
    static let contentSecurityPolicy = [
        "default-src 'self'", "img-src 'self' data:", "media-src 'self' https:", "object-src 'none'", "base-uri 'none'",
        "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// Headers on every response unless a route sets its own.
    static let headers: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    ]

    /// Sent over HTTPS only (directly or through a trusted proxy): one year.
    static let strictTransportSecurity = "max-age=31536000"
}

extension Response {
    /// The response marked as never to be stored by a browser or proxy: pages that show a secret
    /// (a new API token, a set-password form) or credentials.
    func notStored() -> Response { withHeader("Cache-Control", "no-store") }
}
