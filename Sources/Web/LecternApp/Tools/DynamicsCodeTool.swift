import BehaviorCode
import Dynamics
import Grading
import JSON
import SourceCode

extension DynamicsTool {
    /// The largest code file read.
    static let maxCodeBytes = SourceLimits.default.maxBytes

    /// `lectern dynamics convert FILE [--json]`: the behavior tree of UIKit Dynamics code.
    /// - Returns: exit code 0 with the tree (or, with `json`, the tree, what was skipped and the
    ///   warnings) on standard output; 2 when the file cannot be read, with `line:column`.
    public static func convert(path: String, json: Bool) -> ToolOutput {
        let text: String
        do {
            text = try readTextFile(path, limit: maxCodeBytes)
        } catch {
            return .unreadable(path, error)
        }
        let conversion: BehaviorConversion
        do {
            conversion = try BehaviorCode.convert(text, language: language(of: path))
        } catch {
            return ToolOutput(standardError: "Error: \(path):\(error.description)\n", exitCode: 2)
        }
        if json {
            var writer = JSONWriter()
            conversion.writeJSON(to: &writer)
            return ToolOutput(standardOutput: writer.string + "\n", exitCode: 0)
        }
        return ToolOutput(standardOutput: conversion.tree.serialized(pretty: true) + "\n",
                          standardError: notes(conversion, path: path), exitCode: 0)
    }

    /// `lectern dynamics export TREE.json --objc|--swift`: a `UIDynamicBehavior` subclass.
    public static func export(path: String, swift: Bool, className: String = "DropitBehavior") -> ToolOutput {
        let text: String
        do {
            text = try readTextFile(path, limit: maxSceneBytes)
        } catch {
            return .unreadable(path, error)
        }
        do {
            let tree = try JSONParser.parse(text)
            let code = try BehaviorExport.code(tree, language: swift ? .swift : .objectiveC, className: className)
            return ToolOutput(standardOutput: code, exitCode: 0)
        } catch let error as JSONParseError {
            return ToolOutput(standardError: "Error: \(path):\(error.line):\(error.column): \(error.message)\n", exitCode: 2)
        } catch {
            return ToolOutput(standardError: "Error: \(path): \(error)\n", exitCode: 2)
        }
    }

    static func language(of path: String) -> SourceLanguage? {
        path.hasSuffix(".m") ? .objectiveC : path.hasSuffix(".swift") ? .swift : nil
    }

    /// What was skipped and the warnings, one `FILE:LINE:COL: …` line each.
    static func notes(_ conversion: BehaviorConversion, path: String) -> String {
        var lines: [String] = []
        for item in conversion.skipped {
            lines.append("\(path):\(item.line):\(item.column ?? 1): not graded: \(item.reason)")
        }
        for warning in conversion.warnings {
            if warning.hasPrefix("line "), let colon = warning.firstIndex(of: ":") {
                lines.append("\(path):\(warning.dropFirst(5).prefix { $0.isNumber }): warning:\(warning[warning.index(after: colon)...])")
            } else {
                lines.append("\(path): warning: \(warning)")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
