import AutoLayout
import ConstraintCode
import Foundation
import Grading
import InterfaceBuilder
import JSON

/// `lectern layout solve`, `convert` and `export`: layout documents in the text format and in
/// Interface Builder's storyboards and XIBs.
public enum LayoutTool {
    /// The largest file the layout commands read.
    static let maxFileBytes = 16 << 20

    /// The format of a layout file, judged from its content: a storyboard or XIB, else the text
    /// format. The one place that knows how formats look; a new format adds a test here.
    public static func detectFormat(_ bytes: [UInt8]) -> LayoutConversion.Format {
        if InterfaceBuilder.looksLikeDocument(bytes) {
            let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
            return head.contains(InterfaceBuilder.storyboardType) ? .storyboard : .xib
        }
        if let text = String(validating: bytes.prefix(maxFileBytes), as: UTF8.self) {
            switch SubmissionForm.detect(text) {
            case .swift: return .swift
            case .objectiveC: return .objectiveC
            case .text, .storyboard: break
            }
        }
        return .text
    }

    /// The formats `--from` accepts.
    static let convertibleFormats: [LayoutConversion.Format] = [.text, .storyboard, .xib, .swift, .objectiveC]

    /// A file read and converted to the text format, or the output that reports why not.
    struct Converted {
        var conversion: LayoutConversion
        /// The scenario the source was designed in (a storyboard's size, bars and safe area).
        var scenario: LayoutScenario?
        var source: String
    }

    /// Reads `path` and converts it from `from` (else the detected format).
    /// What reading a file gave: the conversion, or the output that reports why there is none.
    enum ReadOutcome {
        case success(Converted)
        case failure(ToolOutput)
    }

