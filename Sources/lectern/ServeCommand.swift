import CLI
import Foundation
import Grading
import LecternApp

/// `lectern serve`: runs the web server until SIGINT or SIGTERM.
let serveCommand = CommandSpec(
    name: "serve",
    abstract: "Run the Lectern web server.",
    discussion: """
        Creates the database with its schema and the sample course on first start, then serves \
        the API and pages. Every option can also be set by the environment variable shown. \
        SIGINT or SIGTERM stop it gracefully: in-flight requests finish first.
        """,
    options: [
        OptionSpec("host", valueName: "address", help: "The address to listen on.",
                   default: "127.0.0.1", env: "LECTERN_HOST"),
        OptionSpec("port", short: "p", valueName: "port", help: "The TCP port to listen on (0 picks a free one).",
                   default: "8080", env: "LECTERN_PORT", kind: .int(range: 0...65535)),
        databaseOption,
        OptionSpec("exercises", valueName: "dir", help: "The folder of exercise definitions.",
                   default: "./Exercises", env: "LECTERN_EXERCISES", kind: .path),
        OptionSpec("content", valueName: "dir", help: "The folder of course content; the sample course is loaded from it into an empty database.",
                   default: "./Courses", env: "LECTERN_CONTENT", kind: .path),
        OptionSpec("public", valueName: "dir", help: "The folder of static files served at /.",
                   default: "./Public", env: "LECTERN_PUBLIC", kind: .path),
        OptionSpec("durability", valueName: "normal|full",
                   help: "What a committed write survives: normal, a crash of the process; full, also a power loss (one disk flush per commit).",
                   default: "normal", env: "LECTERN_DURABILITY",
                   kind: .choice(AppConfiguration.Durability.allCases.map(\.rawValue))),
        OptionSpec("grading-max-pivots", valueName: "n",
                   help: "Work budget of one layout grade, in simplex pivots over all its scenarios.",
                   default: String(SubmissionLimits.defaultMaxPivots), env: "LECTERN_GRADING_MAX_PIVOTS",
                   kind: .int(range: 1...100_000_000)),
        OptionSpec("grading-max-simulation-units", valueName: "n",
                   help: "Work budget of one dynamics grade, in simulation cost units (steps × shape pairs), checked before simulating.",
                   default: String(SubmissionLimits.defaultMaxSimulationUnits), env: "LECTERN_GRADING_MAX_SIMULATION_UNITS",
                   kind: .int(range: 1...1_000_000_000_000)),
        OptionSpec("grading-queue", valueName: "n",
                   help: "Grading jobs (one per user) that may wait for a grading thread; more get 503.",
                   default: "256", env: "LECTERN_GRADING_QUEUE", kind: .int(range: 1...100_000)),
        OptionSpec("trusted-proxies", valueName: "addresses",
                   help: "Comma-separated addresses of reverse proxies whose X-Forwarded-* headers are trusted.",
                   env: "LECTERN_TRUSTED_PROXIES"),
        OptionSpec("max-connections", valueName: "n",
                   help: "Most open connections; when all are taken, the longest-idle one is closed to make room.",
                   default: "4096", env: "LECTERN_MAX_CONNECTIONS", kind: .int(range: 1...1_000_000)),
        OptionSpec("max-connections-per-address", valueName: "n",
                   help: "Most open connections from one client address (trusted proxies are exempt).",
                   default: "256", env: "LECTERN_MAX_CONNECTIONS_PER_ADDRESS", kind: .int(range: 1...1_000_000)),
        OptionSpec("max-body-memory", valueName: "MiB",
                   help: "Most mebibytes of request bodies held in memory at once; beyond it uploads get a 503.",
                   default: "256", env: "LECTERN_MAX_BODY_MEMORY", kind: .int(range: 1...1_048_576)),
        OptionSpec("search-rate", valueName: "n",
                   help: "Searches per second each client address may make on average (0: no limit).",
                   default: "20", env: "LECTERN_SEARCH_RATE", kind: .int(range: 0...1_000_000)),
        OptionSpec("search-burst", valueName: "n",
                   help: "Searches a client address may make at once before the rate applies.",
                   default: "40", env: "LECTERN_SEARCH_BURST", kind: .int(range: 1...1_000_000)),
    ],
    flags: [
        FlagSpec("quiet", short: "q", help: "Do not write the access log.", env: "LECTERN_QUIET"),
        FlagSpec("bench-routes", help: "Also serve the benchmark routes under /bench.", env: "LECTERN_BENCH_ROUTES"),
    ],
    run: { arguments in
        var configuration = AppConfiguration()
        configuration.host = arguments.option("host") ?? configuration.host
        configuration.port = arguments.int("port") ?? configuration.port
        configuration.databasePath = arguments.option("db") ?? configuration.databasePath
        configuration.exercisesDirectory = arguments.option("exercises") ?? configuration.exercisesDirectory
        configuration.publicDirectory = arguments.option("public") ?? configuration.publicDirectory
        configuration.contentDirectory = arguments.option("content") ?? configuration.contentDirectory
        configuration.durability = arguments.option("durability").flatMap { AppConfiguration.Durability(rawValue: $0) } ?? .processCrash
        configuration.trustedProxies = (arguments.option("trusted-proxies") ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        configuration.gradingLimits.maxPivots = arguments.int("grading-max-pivots") ?? configuration.gradingLimits.maxPivots
        configuration.gradingLimits.maxSimulationUnits = arguments.int("grading-max-simulation-units")
            ?? configuration.gradingLimits.maxSimulationUnits
        configuration.gradingQueueLimit = arguments.int("grading-queue") ?? configuration.gradingQueueLimit
        configuration.maxConnections = arguments.int("max-connections") ?? configuration.maxConnections
        configuration.maxConnectionsPerAddress = arguments.int("max-connections-per-address") ?? configuration.maxConnectionsPerAddress
        configuration.maxBodyMemoryMiB = arguments.int("max-body-memory") ?? configuration.maxBodyMemoryMiB
        configuration.searchRatePerSecond = arguments.int("search-rate") ?? configuration.searchRatePerSecond
        configuration.searchBurst = arguments.int("search-burst") ?? configuration.searchBurst
        configuration.quiet = arguments.flag("quiet")
        configuration.benchRoutes = arguments.flag("bench-routes")
        try ServeUsageError.checkAddress(configuration.host, option: "--host <address>")
        for proxy in configuration.trustedProxies {
            try ServeUsageError.checkAddress(proxy, option: "--trusted-proxies <addresses>")
        }

        let console: @Sendable (String) -> Void = { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        Application.handleTerminationSignals()
        let application = try await Application.start(configuration, console: console)
        console("Lectern listening on \(application.url)")
        await application.runUntilTerminated()
        return 0
    })

/// A value the parser accepted but `serve` cannot use: exit code 2 with a one-line message and the usage.
struct ServeUsageError: ExitCodeError {
    let message: String
    var exitCode: Int32 { 2 }

    /// Throws unless `text` is an IPv4 or IPv6 address literal.
    static func checkAddress(_ text: String, option: String) throws(ServeUsageError) {
        var storage = in6_addr()
        guard inet_pton(AF_INET, text, &storage) == 1 || inet_pton(AF_INET6, text, &storage) == 1 else {
            let usage = CommandLineParser.help(for: [CommandSpec(name: "lectern", abstract: ""), serveCommand])
            throw ServeUsageError(message: "Invalid value '\(text)' for '\(option)': must be an IPv4 or IPv6 address\n\n\(usage)")
        }
    }
}
