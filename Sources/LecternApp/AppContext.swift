import SQLite

/// What route collections and startup tasks get to work with.
public struct AppContext: Sendable {
    /// The configuration the application started with.
    public let configuration: AppConfiguration
    /// The database: one writer, several readers.
    public let database: DatabasePool
    /// Writes one line for the operator (standard output under `lectern serve`).
    public let console: @Sendable (String) -> Void

    /// Creates a context.
    public init(configuration: AppConfiguration, database: DatabasePool, console: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.database = database
        self.console = console
    }
}
