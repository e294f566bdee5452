/// Turns a command line into a ``CommandLineOutcome``. Pure: no printing, no exiting, and the
/// environment is passed in, so every outcome can be tested.
public enum CommandLineParser {
    /// Parses `argv` against the command tree rooted at `root`.
    ///
    /// - Parameters:
    ///   - argv: The arguments after the program name.
    ///   - root: The root command; its `name` is the program name shown in help.
    ///   - environment: Environment variables consulted for options and flags that declare `env`.
    ///   - version: The version printed for `--version` at the root; without it `--version` is unknown.
    ///
    /// Subcommands are named first (`lectern layout solve FILE`); `help [<subcommand> ...]` at any
    /// group shows the named command's help; `--help` or `-h` anywhere before `--` shows the help
    /// of the command named so far. Errors come back as `.failure` with exit code 2.
    public static func parse(_ argv: [String], root: CommandSpec, environment: [String: String],
                             version: String? = nil) -> CommandLineOutcome {
        do {
            return try outcome(argv, root: root, environment: environment, version: version)
        } catch {
            let usage = error.showsFullHelp
                ? HelpFormatter.help(for: error.path, showsVersion: version != nil)
                : HelpFormatter.errorUsage(for: error.path)
            return .failure(message: error.message, usage: usage, exitCode: 2)
        }
    }

    /// The help text of the last command in `path` (the root first), listing `--version` in the
    /// root's help when a `version` is given.
    public static func help(for path: [CommandSpec], version: String? = nil) -> String {
        HelpFormatter.help(for: path, showsVersion: version != nil)
    }

    // MARK: Command resolution

    private static func outcome(_ argv: [String], root: CommandSpec, environment: [String: String],
                                version: String?) throws(UsageError) -> CommandLineOutcome {
        let helpRequested = argv.prefix { $0 != "--" }.contains { isHelpFlag($0) }
        var path = [root]
        var index = argv.startIndex
        while let command = path.last, !command.subcommands.isEmpty {
            let token = index < argv.endIndex ? argv[index] : nil
            if let token, let subcommand = command.subcommand(named: token) {
                path.append(subcommand)
                index += 1
            } else if token == "help" {
                return .help(try helpCommand(names: argv[(index + 1)...], from: path, version: version))
            } else if let token, isHelpFlag(token) {
                return .help(HelpFormatter.help(for: path, showsVersion: version != nil))
            } else if let token, token == "--version", path.count == 1, let version {
                return .version(version)
            } else if let defaultName = command.defaultSubcommand, let subcommand = command.subcommand(named: defaultName) {
                path.append(subcommand)
            } else if command.run != nil {
                break
            } else if let token {
                throw unknownSubcommand(token, path: path, version: version)
            } else {
                throw UsageError(message: "Missing expected subcommand for '\(path.commandLine)'", path: path, showsFullHelp: true)
            }
        }
        if helpRequested {
            return .help(HelpFormatter.help(for: path, showsVersion: version != nil))
        }
        let rest = argv[index...]
        if path.count == 1, let version, rest.prefix(while: { $0 != "--" }).contains("--version") {
            return .version(version)
        }
        guard let command = path.last, command.run != nil else {
            throw UsageError(message: "'\(path.commandLine)' has nothing to run", path: path, showsFullHelp: true)
        }
        return .run(command, try ArgumentScanner.parse(rest, path: path, environment: environment))
    }

    /// `help a b`: the help of subcommand `b` of `a` below the current command.
    private static func helpCommand(names: ArraySlice<String>, from start: [CommandSpec],
                                    version: String?) throws(UsageError) -> String {
        var path = start
        for name in names where !isHelpFlag(name) {
            guard let command = path.last, let subcommand = command.subcommand(named: name) else {
                throw unknownSubcommand(name, path: path, version: version)
            }
            path.append(subcommand)
        }
        return HelpFormatter.help(for: path, showsVersion: version != nil)
    }

    /// The error for a token that names no subcommand of a group (or no option a group accepts).
    private static func unknownSubcommand(_ token: String, path: [CommandSpec], version: String?) -> UsageError {
        let names = path.last.map { $0.subcommands.map(\.name) } ?? []
        if token.hasPrefix("-") {
            let known = path.count == 1 && version != nil ? ["help", "version"] : ["help"]
            let name = String(token.drop { $0 == "-" })
            return UsageError(message: "Unknown option '\(token)'." + Suggestions.hint(for: name, among: known, prefix: "--"),
                              path: path)
        }
        return UsageError(message: "Unknown subcommand '\(token)'." + Suggestions.hint(for: token, among: names), path: path)
    }

    private static func isHelpFlag(_ token: String) -> Bool {
        token == "--help" || token == "-h"
    }
}
