/// Renders help and usage text in the familiar OVERVIEW / USAGE / ARGUMENTS / OPTIONS /
/// SUBCOMMANDS layout: labels indented by two spaces, descriptions aligned at a fixed column,
/// everything wrapped at 80 columns.
enum HelpFormatter {
    /// The maximum line width.
    static let width = 80
    /// The column where descriptions start.
    static let descriptionColumn = 26

    /// The full help of the last command in `path`.
    static func help(for path: [CommandSpec], showsVersion: Bool) -> String {
        guard let command = path.last else { return "" }
        var sections: [[String]] = []
        sections.append(TextWrapper.wrap(TextWrapper.words(command.abstract), firstPrefix: "OVERVIEW: ", indent: 0, width: width))
        if let discussion = command.discussion {
            sections.append(TextWrapper.wrapParagraphs(discussion, width: width))
        }
        sections.append(usageLines(for: path, prefix: "USAGE: "))
        if !command.arguments.isEmpty {
            sections.append(["ARGUMENTS:"] + command.arguments.flatMap { row(label: argumentLabel($0), description: $0.help) })
        }
        sections.append(["OPTIONS:"] + optionRows(for: command, showsVersion: showsVersion && path.count == 1))
        if !command.subcommands.isEmpty {
            let names = path.dropFirst().map(\.name)
            let helpCommand = ([path[0].name, "help"] + names + ["<subcommand>"]).joined(separator: " ")
            let rows = command.subcommands.flatMap { subcommand in
                let label = subcommand.name + (subcommand.name == command.defaultSubcommand ? " (default)" : "")
                return row(label: label, description: subcommand.abstract)
            }
            sections.append(["SUBCOMMANDS:"] + rows + ["", "  See '\(helpCommand)' for detailed help."])
        }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// What follows an error message: the usage line(s) and where to find more help.
    static func errorUsage(for path: [CommandSpec]) -> String {
        let commandLine = path.commandLine
        return (usageLines(for: path, prefix: "Usage: ") + ["See '\(commandLine) --help' for more information."])
            .joined(separator: "\n")
    }

    /// One usage line per way of invoking the command (its own arguments and/or a subcommand),
    /// each wrapped with continuation lines aligned after the command name.
    static func usageLines(for path: [CommandSpec], prefix: String) -> [String] {
        guard let command = path.last else { return [] }
        let commandLine = path.commandLine
        var synopses: [[String]] = []
        if command.run != nil || command.subcommands.isEmpty {
            synopses.append(synopsis(of: command))
        }
        if !command.subcommands.isEmpty {
            synopses.append(["<subcommand>"])
        }
        let head = prefix + commandLine
        let indent = head.count + 1 <= width / 2 ? head.count + 1 : prefix.count + 4
        return synopses.flatMap { elements in
            TextWrapper.wrap([head] + elements, firstPrefix: "", indent: indent, width: width)
        }
    }

    // MARK: Pieces

    private static func synopsis(of command: CommandSpec) -> [String] {
        let options = command.options.map { option in
            let element = "--\(option.name) <\(option.valueName)>"
            return option.isRequired && option.defaultValue == nil && option.env == nil ? element : "[\(element)]"
        }
        let flags = command.flags.map { "[--\($0.name)]" }
        let arguments = command.arguments.map { argument in
            let element = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
            return argument.isOptional ? "[\(element)]" : element
        }
        return options + flags + arguments
    }

    private static func argumentLabel(_ argument: ArgumentSpec) -> String {
        "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
    }

    private static func optionRows(for command: CommandSpec, showsVersion: Bool) -> [String] {
        var rows: [String] = []
        for option in command.options {
            var notes: [String] = []
            if case .choice(let choices) = option.kind {
                notes.append("(values: \(choices.joined(separator: ", ")))")
            }
            if let value = option.defaultValue { notes.append("(default: \(value))") }
            if let variable = option.env { notes.append("(env: \(variable))") }
            let label = names(long: option.name, short: option.short) + " <\(option.valueName)>"
            rows += row(label: label, description: option.help, notes: notes)
        }
        for flag in command.flags {
            rows += row(label: names(long: flag.name, short: flag.short), description: flag.help,
                        notes: flag.env.map { ["(env: \($0))"] } ?? [])
        }
        if showsVersion {
            rows += row(label: "--version", description: "Show the version.")
        }
        rows += row(label: "-h, --help", description: "Show help information.")
        return rows
    }

    private static func names(long: String, short: Character?) -> String {
        short.map { "-\($0), --\(long)" } ?? "--\(long)"
    }

    /// A label indented by two spaces with its description starting at ``descriptionColumn``;
    /// a label too wide for that column gets the description on the following lines. Each note,
    /// such as `(default: 8080)`, is kept whole on one line.
    private static func row(label: String, description: String, notes: [String] = []) -> [String] {
        let indentedLabel = "  " + label
        let words = TextWrapper.words(description) + notes
        let column = String(repeating: " ", count: descriptionColumn)
        if indentedLabel.count + 2 <= descriptionColumn {
            let padded = indentedLabel + String(repeating: " ", count: descriptionColumn - indentedLabel.count)
            return TextWrapper.wrap(words, firstPrefix: padded, indent: descriptionColumn, width: width)
        }
        return [indentedLabel] + TextWrapper.wrap(words, firstPrefix: column, indent: descriptionColumn, width: width)
    }
}
