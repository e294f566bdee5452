import Foundation

/// The entry point of a command-line program: the only place that prints and exits.
public enum CommandLineTool {
    /// Parses the process's arguments and environment against `root`, then:
    /// - help and version: printed to standard output, exit 0;
    /// - usage errors: `Error: <message>`, a blank line and the usage to standard error, exit 2;
    /// - a command: runs its handler and exits with the code it returns; a thrown error prints
    ///   `Error: <description>` to standard error and exits 1, or as an ``ExitCodeError`` says.
    public static func main(_ root: CommandSpec, version: String) async -> Never {
        let outcome = CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()), root: root,
                                              environment: ProcessInfo.processInfo.environment, version: version)
        let result = await perform(outcome)
        write(result.standardOutput, to: .standardOutput)
        write(result.standardError, to: .standardError)
        exit(result.exitCode)
    }

    /// What the process prints and how it exits for an outcome.
    struct Termination: Equatable {
        var standardOutput = ""
        var standardError = ""
        var exitCode: Int32
    }

    /// Runs the outcome's handler, if any, and decides the output and exit code.
    static func perform(_ outcome: CommandLineOutcome) async -> Termination {
        switch outcome {
        case .help(let text), .version(let text):
            return Termination(standardOutput: text + "\n", exitCode: 0)
        case .failure(let message, let usage, let exitCode):
            return Termination(standardError: "Error: \(message)\n\n\(usage)\n", exitCode: exitCode)
        case .run(let command, let arguments):
            guard let run = command.run else {
                return Termination(standardError: "Error: '\(arguments.commandPath.joined(separator: " "))' has nothing to run\n",
                                   exitCode: 2)
            }
            do {
                return Termination(exitCode: try await run(arguments))
            } catch let error as any ExitCodeError {
                return Termination(standardError: error.message.isEmpty ? "" : "Error: \(error.message)\n",
                                   exitCode: error.exitCode)
            } catch {
                return Termination(standardError: "Error: \(describe(error))\n", exitCode: 1)
            }
        }
    }

    /// A `LocalizedError`'s description when it provides one, else the error's own description.
    static func describe(_ error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        guard !text.isEmpty else { return }
        handle.write(Data(text.utf8))
    }
}