    /// `views`: the exercise views a text-format file is read on top of (it declares none itself).
    static func read(path: String, scene: String?, from: String?, views: LayoutDocument? = nil) -> ReadOutcome {
        var format: LayoutConversion.Format?
        if let from {
            guard let chosen = LayoutConversion.Format(rawValue: from), convertibleFormats.contains(chosen) else {
                let names = convertibleFormats.map(\.rawValue).joined(separator: ", ")
                return .failure(ToolOutput(standardError: "Error: unknown format '\(from)': expected one of \(names)\n", exitCode: 2))
            }
            format = chosen
        }
        let bytes: [UInt8]
        do {
            bytes = try readBytes(path, limit: maxFileBytes)
        } catch {
            return .failure(ToolOutput.unreadable(path, error))
        }
        switch format ?? detectFormat(bytes) {
        case .storyboard, .xib:
            do {
                let converted = try InterfaceBuilder.convert(bytes, scene: scene)
                return .success(Converted(conversion: converted.conversion, scenario: converted.scenario,
                                          source: String(decoding: bytes, as: UTF8.self)))
            } catch {
                return .failure(ToolOutput(standardError: "\(path):\(error.line):\(error.column): \(error.message)\n", exitCode: 2))
            }
        case .swift, .objectiveC:
            let format = format ?? detectFormat(bytes)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(ToolOutput(standardError: "Error: cannot read '\(path)': the file is not valid UTF-8\n", exitCode: 2))
            }
            do {
                let conversion = try ConstraintCode.convert(text, language: format == .swift ? .swift : .objectiveC)
                return .success(Converted(conversion: conversion, scenario: nil, source: text))
            } catch {
                return .failure(ToolOutput(standardError: "\(path):\(error)\n", exitCode: 2))
            }
        default:
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(ToolOutput(standardError: "Error: cannot read '\(path)': the file is not valid UTF-8\n", exitCode: 2))
            }
            do {
                let document = try LayoutDocument.parse(text, extending: views)
                return .success(Converted(conversion: LayoutConversion(format: .text, size: document.containerSize, document: text),
                                          scenario: nil, source: text))
            } catch {
                return .failure(ToolOutput(standardError: error.rendered(source: text) + "\n",
                                           exitCode: LayoutResult.parseErrorExitStatus))
            }
        }
    }

    /// Converts a storyboard, XIB or text-format file to the text format.
    /// - Returns: exit code 0; 1 under `strict` when something was skipped or warned about; 2 when
    ///   the file cannot be read or converted (with `line:column`).
    public static func convert(path: String, scene: String?, from: String?, json: Bool, strict: Bool) -> ToolOutput {
        let converted: Converted
        switch read(path: path, scene: scene, from: from) {
        case .success(let value): converted = value
        case .failure(let output): return output
        }
        let conversion = converted.conversion
        var notes = ""
        for item in conversion.skipped { notes += "\(path):\(item.line):\(item.column ?? 1): skipped: \(item.reason)\n" }
        for warning in conversion.warnings { notes += "\(path): warning: \(warning)\n" }
        let output: String
        if json {
            var writer = JSONWriter(capacity: 1024 + conversion.document.utf8.count * 2, pretty: true)
            conversion.writeJSON(to: &writer)
            output = writer.string + "\n"
        } else {
            output = conversion.document.hasSuffix("\n") ? conversion.document : conversion.document + "\n"
        }
        let noted = !conversion.skipped.isEmpty || !conversion.warnings.isEmpty
        return ToolOutput(standardOutput: output, standardError: notes, exitCode: strict && noted ? 1 : 0)
    }

    /// Writes a text-format document as a storyboard. `path` may also be an exercise folder: its
    /// reference (or, with `starter`, its starter) on top of its views, in its first scenario.
    public static func exportStoryboard(path: String, starter: Bool) -> ToolOutput {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            do {
                let catalog = try ExerciseDirectory.loadCatalog(path)
                guard let exercise = catalog.exercises.first, catalog.exercises.count == 1 else {
                    let problems = catalog.errors.map { "\($0)" }.joined(separator: "\n")
                    return ToolOutput(standardError: "Error: '\(path)' is not one exercise folder\n\(problems)\n", exitCode: 2)
                }
                return ToolOutput(standardOutput: try exerciseStoryboard(exercise, starter: starter), exitCode: 0)
            } catch {
                return ToolOutput(standardError: "Error: \(path): \(error)\n", exitCode: 2)
            }
        }
        let text: String
        do {
            text = try readTextFile(path, limit: LayoutLimits.default.maxBytes)
        } catch {
            return .unreadable(path, error)
        }
        do {
            let document = try LayoutDocument.parse(text)
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            return ToolOutput(standardOutput: try StoryboardExporter.storyboard(for: document, name: name), exitCode: 0)
        } catch let error as LayoutErrors {
            return ToolOutput(standardError: error.rendered(source: text) + "\n", exitCode: 2)
        } catch {
            return ToolOutput(standardError: "Error: \(path): \(error)\n", exitCode: 2)
        }
    }

    /// The storyboard form of a layout exercise's reference or starter, as shipped beside them
    /// (`reference.storyboard`, `starter.storyboard`).
    public static func exerciseStoryboard(_ exercise: Exercise, starter: Bool) throws -> String {
        guard case .layout(let layout) = exercise.definition else {
            throw ToolInputError("'\(exercise.slug)' is not a layout exercise")
        }
        return try StoryboardExporter.storyboard(views: layout.views, text: starter ? exercise.starter : exercise.reference,
                                                 scenario: layout.scenarios[0].layout,
                                                 name: "\(exercise.slug) \(starter ? "starter" : "reference")")
    }

    /// Solves the document in `path` (text format, storyboard or XIB) in one scenario. A
    /// storyboard is solved in its design scenario (size, bars, safe area) unless `size` is given.
    /// - Returns: exit code 0 when the layout is complete and conflict-free, 1 otherwise, 2 when the
    ///   document cannot be read or parsed (the errors, with line and column, on standard error).
    /// With `exercise`, the file is a student's answer: its constraints are solved on top of the
    /// exercise's declared views, in the exercise's first scenario unless `size` is given.
    public static func solve(path: String, size: String?, rightToLeft: Bool, json: Bool, scene: String? = nil,
                             exercise: Exercise? = nil) -> ToolOutput {
        var containerSize: LayoutSize?
        if let size {
            guard let parsed = LayoutSize(parsing: size) else {
                return ToolOutput(standardError: "Error: invalid size '\(size)': expected WIDTHxHEIGHT, e.g. 568x320\n",
                                  exitCode: 2)
            }
            containerSize = parsed
        }
        var exerciseViews: LayoutDocument?
        var exerciseScenario: LayoutScenario?
        if let exercise {
            guard case .layout(let layout) = exercise.definition else {
                return ToolOutput(standardError: "Error: '\(exercise.slug)' is not a layout exercise\n", exitCode: 2)
            }
            exerciseViews = layout.views
            exerciseScenario = layout.scenarios.first?.layout
        }
        let converted: Converted
        switch read(path: path, scene: scene, from: nil, views: exerciseViews) {
        case .success(let value): converted = value
        case .failure(let output): return output
        }
        let text = exerciseViews.map { converted.conversion.format == .text ? converted.conversion.document
                                                                                   : converted.conversion.submissionText(declaredViews: $0) }
            ?? converted.conversion.document
        let document: LayoutDocument
        do {
            document = try LayoutDocument.parse(text, extending: exerciseViews)
        } catch {
            return ToolOutput(standardError: error.rendered(source: text) + "\n", exitCode: LayoutResult.parseErrorExitStatus)
        }
        var scenario = exerciseScenario ?? converted.scenario ?? LayoutScenario()
        if let containerSize {
            scenario = LayoutScenario(containerSize: containerSize)
        }
        scenario.direction = rightToLeft ? .rightToLeft : .leftToRight
        let result = document.solve(scenario)
        let output = json ? result.json(pretty: true) + "\n" : result.table()
        return ToolOutput(standardOutput: output, exitCode: result.exitStatus)
    }
}

/// Reads a file of at most `limit` bytes.
func readBytes(_ path: String, limit: Int) throws -> [UInt8] {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes[.size] as? Int, size > limit {
        throw ToolInputError("the file is \(size) bytes; the limit is \(limit)")
    }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
