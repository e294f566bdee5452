/// Parses the tokens that follow a command's name into validated ``ParsedArguments``.
struct ArgumentScanner {
    private let path: [CommandSpec]
    private let command: CommandSpec
    private let environment: [String: String]
    private var given: [String: String] = [:]
    private var flagsOn: Set<String> = []
    private var positionals: [String] = []

    init(path: [CommandSpec], environment: [String: String]) {
        self.path = path
        self.command = path[path.count - 1]
        self.environment = environment
    }

    /// Scans `tokens` and resolves every value (command line, then environment, then default).
    static func parse(_ tokens: ArraySlice<String>, path: [CommandSpec],
                      environment: [String: String]) throws(UsageError) -> ParsedArguments {
        var scanner = ArgumentScanner(path: path, environment: environment)
        try scanner.scan(tokens)
        return try scanner.resolve()
    }

    // MARK: Scanning

    private mutating func scan(_ tokens: ArraySlice<String>) throws(UsageError) {
        var index = tokens.startIndex
        var optionsEnded = false
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            if optionsEnded || !Self.looksLikeOption(token) {
                positionals.append(token)
            } else if token == "--" {
                optionsEnded = true
            } else if token.hasPrefix("--") {
                try scanLong(token, tokens: tokens, index: &index)
            } else {
                try scanShortCluster(token, tokens: tokens, index: &index)
            }
        }
    }

    /// `--name`, `--name value` or `--name=value`.
    private mutating func scanLong(_ token: String, tokens: ArraySlice<String>, index: inout Int) throws(UsageError) {
        let body = token.dropFirst(2)
        let name: String
        let inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }
        if let option = command.options.first(where: { $0.name == name }) {
            let spelled = "--\(name)"
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                value = try takeValue(for: option, spelled: spelled, tokens: tokens, index: &index)
            }
            try record(value, for: option, spelled: spelled)
        } else if let flag = command.flags.first(where: { $0.name == name }) {
            if inlineValue != nil { throw error("Flag '--\(name)' does not take a value") }
            flagsOn.insert(flag.name)
        } else {
            let known = command.options.map(\.name) + command.flags.map(\.name) + ["help"]
            throw error("Unknown option '--\(name)'." + Suggestions.hint(for: name, among: known, prefix: "--"))
        }
    }

    /// `-q`, `-qv`, `-p 8080`, `-p8080` and `-qp 8080`: flags may be combined, and an option
    /// takes the rest of the cluster as its value, or else the next token.
    private mutating func scanShortCluster(_ token: String, tokens: ArraySlice<String>, index: inout Int) throws(UsageError) {
        let characters = Array(token.dropFirst())
        for (position, character) in characters.enumerated() {
            if let flag = command.flags.first(where: { $0.short == character }) {
                flagsOn.insert(flag.name)
            } else if let option = command.options.first(where: { $0.short == character }) {
                let rest = String(characters[(position + 1)...])
                let spelled = "-\(character)"
                let value: String
                if rest.isEmpty {
                    value = try takeValue(for: option, spelled: spelled, tokens: tokens, index: &index)
                } else {
                    value = rest
                }
                try record(value, for: option, spelled: spelled)
                return
            } else if position == 0, characters.count > 1 {
                let known = command.options.map(\.name) + command.flags.map(\.name) + ["help"]
                let typed = String(characters)
                throw error("Unknown option '\(token)'." + Suggestions.hint(for: typed, among: known, prefix: "--"))
            } else {
                throw error("Unknown option '-\(character)'.")
            }
        }
    }

    /// The value after an option: the next token, unless it is missing or is itself an option
    /// (use `--name=-value` for values starting with a dash).
    private func takeValue(for option: OptionSpec, spelled: String, tokens: ArraySlice<String>,
                           index: inout Int) throws(UsageError) -> String {
        guard index < tokens.endIndex, !Self.looksLikeOption(tokens[index]) else {
            throw error("Missing value for '\(spelled) <\(option.valueName)>'")
        }
        defer { index += 1 }
        return tokens[index]
    }

    private mutating func record(_ value: String, for option: OptionSpec, spelled: String) throws(UsageError) {
        let label = "'\(spelled) <\(option.valueName)>'"
        guard given[option.name] == nil else {
            throw error("Option \(label) was given more than once")
        }
        if let problem = option.kind.problem(with: value) {
            throw error("Invalid value '\(value)' for \(label): \(problem)")
        }
        given[option.name] = value
    }

    /// Whether a token is an option or `--` rather than a value: it starts with a dash, is longer
    /// than `-` (standard input by convention) and is not a negative number.
    static func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        let second = token[token.index(after: token.startIndex)]
        let isNegativeNumber = (second.isASCII && (second.isNumber || second == ".")) && Double(token) != nil
        return !isNegativeNumber
    }

    // MARK: Resolving

    private func resolve() throws(UsageError) -> ParsedArguments {
        var options: [String: String] = [:]
        for option in command.options {
            if let value = given[option.name] {
                options[option.name] = value
            } else if let variable = option.env, let value = environment[variable] {
                if let problem = option.kind.problem(with: value) {
                    throw error("Invalid value '\(value)' for '--\(option.name) <\(option.valueName)>' (from \(variable)): \(problem)")
                }
                options[option.name] = value
            } else if let value = option.defaultValue {
                options[option.name] = value
            } else if option.isRequired {
                throw error("Missing expected argument '--\(option.name) <\(option.valueName)>'")
            }
        }
        var flags = flagsOn
        for flag in command.flags where !flags.contains(flag.name) {
            if let variable = flag.env, let value = environment[variable], try Self.environmentFlag(value, flag: flag, variable: variable, path: path) {
                flags.insert(flag.name)
            }
        }
        return ParsedArguments(commandPath: path.map(\.name), options: options, flags: flags,
                               positionals: try assignPositionals())
    }

    private static let trueWords: Set<String> = ["1", "true", "yes", "on"]
    private static let falseWords: Set<String> = ["", "0", "false", "no", "off"]

    private static func environmentFlag(_ value: String, flag: FlagSpec, variable: String,
                                        path: [CommandSpec]) throws(UsageError) -> Bool {
        let word = value.lowercased()
        if trueWords.contains(word) { return true }
        if falseWords.contains(word) { return false }
        throw UsageError(message: "Invalid value '\(value)' for '--\(flag.name)' (from \(variable)): "
                         + "must be one of 1, 0, true, false, yes, no, on, off", path: path)
    }

    /// Distributes positional values over the argument specs (see ``ArgumentSpec``).
    private func assignPositionals() throws(UsageError) -> [String: [String]] {
        var assigned: [String: [String]] = [:]
        var next = 0
        let specs = command.arguments
        for (position, spec) in specs.enumerated() {
            let remaining = positionals.count - next
            let requiredAfter = specs[(position + 1)...].count { !$0.isOptional }
            let spare = max(0, remaining - requiredAfter)
            let take: Int
            if !spec.isOptional, remaining == 0 {
                throw error("Missing expected argument '<\(spec.name)>'")
            } else if spec.isRepeating {
                take = spec.isOptional ? spare : max(1, spare)
            } else {
                take = spec.isOptional ? min(1, spare) : 1
            }
            assigned[spec.name] = Array(positionals[next..<(next + take)])
            next += take
        }
        if next < positionals.count {
            throw error("Unexpected argument '\(positionals[next])'")
        }
        return assigned
    }

    private func error(_ message: String) -> UsageError {
        UsageError(message: message, path: path)
    }
}
