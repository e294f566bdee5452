/// A named option that takes a value: `--port 8080`, `--port=8080` or `-p 8080`.
///
/// When the option is absent from the command line, its value comes from the environment
/// variable `env` (if set), else from `default`. Each option may be given at most once.
public struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `port` for `--port`; also the key for ``ParsedArguments/option(_:)``.
    public let name: String
    /// An optional single-character short name, e.g. `p` for `-p`.
    public let short: Character?
    /// The placeholder shown in help and messages, e.g. `port` renders as `--port <port>`.
    public let valueName: String
    /// One-line description shown in help.
    public let help: String
    /// The value used when neither the command line nor the environment provides one.
    public let defaultValue: String?
    /// The environment variable that supplies the value when the command line does not.
    public let env: String?
    /// How the value is validated.
    public let kind: ValueKind
    /// Whether parsing fails when no value comes from the command line, environment or default.
    public let isRequired: Bool

    /// Creates an option.
    /// - Parameters:
    ///   - name: Long name without dashes.
    ///   - short: Optional short name.
    ///   - valueName: Placeholder for help text (`--name <valueName>`).
    ///   - help: One-line description.
    ///   - default: Fallback value, shown in help as `(default: …)`.
    ///   - env: Environment variable mirroring the option, shown in help as `(env: …)`.
    ///   - kind: Validation applied to the value from any source.
    ///   - required: Whether a value must be supplied (by argv, environment or default).
    public init(_ name: String, short: Character? = nil, valueName: String = "value", help: String,
                default: String? = nil, env: String? = nil, kind: ValueKind = .string, required: Bool = false) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.help = help
        self.defaultValue = `default`
        self.env = env
        self.kind = kind
        self.isRequired = required
    }
}

/// A Boolean switch: `--json`, `-q`, or combined short flags such as `-qv`.
///
/// A flag is on when given on the command line, else when its environment variable holds a true
/// value (`1`, `true`, `yes`, `on`); `0`, `false`, `no`, `off` and the empty string mean off.
public struct FlagSpec: Sendable {
    /// The long name without dashes; also the key for ``ParsedArguments/flag(_:)``.
    public let name: String
    /// An optional single-character short name.
    public let short: Character?
    /// One-line description shown in help.
    public let help: String
    /// The environment variable that can turn the flag on.
    public let env: String?

    /// Creates a flag.
    public init(_ name: String, short: Character? = nil, help: String, env: String? = nil) {
        self.name = name
        self.short = short
        self.help = help
        self.env = env
    }
}

/// A positional argument, shown as `<name>`.
///
/// Positional values are assigned left to right: required arguments take one value each,
/// optional ones take a value only when enough remain for the required arguments after them,
/// and a repeating argument takes every value those leave over (at least one unless optional).
public struct ArgumentSpec: Sendable {
    /// The name shown as `<name>`; also the key for ``ParsedArguments/argument(_:)``.
    public let name: String
    /// One-line description shown in help.
    public let help: String
    /// Whether the argument may be omitted.
    public let isOptional: Bool
    /// Whether the argument collects several values.
    public let isRepeating: Bool

    /// Creates a positional argument.
    public init(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeating = repeating
    }
}

/// A command: its help text, its options, flags and positional arguments, its subcommands,
/// and the handler that runs it.
///
/// A command with subcommands is a group. Running a group without naming a subcommand runs its
/// `defaultSubcommand` if any, else its own handler if any; otherwise it is a usage error
/// (exit code 2) whose usage part is the group's full help, listing the subcommands.
public struct CommandSpec: Sendable {
    /// The name typed on the command line (the program name for the root command).
    public let name: String
    /// One-line summary, shown after `OVERVIEW:` and in the parent's subcommand list.
    public let abstract: String
    /// Longer text shown after the overview; line breaks separate paragraphs.
    public let discussion: String?
    /// Options taking values.
    public let options: [OptionSpec]
    /// Boolean flags.
    public let flags: [FlagSpec]
    /// Positional arguments, in order.
    public let arguments: [ArgumentSpec]
    /// Nested commands.
    public let subcommands: [CommandSpec]
    /// The subcommand run when none is named.
    public let defaultSubcommand: String?
    /// The handler; its result is the process exit code.
    public let run: (@Sendable (ParsedArguments) async throws -> Int32)?

    /// Creates a command.
    public init(name: String, abstract: String, discussion: String? = nil, options: [OptionSpec] = [],
                flags: [FlagSpec] = [], arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [],
                defaultSubcommand: String? = nil, run: (@Sendable (ParsedArguments) async throws -> Int32)? = nil) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.flags = flags
        self.arguments = arguments
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.run = run
    }

    /// The direct subcommand called `name`, if any.
    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}

extension Array where Element == CommandSpec {
    /// The command names from the root, as typed: `lectern layout solve`.
    var commandLine: String {
        map(\.name).joined(separator: " ")
    }
}
