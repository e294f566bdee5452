import CLI
import LecternApp

/// `lectern layout solve FILE`: frames and diagnostics for a layout document.
let layoutCommand = CommandSpec(
    name: "layout",
    abstract: "Work with Auto Layout documents.",
    subcommands: [
        CommandSpec(
            name: "solve",
            abstract: "Solve a layout document and print its frames and diagnostics.",
            discussion: """
                Prints every view's frame (in its superview's and in the root's coordinates), then \
                conflicts, ambiguities and warnings. Exits 0 when the layout is complete and \
                conflict-free (warnings do not count), 1 otherwise, and 2 when the document cannot \
                be parsed (the errors, with line and column, go to standard error).
                """,
            options: [
                OptionSpec("size", valueName: "WxH",
                           help: "The container size, e.g. 568x320 (default: the document's 'container' line, else 320x568)."),
            ],
            flags: [
                FlagSpec("rtl", help: "Lay out right to left (leading is the right edge)."),
                FlagSpec("json", help: "Print JSON instead of a table."),
            ],
            arguments: [ArgumentSpec("file", help: "The layout document.")],
            run: { arguments in
                LayoutTool.solve(path: arguments.argument("file") ?? "", size: arguments.option("size"),
                                 rightToLeft: arguments.flag("rtl"), json: arguments.flag("json")).emit()
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
