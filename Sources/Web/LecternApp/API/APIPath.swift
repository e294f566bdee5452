/// The API's paths: today's `/api/...` and the versioned `/api/v1/...` that answer the same.
enum APIPath {
    /// Every API path starts with this.
    static let prefix = "/api/"
    /// The versioned prefix; every `/api/X` route is also served as `/api/v1/X`.
    static let versionPrefix = "/api/v1/"

    /// `/api/v1/search` → `/api/search`; other paths unchanged.
    static func unversioned(_ path: String) -> String {
        guard path.hasPrefix(versionPrefix) else { return path }
        return prefix + path.dropFirst(versionPrefix.count)
    }

    /// Whether `path` is an API path (versioned or not).
    static func isAPI(_ path: String) -> Bool { path.hasPrefix(prefix) || path == "/api" }
}
