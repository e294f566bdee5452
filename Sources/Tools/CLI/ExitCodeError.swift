/// An error that decides how the process ends when a command handler throws it.
///
/// Other errors thrown by a handler print `Error: <description>` and exit with code 1; an
/// `ExitCodeError` prints `Error: <message>` (nothing when the message is empty) and exits with
/// `exitCode`, e.g. 2 for input that cannot be read or parsed.
public protocol ExitCodeError: Error {
    /// The process exit code.
    var exitCode: Int32 { get }
    /// One line for standard error, without the `Error: ` prefix; empty to print nothing.
    var message: String { get }
}
