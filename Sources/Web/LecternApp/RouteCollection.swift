import HTTPServer

/// A group of related routes (health, courses, lectures, search, accounts, ...).
///
/// Each collection lives in its own file and is listed once in `Application.routeCollections`.
public protocol RouteCollection: Sendable {
    /// Adds the collection's routes to the router. Handlers capture what they need from `context`.
    func register(on router: Router, context: AppContext)
}

/// Work done once at start, after the schema is migrated and before the server accepts
/// connections: seeding the sample course, loading sample lectures and exercises, ...
///
/// Each task lives in its own file and is listed once in `Application.startupTasks`.
/// Tasks must be idempotent: they run on every start.
public protocol StartupTask: Sendable {
    /// A short name for error messages, e.g. "sample course".
    var name: String { get }
    /// Does the work; a thrown error stops the start.
    func run(_ context: AppContext) async throws
}
