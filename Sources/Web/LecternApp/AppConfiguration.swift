import Grading

/// Everything `lectern serve` can be told: where to listen, where the data lives, how to behave.
public struct AppConfiguration: Sendable, Equatable {
    /// Interface to listen on (an IPv4 or IPv6 address or a host name).
    public var host = "127.0.0.1"
    /// TCP port; 0 lets the system choose one (tests).
    public var port = 8080
    /// The SQLite database file, created on first start.
    public var databasePath = "./lectern.sqlite"
    /// The folder of exercise definitions.
    public var exercisesDirectory = "./Exercises"
    /// The folder of course content (`<slug>/course.json` and lecture files); the sample course is
    /// loaded from it into an empty database.
    public var contentDirectory = "./Courses"
    /// The folder of static files served under `/`.
    public var publicDirectory = "./Public"
    /// No access log (benchmarks).
    public var quiet = false
    /// Serve the benchmark-only routes under `/bench`.
    public var benchRoutes = false
    /// Addresses of reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are trusted.
    public var trustedProxies: [String] = []
    /// Reader connections of the database pool.
    public var databaseReaders = 4
    /// How far a committed write is guaranteed to survive.
    public var durability = Durability.processCrash
    /// Sizes and work budgets of a submission (the budgets are the tunable part: `maxPivots`,
    /// `maxSimulationUnits`).
    public var gradingLimits = SubmissionLimits.default
    /// Grading jobs (one per user) that may wait for a grading thread before new ones get 503.
    public var gradingQueueLimit = 256
    /// Most open connections; when all are taken the longest-idle keep-alive connection is closed
    /// to make room, and only with none idle does a newcomer get a 503.
    public var maxConnections = 4096
    /// Most open connections from one peer address (the socket's; trusted proxies are exempt).
    /// 256 leaves room for a classroom behind one NAT address, several tabs each.
    public var maxConnectionsPerAddress = 256
    /// Most mebibytes of request bodies held in memory at once; beyond it uploads get a 503.
    public var maxBodyMemoryMiB = 256
    /// Searches per second each client (address) may make on average; 0 turns the limit off.
    public var searchRatePerSecond = 20
    /// Searches a client may make at once before the rate applies.
    public var searchBurst = 40
    /// Origins (`https://course.example.edu`) whose pages may read the public search and lecture
    /// API cross-origin, without credentials; `*` for any; empty for none.
    public var corsOrigins: [String] = []

    /// What a committed write survives, as SQLite's `synchronous` setting in WAL mode.
    public enum Durability: String, Sendable, Equatable, CaseIterable {
        /// `synchronous = NORMAL`: a crash or `kill -9` of the process loses nothing; a power
        /// loss or an operating-system crash may lose the last commits (never corrupt the file).
        case processCrash = "normal"
        /// `synchronous = FULL`: every commit is on disk before it is acknowledged, so it also
        /// survives a power loss, at the price of one flush per commit.
        case powerLoss = "full"
    }

    /// The defaults listed in README's configuration table.
    public init() {}
}
