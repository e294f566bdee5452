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

    /// A dynamics submission written as code, as the behavior tree the grader takes, with the
    /// exercise's items and the ids its script moves or removes; or the reason it cannot be read.
    public static func treeJSON(fromCode text: String, path: String, exercise: DynamicsExercise)
        -> Result<(json: String, notes: String, conversion: BehaviorConversion), SourceError> {
        var ids: [String] = []
        for event in exercise.parsedScene.script {
            switch event.action {
            case .moveAnchor(let id, _), .removeBehavior(let id): if !ids.contains(id) { ids.append(id) }
            case .addBehavior: break
            }
        }
        do {
            let conversion = try BehaviorCode.convert(text, language: language(of: path),
                                                      items: exercise.parsedScene.items.map(\.id), behaviorIDs: ids)
            return .success((conversion.tree.serialized(), notes(conversion, path: path), conversion))
        } catch {
            return .failure(error)
        }
    }

    /// Whether a submission file holds code rather than a JSON tree: by its extension, else its content.
    public static func isCode(_ text: String, path: String) -> Bool {
        if path.hasSuffix(".m") || path.hasSuffix(".swift") { return true }
        if path.hasSuffix(".json") { return false }
        return BehaviorCode.looksLikeCode(text)
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
