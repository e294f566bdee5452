import CLI
import LecternApp

/// `lectern dynamics simulate SCENE.json`: runs a UIKit-Dynamics-style scene.
let dynamicsCommand = CommandSpec(
    name: "dynamics",
    abstract: "Run UIKit-Dynamics-style simulations.",
    subcommands: [
        CommandSpec(
            name: "simulate",
            abstract: "Simulate a scene and print the final state of every item.",
            discussion: """
                The scene is JSON: bounds, items, a behavior tree and an optional script (see \
                docs/dynamics.md). Prints a summary, or the full output with --json. Exits 2 when \
                the scene is invalid, naming the JSON path of the problem.
                """,
            flags: [Simulate.json.spec],
            arguments: [Simulate.scene.spec],
            run: { arguments in
                DynamicsTool.simulate(path: arguments[Simulate.scene] ?? "", json: arguments[Simulate.json]).emit()
            }),
        CommandSpec(
            name: "convert",
            abstract: "Read UIDynamicBehavior code (Objective-C or Swift) and print its behavior tree.",
            discussion: """
                Reads the code, never runs it: a UIDynamicBehavior subclass with lazy getters, or a \
                view controller that adds behaviors to a UIDynamicAnimator (see docs/xcode.md). \
                Prints the tree as JSON; what was not read and the warnings go to standard error as \
                FILE:LINE:COL lines. With --json prints {"format","tree","skipped","warnings"}. Exits 0, \
                or 2 when the file cannot be read (with line:column).
                """,
            flags: [ConvertCode.json.spec],
            arguments: [ConvertCode.file.spec],
            run: { arguments in
                DynamicsTool.convert(path: arguments[ConvertCode.file] ?? "", json: arguments[ConvertCode.json]).emit()
            }),
        CommandSpec(
            name: "export",
            abstract: "Write a behavior tree as a UIDynamicBehavior subclass in Objective-C or Swift.",
            discussion: """
                The subclass makes its child behaviors lazily and adds them in init, passing items on \
                in addItem:, as the lecture's demo does. Exits 2 when the tree cannot be read.
                """,
            options: [ExportTree.className.spec],
            flags: [ExportTree.objc.spec, ExportTree.swift.spec],
            arguments: [ExportTree.tree.spec],
            run: { arguments in
                DynamicsTool.export(path: arguments[ExportTree.tree] ?? "", swift: arguments[ExportTree.swift],
                                    className: arguments[ExportTree.className]).emit()
            }),
    ])

private enum Simulate {
    static let json = Flag("json", help: "Print the full JSON output.")
    static let scene = Argument("scene", help: "The scene file (JSON).")
}

private enum ConvertCode {
    static let json = Flag("json", help: "Print the tree with what was skipped and the warnings, as JSON.")
    static let file = Argument("file", help: "The code file (.m or .swift; otherwise detected).")
}

private enum ExportTree {
    static let className = Option("class", valueName: "name", help: "The class name.", default: "DropitBehavior")
    static let objc = Flag("objc", help: "Write Objective-C (the default).")
    static let swift = Flag("swift", help: "Write Swift.")
    static let tree = Argument("tree", help: "The behavior tree (JSON).")
}
