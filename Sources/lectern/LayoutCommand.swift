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
            options: [
                OptionSpec("size", valueName: "WxH",
                           help: "The container size, e.g. 568x320 (default: a storyboard scene's design size, the document's 'container' line, else 320x568)."),
                OptionSpec("scene", valueName: "ID",
                           help: "The storyboard or XIB scene: storyboard identifier, title, scene id or view controller id."),
                OptionSpec("exercise", valueName: "SLUG",
                           help: "Solve FILE as an answer to this layout exercise: on top of its declared views, in its first scenario."),
                OptionSpec("exercises", valueName: "dir", help: "Where --exercise is looked up.", default: "./Exercises",
                           env: "LECTERN_EXERCISES", kind: .path),
            ],
            flags: [
                FlagSpec("rtl", help: "Lay out right to left (leading is the right edge)."),
                FlagSpec("json", help: "Print JSON instead of a table."),
            ],
            arguments: [ArgumentSpec("file", help: "The layout document: text format, storyboard, XIB, Swift or Objective-C.")],
            run: { arguments in
                var exercise: Exercise?
                if let slug = arguments.option("exercise") {
                    let directory = arguments.option("exercises") ?? "./Exercises"
                    guard let folder = ExerciseDirectory.locate(slug, in: directory) else {
                        throw GradeUsageError(message: "no exercise '\(slug)' in \(directory)")
                    }
                    do {
                        exercise = try ExerciseDirectory.loadExercise(folder)
                    } catch {
                        throw GradeUsageError(message: "\(error)")
                    }
                }
                return LayoutTool.solve(path: arguments.argument("file") ?? "", size: arguments.option("size"),
                                        rightToLeft: arguments.flag("rtl"), json: arguments.flag("json"),
                                        scene: arguments.option("scene"), exercise: exercise).emit()
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
            options: [
                OptionSpec("scene", valueName: "ID",
                           help: "The scene: storyboard identifier, title, scene id or view controller id (needed when there are several)."),
                OptionSpec("from", valueName: "FORMAT", help: "The source format: text, storyboard or xib (default: detected)."),
            ],
            flags: [
                FlagSpec("json", help: "Print JSON: format, scene, size, document, views, constraints, skipped, warnings."),
                FlagSpec("strict", help: "Exit 1 when anything was skipped or warned about."),
            ],
            arguments: [ArgumentSpec("file", help: "The storyboard, XIB or layout document.")],
            run: { arguments in
                LayoutTool.convert(path: arguments.argument("file") ?? "", scene: arguments.option("scene"),
                                   from: arguments.option("from"), json: arguments.flag("json"),
                                   strict: arguments.flag("strict")).emit()
            }),
        CommandSpec(
            name: "export",
            abstract: "Write a layout document as a storyboard that Xcode opens.",
            discussion: """
                DOC is a layout document, or an exercise folder (its reference, or with --starter its \
                starter, on top of its views, in its first scenario's size). The storyboard goes to \
                standard output. Exits 2 when the document cannot be read or parsed.
                """,
            flags: [
                FlagSpec("storyboard", help: "Write a storyboard (the only form so far; required)."),
                FlagSpec("starter", help: "For an exercise folder: export the starter instead of the reference."),
            ],
            arguments: [ArgumentSpec("doc", help: "The layout document or exercise folder.")],
            run: { arguments in
                guard arguments.flag("storyboard") else {
                    return ToolOutput(standardError: "Error: choose the form to export: --storyboard\n", exitCode: 2).emit()
                }
                return LayoutTool.exportStoryboard(path: arguments.argument("doc") ?? "",
                                                   starter: arguments.flag("starter")).emit()
            }),
        CommandSpec(
            name: "export",
            abstract: "Write a layout document as a view controller in Swift or Objective-C.",
            discussion: """
                The view controller's viewDidLoad makes the document's views and guides and its \
                constraints: anchors in Swift; visual format lines as written and \
                constraintWithItem: in Objective-C. Exits 2 when the document cannot be parsed.
                """,
            options: [OptionSpec("class", valueName: "name", help: "The class name.", default: "LayoutViewController")],
            flags: [
                FlagSpec("swift", help: "Write Swift (the default)."),
                FlagSpec("objc", help: "Write Objective-C."),
            ],
            arguments: [ArgumentSpec("file", help: "The layout document.")],
            run: { arguments in
                LayoutTool.export(path: arguments.argument("file") ?? "", swift: !arguments.flag("objc"),
                                  className: arguments.option("class") ?? "LayoutViewController").emit()
            }),
    ])
