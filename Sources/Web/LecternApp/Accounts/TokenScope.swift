import HTTPServer

/// What a personal API token may do. Sessions (browser or `POST /api/session`) may do all of it;
/// a token only what it was created with, and never manage tokens.
struct TokenScopes: OptionSet, Sendable, Hashable {
    let rawValue: Int

    /// Reads: every `GET`, `HEAD` and `OPTIONS`.
    static let read = TokenScopes(rawValue: 1)
    /// Submitting and verifying one's own submissions.
    static let submit = TokenScopes(rawValue: 2)
    /// Every other change: gradebook, policies, regrades, lectures, rosters (for staff accounts).
    static let staff = TokenScopes(rawValue: 4)

    static let all: TokenScopes = [.read, .submit, .staff]

    /// Each scope with its stored name, in a fixed order.
    static let named: [(name: String, scope: TokenScopes)] = [("read", .read), ("submit", .submit), ("staff", .staff)]

    /// Parses stored or submitted names (space- or comma-separated); unknown names are errors.
    init(names: some Sequence<some StringProtocol>) throws(HTTPError) {
        var scopes: TokenScopes = []
        for name in names where !name.isEmpty {
            guard let found = Self.named.first(where: { $0.name == name }) else {
                throw HTTPError.unprocessable("Unknown token scope “\(name)”: use read, submit or staff.")
            }
            scopes.insert(found.scope)
        }
        self = scopes
    }

    init(rawValue: Int) { self.rawValue = rawValue }

    /// The stored form: names separated by spaces, `read submit staff`.
    var storedNames: String { Self.named.filter { contains($0.scope) }.map(\.name).joined(separator: " ") }

    /// The scope a request needs: reads need `read`; submitting or verifying a submission needs
    /// `submit`; every other change needs `staff`.
    static func required(for request: Request) -> TokenScopes {
        if [HTTPMethod.get, .head, .options].contains(request.method) { return .read }
        let segments = APIPath.unversioned(request.path).split(separator: "/", omittingEmptySubsequences: false)
        if request.method == .post {
            // /api/courses/:course/exercises/:slug/submissions
            if segments.count == 7, segments[1] == "api", segments[2] == "courses", segments[4] == "exercises",
               segments[6] == "submissions" { return .submit }
            // /api/submissions/:id/verify
            if segments.count == 5, segments[1] == "api", segments[2] == "submissions", segments[4] == "verify" { return .submit }
        }
        return .staff
    }
}
