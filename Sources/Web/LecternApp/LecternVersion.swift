/// The version of Lectern reported by `lectern --version` and `GET /api/health`.
public enum LecternVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
