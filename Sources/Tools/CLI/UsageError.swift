/// A command-line mistake found while parsing, reported against the command it concerns.
struct UsageError: Error {
    /// One line, without the `Error: ` prefix.
    let message: String
    /// The commands from the root to the one whose usage should be shown.
    let path: [CommandSpec]
    /// Whether the full help of the command should follow the message instead of its usage line.
    var showsFullHelp = false
}
