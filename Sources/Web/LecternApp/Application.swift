import Foundation
import HTTPServer
import SQLite
import Store

/// A running Lectern: the database pool, the startup work done on it, and the HTTP server.
///
/// ```swift
/// let app = try await Application.start(configuration) { line in print(line) }
/// print("Lectern listening on \(app.url)")
/// await app.runUntilTerminated()
/// ```
public final class Application: Sendable {
    /// What the routes and startup tasks were given.
    public let context: AppContext
    /// The HTTP server (for answering requests in process, in tests).
    public let server: Server

    private init(context: AppContext, server: Server) {
        self.context = context
        self.server = server
    }

    /// Opens (or creates) the database, migrates it, runs the startup tasks, registers the routes
    /// and starts the HTTP server. Returns once the server accepts connections.
    ///
    /// - Parameter console: receives lines for the operator (the sample course was created, ...).
    public static func start(_ configuration: AppConfiguration,
                             console: @escaping @Sendable (String) -> Void) async throws -> Application {
        let database = try await openDatabase(at: configuration.databasePath, readers: configuration.databaseReaders,
                                              durability: configuration.durability)
        let context = AppContext(configuration: configuration, database: database, console: console)
        do {
            for task in startupTasks {
                do {
                    try await task.run(context)
                } catch {
                    throw StartupError(step: task.name, underlying: error)
                }
            }
            let server = Server(router: makeRouter(context), configuration: serverConfiguration(configuration, context: context))
            do {
                try server.start()
            } catch {
                throw StartupError(step: "listening on \(configuration.host):\(configuration.port)", underlying: error)
            }
            return Application(context: context, server: server)
        } catch {
            context.shutdownWorkers()
            await database.close()
            throw error
        }
    }

    /// Opens (or creates) the database and brings its schema up to date: what every command that
    /// uses the database does first.
    public static func openDatabase(at path: String, readers: Int = 2,
                                    durability: AppConfiguration.Durability = .processCrash) async throws -> DatabasePool {
        var poolConfiguration = PoolConfiguration()
        poolConfiguration.readerCount = readers
        poolConfiguration.connection.synchronous = durability == .powerLoss ? "FULL" : "NORMAL"
        let database = try DatabasePool(path: path, configuration: poolConfiguration)
        do {
            try await database.writeWithoutTransaction { db in try Schema.migrate(db) }
            return database
        } catch {
            await database.close()
            throw error
        }
    }

    /// The port the server listens on (the chosen one when configured with port 0).
    public var port: Int { server.port }

    /// The base URL, e.g. `http://127.0.0.1:8080` or `http://[::1]:8080`.
    public var url: String {
        let host = context.configuration.host
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// Takes SIGINT and SIGTERM over, so that from now on they stop the application gracefully
    /// (in ``runUntilTerminated()``) instead of killing the process. Call it before ``start(_:console:)``
    /// so there is no moment when the server answers but a signal would kill it.
    public static func handleTerminationSignals() {
        TerminationSignal.arm()
    }

    /// Serves until SIGINT or SIGTERM (even one received since ``handleTerminationSignals()``),
    /// then stops gracefully.
    public func runUntilTerminated() async {
        await TerminationSignal.wait()
        context.console("Lectern is shutting down")
        await stop()
    }

    /// Stops accepting connections, lets in-flight requests finish within the grace period,
    /// then closes the database.
    public func stop() async {
        await server.shutdown()
        context.shutdownWorkers()
        await context.database.close()
    }

    /// The router with every route collection registered, the benchmark routes when configured,
    /// and the files of the public directory served at `/` (routes take precedence over file names).
    static func makeRouter(_ context: AppContext) -> Router {
        let router = Router()
        let authenticator = context.authenticator
        // First: every later reader (error pages, access middleware, handlers) shares its one resolution.
        router.use(PrincipalResolution { request in try await authenticator.principal(for: request) })
        router.use(ErrorPageMiddleware(renderer: errorRenderer))
        router.use(DomainErrorMiddleware())
        router.use(APICachePolicy())
        router.use(CORSPolicy(origins: context.configuration.corsOrigins))
        if let throttle = SearchThrottle(context.configuration) { router.use(throttle) }
        for collection in routeCollections {
            collection.register(on: router, context: context)
        }
        // Every API route is also served under the versioned prefix (docs/api.md).
        router.alias(APIPath.prefix, as: APIPath.versionPrefix)
        if context.configuration.benchRoutes {
            BenchRoutes(context).addRoutes(to: router)
        }
        let publicDirectory = context.configuration.publicDirectory
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: publicDirectory, isDirectory: &isDirectory), isDirectory.boolValue {
            router.staticFiles("/", root: publicDirectory)
        } else {
            context.console("No static files: \(publicDirectory) is not a directory")
        }
        return router
    }

    /// Problem answers (`application/problem+json`) for API requests, the site's error page for the others.
    static let errorRenderer = ErrorRenderer(htmlPage: { ErrorPage.page($0).render() })

    static func serverConfiguration(_ configuration: AppConfiguration, context: AppContext) -> ServerConfiguration {
        var server = ServerConfiguration()
        server.host = configuration.host
        server.port = configuration.port
        server.trustedProxies = configuration.trustedProxies
        server.accessLog = !configuration.quiet
        server.errorRenderer = errorRenderer
        server.defaultHeaders = SecurityPolicy.headers
        // Metrics describe everyone's traffic: admins only.
        let authenticator = context.authenticator
        server.metricsAccess = { request in
            guard let principal = try await authenticator.principal(for: request) else { throw HTTPError.unauthorized("Sign in as an admin.") }
            guard principal.user.isAdmin else { throw HTTPError(.forbidden, message: "Metrics are for site admins.") }
        }
        server.strictTransportSecurity = SecurityPolicy.strictTransportSecurity
        server.maxConnections = max(1, configuration.maxConnections)
        server.maxConnectionsPerAddress = max(1, configuration.maxConnectionsPerAddress)
        server.maxBodyMemoryBytes = max(1, configuration.maxBodyMemoryMiB) << 20
        server.headCheck = LargeBodyAdmission.check
        return server
    }
}

/// Why the application could not start: the step that failed and its error.
public struct StartupError: Error, CustomStringConvertible {
    /// The step, e.g. "sample course".
    public let step: String
    /// What went wrong.
    public let underlying: any Error

    public var description: String { "\(step): \(underlying)" }
}
