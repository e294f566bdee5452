import CLI
import Grading
import LecternApp

/// `lectern layout solve FILE`: frames and diagnostics for a layout document; `convert` and
/// `export`: between the text format and Interface Builder's storyboards and XIBs.
let layoutCommand = CommandSpec(
    name: "layout",
    abstract: "Work with Auto Layout documents.",
    subcommands: [
        CommandSpec(
            name: "solve",
            abstract: "Solve a layout document and print its frames and diagnostics.",
            discussion: """
                Prints every view's frame (in its superview's and in the root's coordinates), then \
                conflicts, ambiguities and warnings. FILE is a layout document, a storyboard or a \
                XIB (solved in the scene's design size, bars and safe area). Exits 0 when the layout \
                is complete and conflict-free (warnings do not count), 1 otherwise, and 2 when the \
                document cannot be parsed (the errors, with line and column, go to standard error).
                """,
            options: [Solve.size.spec, Solve.scene.spec, Solve.exercise.spec, Common.exercises.spec],
            flags: [Solve.rtl.spec, Solve.json.spec],
            arguments: [Solve.file.spec],
            run: { arguments in
                var exercise: Exercise?
                if let slug = arguments[Solve.exercise] {
                    let directory = arguments[Common.exercises]
                    guard let folder = ExerciseDirectory.locate(slug, in: directory) else {
                        throw GradeUsageError(message: "no exercise '\(slug)' in \(directory)")
                    }
                    do {
                        exercise = try ExerciseDirectory.loadExercise(folder)
                    } catch {
                        throw GradeUsageError(message: "\(error)")
                    }
                }
                return LayoutTool.solve(path: arguments[Solve.file] ?? "", size: arguments[Solve.size],
                                        rightToLeft: arguments[Solve.rtl], json: arguments[Solve.json],
                                        scene: arguments[Solve.scene], exercise: exercise).emit()
            }),
        CommandSpec(
            name: "convert",
            abstract: "Convert a storyboard, XIB or layout document to the layout text format.",
            discussion: """
                The format is detected from the content; --from overrides it (text, storyboard, \
                xib). Prints the text-format document, or with --json the document with the views, \
                each constraint's source as Xcode shows it, what was skipped and the warnings. \
                Skipped elements and warnings also go to standard error. Exits 0; 1 under --strict \
                when anything was skipped or warned about; 2 when the file cannot be read or \
                converted (with line and column).
                """,
            options: [Convert.scene.spec, Convert.from.spec],
            flags: [Convert.json.spec, Convert.strict.spec],
            arguments: [Convert.file.spec],
            run: { arguments in
                LayoutTool.convert(path: arguments[Convert.file] ?? "", scene: arguments[Convert.scene], from: arguments[Convert.from],
                                   json: arguments[Convert.json], strict: arguments[Convert.strict]).emit()
            }),
        CommandSpec(
            name: "export",
            abstract: "Write a layout document as a storyboard that Xcode opens.",
            discussion: """
                DOC is a layout document, or an exercise folder (its reference, or with --starter its \
                starter, on top of its views, in its first scenario's size). The storyboard goes to \
                standard output. Exits 2 when the document cannot be read or parsed.
                """,
            flags: [ExportStoryboard.storyboard.spec, ExportStoryboard.starter.spec],
            arguments: [ExportStoryboard.doc.spec],
            run: { arguments in
                guard arguments[ExportStoryboard.storyboard] else {
                    return ToolOutput(standardError: "Error: choose the form to export: --storyboard\n", exitCode: 2).emit()
                }
                return LayoutTool.exportStoryboard(path: arguments[ExportStoryboard.doc] ?? "",
                                                   starter: arguments[ExportStoryboard.starter]).emit()
            }),
        CommandSpec(
            name: "export",
            abstract: "Write a layout document as a view controller in Swift or Objective-C.",
            discussion: """
                The view controller's viewDidLoad makes the document's views and guides and its \
                constraints: anchors in Swift; visual format lines as written and \
                constraintWithItem: in Objective-C. Exits 2 when the document cannot be parsed.
                """,
            options: [ExportCode.className.spec],
            flags: [ExportCode.swift.spec, ExportCode.objc.spec],
            arguments: [ExportCode.file.spec],
            run: { arguments in
                LayoutTool.export(path: arguments[ExportCode.file] ?? "", swift: !arguments[ExportCode.objc],
                                  className: arguments[ExportCode.className]).emit()
            }),
    ])

private enum Solve {
    static let size = Option<String?>(
        "size", valueName: "WxH",
        help: "The container size, e.g. 568x320 (default: a storyboard scene's design size, the document's 'container' line, else 320x568).")
    static let scene = Option<String?>(
        "scene", valueName: "ID", help: "The storyboard or XIB scene: storyboard identifier, title, scene id or view controller id.")
    static let exercise = Option<String?>(
        "exercise", valueName: "SLUG",
        help: "Solve FILE as an answer to this layout exercise: on top of its declared views, in its first scenario.")
    static let rtl = Flag("rtl", help: "Lay out right to left (leading is the right edge).")
    static let json = Flag("json", help: "Print JSON instead of a table.")
    static let file = Argument("file", help: "The layout document: text format, storyboard, XIB, Swift or Objective-C.")
}

private enum Convert {
    static let scene = Option<String?>(
        "scene", valueName: "ID",
        help: "The scene: storyboard identifier, title, scene id or view controller id (needed when there are several).")
    static let from = Option<String?>("from", valueName: "FORMAT", help: "The source format: text, storyboard or xib (default: detected).")
    static let json = Flag("json", help: "Print JSON: format, scene, size, document, views, constraints, skipped, warnings.")
    static let strict = Flag("strict", help: "Exit 1 when anything was skipped or warned about.")
    static let file = Argument("file", help: "The storyboard, XIB or layout document.")
}

private enum ExportStoryboard {
    static let storyboard = Flag("storyboard", help: "Write a storyboard (the only form so far; required).")
    static let starter = Flag("starter", help: "For an exercise folder: export the starter instead of the reference.")
    static let doc = Argument("doc", help: "The layout document or exercise folder.")
}

private enum ExportCode {
    static let className = Option("class", valueName: "name", help: "The class name.", default: "LayoutViewController")
    static let swift = Flag("swift", help: "Write Swift (the default).")
    static let objc = Flag("objc", help: "Write Objective-C.")
    static let file = Argument("file", help: "The layout document.")
}
