import Foundation

/// What a command-line tool produced: text for standard output and standard error, and the exit code.
///
/// The `lectern` executable only parses arguments; the work behind each command lives here, in
/// functions that return a `ToolOutput`, so tests can call them without spawning a process.
public struct ToolOutput: Sendable, Equatable {
    public var standardOutput: String
    public var standardError: String
    public var exitCode: Int32

    public init(standardOutput: String = "", standardError: String = "", exitCode: Int32) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exitCode = exitCode
    }

    /// A failure to read an input file: exit code 2, the reason on standard error.
    static func unreadable(_ path: String, _ error: any Error) -> ToolOutput {
        ToolOutput(standardError: "Error: cannot read '\(path)': \(describe(error))\n", exitCode: 2)
    }

    /// Writes both streams and returns the exit code.
    public func emit() -> Int32 {
        if !standardOutput.isEmpty { FileHandle.standardOutput.write(Data(standardOutput.utf8)) }
        if !standardError.isEmpty { FileHandle.standardError.write(Data(standardError.utf8)) }
        return exitCode
    }
}

/// Reads a UTF-8 text file of at most `limit` bytes.
func readTextFile(_ path: String, limit: Int) throws -> String {
    let url = URL(fileURLWithPath: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes[.size] as? Int, size > limit {
        throw ToolInputError("the file is \(size) bytes; the limit is \(limit)")
    }
    let data = try Data(contentsOf: url)
    guard let text = String(data: data, encoding: .utf8) else { throw ToolInputError("the file is not valid UTF-8") }
    return text
}

/// An input that a tool refuses before parsing it.
struct ToolInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

private func describe(_ error: any Error) -> String {
    if let error = error as? ToolInputError { return error.description }
    if let error = error as? CocoaError, let path = error.userInfo[NSFilePathErrorKey] as? String {
        return error.code == .fileReadNoSuchFile ? "no such file" : "\(error.localizedDescription) (\(path))"
    }
    return error.localizedDescription
}
