/// An option a handler reads by the option itself, typed: `arguments[Serve.port]` is an `Int`.
///
/// Declare each option once, with its default as a value of its own type; the spec the parser
/// and the help text use is made from it. A handler that names an option that does not exist,
/// or reads it as the wrong type, does not compile.
///
/// ```swift
/// enum Serve {
///     static let port = Option("port", short: "p", help: "The TCP port.", default: 8080, range: 0...65535, env: "LECTERN_PORT")
///     static let host = Option("host", help: "The address to listen on.", default: "127.0.0.1")
/// }
/// let serve = CommandSpec(name: "serve", abstract: "…", options: [Serve.port.spec, Serve.host.spec]) { arguments in
///     let port: Int = arguments[Serve.port]
/// }
/// ```
public struct Option<Value: Sendable>: OptionDeclaration {
    /// What the parser and the help text see.
    public let spec: OptionSpec
    /// The value when neither the command line nor the environment gives one.
    public let defaultValue: Value
    private let convert: @Sendable (String) -> Value?

    /// Reads the option's value from parsed arguments: already checked against the spec's kind,
    /// so the conversion does not fail; the default covers an absent value.
    func value(in arguments: ParsedArguments) -> Value {
        arguments.option(spec.name).flatMap(convert) ?? defaultValue
    }
}

extension Option where Value == String {
    /// Text, with a default.
    public init(_ name: String, short: Character? = nil, valueName: String = "value", help: String, default: String,
                env: String? = nil, kind: ValueKind = .string) {
        spec = OptionSpec(name, short: short, valueName: valueName, help: help, default: `default`, env: env, kind: kind)
        defaultValue = `default`
        convert = { $0 }
    }
}

extension Option where Value == String? {
    /// Text that may be absent (`required` makes the parser insist on it).
    public init(_ name: String, short: Character? = nil, valueName: String = "value", help: String, env: String? = nil,
                kind: ValueKind = .string, required: Bool = false) {
        spec = OptionSpec(name, short: short, valueName: valueName, help: help, env: env, kind: kind, required: required)
        defaultValue = nil
        convert = { $0 }
    }
}

extension Option where Value == Int {
    /// An integer in `range`, with a default.
    public init(_ name: String, short: Character? = nil, valueName: String = "n", help: String, default: Int,
                range: ClosedRange<Int>? = nil, env: String? = nil) {
        spec = OptionSpec(name, short: short, valueName: valueName, help: help, default: String(`default`), env: env,
                          kind: .int(range: range))
        defaultValue = `default`
        convert = { Int($0) }
    }
}

extension Option where Value == Int? {
    /// An integer in `range` that may be absent.
    public init(_ name: String, short: Character? = nil, valueName: String = "n", help: String, range: ClosedRange<Int>? = nil,
                env: String? = nil, required: Bool = false) {
        spec = OptionSpec(name, short: short, valueName: valueName, help: help, env: env, kind: .int(range: range),
                          required: required)
        defaultValue = nil
        convert = { Int($0) }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of an enumeration's cases, by raw value, with a default.
    public init(_ name: String, short: Character? = nil, valueName: String? = nil, help: String, default: Value,
                env: String? = nil) {
        let choices = Value.allCases.map(\.rawValue)
        spec = OptionSpec(name, short: short, valueName: valueName ?? choices.joined(separator: "|"), help: help,
                          default: `default`.rawValue, env: env, kind: .choice(choices))
        defaultValue = `default`
        convert = { Value(rawValue: $0) }
    }
}

/// Any typed option, for lists of them (`options: all.map(\.spec)`).
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// A switch a handler reads by the flag itself: `arguments[Serve.quiet]` is a `Bool`.
public struct Flag: Sendable {
    public let spec: FlagSpec

    public init(_ name: String, short: Character? = nil, help: String, env: String? = nil) {
        spec = FlagSpec(name, short: short, help: help, env: env)
    }
}

/// A positional argument a handler reads by the argument itself.
public struct Argument: Sendable {
    public let spec: ArgumentSpec

    public init(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) {
        spec = ArgumentSpec(name, help: help, optional: optional, repeating: repeating)
    }
}

extension ParsedArguments {
    /// The option's value: from the command line, else its environment variable, else its default.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        option.value(in: self)
    }

    /// Whether the flag is on.
    public subscript(_ flag: Flag) -> Bool {
        self.flag(flag.spec.name)
    }

    /// The argument's value (its first, if it repeats), or nil when omitted.
    public subscript(_ argument: Argument) -> String? {
        self.argument(argument.spec.name)
    }

    /// Every value of a repeating argument, in order.
    public subscript(all argument: Argument) -> [String] {
        arguments(argument.spec.name)
    }
}
