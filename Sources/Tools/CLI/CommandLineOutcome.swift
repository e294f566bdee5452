/// What a command line asks for, as decided by ``CommandLineParser/parse(_:root:environment:version:)``.
public enum CommandLineOutcome: Sendable {
    /// Run this command's handler with these arguments.
    case run(CommandSpec, ParsedArguments)
    /// Print this help text to standard output and exit 0.
    case help(String)
    /// Print this version string to standard output and exit 0.
    case version(String)
    /// A usage error. `message` is one line without the `Error: ` prefix; `usage` is the text to
    /// print after a blank line: the usage line(s) of the command concerned followed by a
    /// "See '… --help' for more information." line (or, for a group run without a subcommand,
    /// the group's full help).
    case failure(message: String, usage: String, exitCode: Int32)
}
