/// The validated values of one command invocation. Handlers read them by their typed
/// declarations (`arguments[Serve.port]`, see ``Option``); lookups by name are internal, so a
/// mistyped option name cannot compile.
///
/// Every value has already been checked against its ``ValueKind``, so ``int(_:)`` and
/// ``double(_:)`` return `nil` only when the option has no value at all (or is not an
/// integer/number option).
public struct ParsedArguments: Sendable {
    /// The names of the commands from the root to the one that runs, e.g. `["lectern", "layout", "solve"]`.
    public let commandPath: [String]
    private let options: [String: String]
    private let flags: Set<String>
    private let positionals: [String: [String]]

    init(commandPath: [String], options: [String: String], flags: Set<String>, positionals: [String: [String]]) {
        self.commandPath = commandPath
        self.options = options
        self.flags = flags
        self.positionals = positionals
    }

    /// The option's value: from the command line, else its environment variable, else its default.
    func option(_ name: String) -> String? {
        options[name]
    }

    /// The option's value as an integer.
    func int(_ name: String) -> Int? {
        options[name].flatMap { Int($0) }
    }

    /// The option's value as a finite number.
    func double(_ name: String) -> Double? {
        options[name].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Whether the flag is on (from the command line or its environment variable).
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of a single positional argument, or its first value if it repeats; `nil` when omitted.
    func argument(_ name: String) -> String? {
        positionals[name]?.first
    }

    /// All values of a positional argument, in command-line order; empty when omitted.
    func arguments(_ name: String) -> [String] {
        positionals[name] ?? []
    }
}
