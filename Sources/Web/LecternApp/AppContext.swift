import Foundation
import HTTPServer
import SQLite
import Threads

/// What route collections, controllers and startup tasks get to work with: one of each shared service.
public struct AppContext: Sendable {
    /// The configuration the application started with.
    public let configuration: AppConfiguration
    /// The database: one writer, several readers.
    public let database: DatabasePool
    /// Writes one line for the operator (standard output under `lectern serve`).
    public let console: @Sendable (String) -> Void
    /// Threads for grading submissions: CPU-heavy work kept off the event loops, one per core.
    public let gradingWorkers: WorkerPool
    /// A thread for background regrades, so they never hold up live grading.
    public let regradeWorkers: WorkerPool
    /// Threads for password hashing, so sign-ins never run yescrypt on an event loop.
    public let passwordWorkers: WorkerPool
    /// Finds who each request comes from; signs users in and out.
    let authenticator: Authenticator
    /// Grading on behalf of users, on `gradingWorkers`: one job per user at a time, users served in turn.
    let gradingQueue: GradingQueue
    /// LTI: outbound calls, cached platform keys and tokens, score delivery.
    let lti: LTIRuntime
    /// The one cache of parsed exercise definitions, shared by grading, regrades, analytics and authoring.
    let exercises: ExerciseLibrary
    /// The lookups behind the access middleware: course by slug for a principal, exercise by slug.
    let resolvers: Resolvers
    /// The access middleware controllers put in front of their routes.
    let guards: RouteGuards

    /// Creates a context with its own worker pools; ``shutdownWorkers()`` stops them.
    public init(configuration: AppConfiguration, database: DatabasePool, console: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.database = database
        self.console = console
        let gradingThreads = ProcessInfo.processInfo.activeProcessorCount
        self.gradingWorkers = WorkerPool(name: "grading", threads: gradingThreads, queueLimit: 512)
        self.gradingQueue = GradingQueue(workers: gradingWorkers, slots: gradingThreads,
                                         maxWaiting: configuration.gradingQueueLimit, limits: configuration.gradingLimits)
        self.regradeWorkers = WorkerPool(name: "regrading", threads: 1, queueLimit: 64)
        self.passwordWorkers = WorkerPool(name: "password hashing", threads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1), queueLimit: 64)
        self.authenticator = Authenticator(database: database, hashing: passwordWorkers)
        self.lti = LTIRuntime(database: database)
        self.exercises = ExerciseLibrary(database: database)
        self.resolvers = Resolvers(database: database)
        self.guards = RouteGuards(resolvers: resolvers)
    }

    /// Stops the worker pools' threads once their queued work is done.
    public func shutdownWorkers() {
        gradingWorkers.shutdown()
        regradeWorkers.shutdown()
        passwordWorkers.shutdown()
        lti.stop()
    }
}
