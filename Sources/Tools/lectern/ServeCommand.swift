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
    options: Serve.options.map(\.spec),
    flags: [Serve.quiet.spec, Serve.benchRoutes.spec],
    run: { arguments in
        var configuration = AppConfiguration()
        configuration.host = arguments[Serve.host]
        configuration.port = arguments[Serve.port]
        configuration.databasePath = arguments[Common.database]
        configuration.exercisesDirectory = arguments[Common.exercises]
        configuration.publicDirectory = arguments[Serve.publicDirectory]
        configuration.contentDirectory = arguments[Serve.content]
        configuration.durability = arguments[Serve.durability]
        configuration.trustedProxies = list(arguments[Serve.trustedProxies])
        configuration.gradingLimits.maxPivots = arguments[Serve.maxPivots]
        configuration.gradingLimits.maxSimulationUnits = arguments[Serve.maxSimulationUnits]
        configuration.gradingQueueLimit = arguments[Serve.gradingQueue]
        configuration.maxConnections = arguments[Serve.maxConnections]
        configuration.maxConnectionsPerAddress = arguments[Serve.maxConnectionsPerAddress]
        configuration.maxBodyMemoryMiB = arguments[Serve.maxBodyMemory]
        configuration.searchRatePerSecond = arguments[Serve.searchRate]
        configuration.searchBurst = arguments[Serve.searchBurst]
        configuration.corsOrigins = list(arguments[Serve.corsOrigins])
        for origin in configuration.corsOrigins {
            try ServeUsageError.checkOrigin(origin, option: "--cors-origins <origins>")
        }
        configuration.quiet = arguments[Serve.quiet]
        configuration.benchRoutes = arguments[Serve.benchRoutes]
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

    /// Throws unless `text` is `*` or an origin: `http` or `https`, a host, perhaps a port, no path.
    static func checkOrigin(_ text: String, option: String) throws(ServeUsageError) {
        if text == "*" { return }
        let rest = text.hasPrefix("https://") ? text.dropFirst(8) : text.hasPrefix("http://") ? text.dropFirst(7) : nil
        guard let rest, !rest.isEmpty, !rest.contains("/"), !rest.contains("@"), !rest.contains(" ") else {
            let usage = CommandLineParser.help(for: [CommandSpec(name: "lectern", abstract: ""), serveCommand])
            throw ServeUsageError(message: "Invalid value '\(text)' for '\(option)': must be * or an origin such as https://course.example.edu\n\n\(usage)")
        }
    }

    /// Throws unless `text` is an IPv4 or IPv6 address literal.
    static func checkAddress(_ text: String, option: String) throws(ServeUsageError) {
        var storage = in6_addr()
        guard inet_pton(AF_INET, text, &storage) == 1 || inet_pton(AF_INET6, text, &storage) == 1 else {
            let usage = CommandLineParser.help(for: [CommandSpec(name: "lectern", abstract: ""), serveCommand])
            throw ServeUsageError(message: "Invalid value '\(text)' for '\(option)': must be an IPv4 or IPv6 address\n\n\(usage)")
        }
    }
}

/// A comma-separated list, trimmed, without empty entries.
private func list(_ text: String?) -> [String] {
    (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}

/// `serve`'s options, each with its default from `AppConfiguration`.
private enum Serve {
    private static let defaults = AppConfiguration()

    static let host = Option("host", valueName: "address", help: "The address to listen on.", default: defaults.host,
                             env: "LECTERN_HOST")
    static let port = Option("port", short: "p", valueName: "port", help: "The TCP port to listen on (0 picks a free one).",
                             default: defaults.port, range: 0...65535, env: "LECTERN_PORT")
    static let content = Option(
        "content", valueName: "dir",
        help: "The folder of course content; the sample course is loaded from it into an empty database.",
        default: defaults.contentDirectory, env: "LECTERN_CONTENT", kind: .path)
    static let publicDirectory = Option("public", valueName: "dir", help: "The folder of static files served at /.",
                                        default: defaults.publicDirectory, env: "LECTERN_PUBLIC", kind: .path)
    static let durability = Option(
        "durability", valueName: "normal|full",
        help: "What a committed write survives: normal, a crash of the process; full, also a power loss (one disk flush per commit).",
        default: defaults.durability, env: "LECTERN_DURABILITY")
    static let maxPivots = Option(
        "grading-max-pivots", help: "Work budget of one layout grade, in simplex pivots over all its scenarios.",
        default: defaults.gradingLimits.maxPivots, range: 1...100_000_000, env: "LECTERN_GRADING_MAX_PIVOTS")
    static let maxSimulationUnits = Option(
        "grading-max-simulation-units",
        help: "Work budget of one dynamics grade, in simulation cost units (steps × shape pairs), checked before simulating.",
        default: defaults.gradingLimits.maxSimulationUnits, range: 1...1_000_000_000_000, env: "LECTERN_GRADING_MAX_SIMULATION_UNITS")
    static let gradingQueue = Option(
        "grading-queue", help: "Grading jobs (one per user) that may wait for a grading thread; more get 503.",
        default: defaults.gradingQueueLimit, range: 1...100_000, env: "LECTERN_GRADING_QUEUE")
    static let trustedProxies = Option<String?>(
        "trusted-proxies", valueName: "addresses",
        help: "Comma-separated addresses of reverse proxies whose X-Forwarded-* headers are trusted.", env: "LECTERN_TRUSTED_PROXIES")
    static let maxConnections = Option(
        "max-connections", help: "Most open connections; when all are taken, the longest-idle one is closed to make room.",
        default: defaults.maxConnections, range: 1...1_000_000, env: "LECTERN_MAX_CONNECTIONS")
    static let maxConnectionsPerAddress = Option(
        "max-connections-per-address", help: "Most open connections from one client address (trusted proxies are exempt).",
        default: defaults.maxConnectionsPerAddress, range: 1...1_000_000, env: "LECTERN_MAX_CONNECTIONS_PER_ADDRESS")
    static let maxBodyMemory = Option(
        "max-body-memory", valueName: "MiB",
        help: "Most mebibytes of request bodies held in memory at once; beyond it uploads get a 503.",
        default: defaults.maxBodyMemoryMiB, range: 1...1_048_576, env: "LECTERN_MAX_BODY_MEMORY")
    static let searchRate = Option(
        "search-rate", help: "Searches per second each client address may make on average (0: no limit).",
        default: defaults.searchRatePerSecond, range: 0...1_000_000, env: "LECTERN_SEARCH_RATE")
    static let searchBurst = Option(
        "search-burst", help: "Searches a client address may make at once before the rate applies.",
        default: defaults.searchBurst, range: 1...1_000_000, env: "LECTERN_SEARCH_BURST")
    static let corsOrigins = Option<String?>(
        "cors-origins", valueName: "origins",
        help: "Comma-separated origins (https://course.example.edu, or *) whose pages may read the public search and lecture API cross-origin, without credentials.",
        env: "LECTERN_CORS_ORIGINS")
    static let quiet = Flag("quiet", short: "q", help: "Do not write the access log.", env: "LECTERN_QUIET")
    static let benchRoutes = Flag("bench-routes", help: "Also serve the benchmark routes under /bench.", env: "LECTERN_BENCH_ROUTES")

    /// In the order help lists them.
    static let options: [any OptionDeclaration] = [
        host, port, Common.database, Common.exercises, content, publicDirectory, durability, maxPivots, maxSimulationUnits,
        gradingQueue, trustedProxies, maxConnections, maxConnectionsPerAddress, maxBodyMemory, searchRate, searchBurst, corsOrigins,
    ]
}
