import Foundation
import HTTPServer
import LTI

/// Small pieces the LTI routes share: origins, absolute URLs, cookies and errors.
enum LTIWeb {
    /// The cookie that binds a login's `state` to the browser that started it.
    static let stateCookie = "lectern_lti_state"
    /// How long a login may take, from initiation to launch.
    static let stateLifetime: TimeInterval = 600
    /// How long a deep-linking selection may take.
    static let deepLinkLifetime: TimeInterval = 3600

    /// `scheme://host[:port]` of an absolute `http(s)` URL, or nil.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = components.host?.lowercased(), !host.isEmpty,
              host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" || $0 == "[" || $0 == "]" }) else {
            return nil
        }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// This server's origin as the request reached it (the `Host` header, and the scheme, which a
    /// trusted proxy may have set).
    static func origin(of request: Request) -> String {
        let host = request.headers["Host"].flatMap { value -> String? in
            let allowed = value.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x2D || b == 0x3A || b == 0x5B || b == 0x5D
            }
            return allowed && !value.isEmpty && value.utf8.count <= 255 ? value : nil
        } ?? "localhost"
        return "\(request.scheme)://\(host)"
    }

    /// A cookie of the LTI flow: sent in the platform's cross-site POST and inside its iframe, so
    /// `SameSite=None`, which browsers accept only with `Secure`.
    static func crossSiteCookie(_ name: String, _ value: String, maxAge: Int, path: String = "/") -> Cookie {
        Cookie(name: name, value: value, path: path, maxAge: maxAge, secure: true, httpOnly: true, sameSite: SameSite.none)
    }

    /// An LTI refusal as an HTTP error: 401 for tokens and states that do not prove anything, 403
    /// for valid launches Lectern will not serve.
    static func refusal(_ error: LTIError) -> HTTPError {
        let forbidden: Set<String> = ["no_role", "not_linked", "wrong_course"]
        return HTTPError(forbidden.contains(error.code) ? .forbidden : .unauthorized, code: error.code, message: error.message)
    }

    /// The Content Security Policy of a page that a platform frames or that posts to a platform.
    static func policy(frameAncestors: [String], formActions: [String] = []) -> String {
        let ancestors = (["'self'"] + frameAncestors).joined(separator: " ")
        let actions = (["'self'"] + formActions).joined(separator: " ")
        return [
            "default-src 'self'", "img-src 'self' data:", "media-src 'self' https:", "object-src 'none'", "base-uri 'none'",
            "form-action \(actions)", "frame-ancestors \(ancestors)",
        ].joined(separator: "; ")
    }
}

typealias SameSite = Cookie.SameSite
