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
            flags: [FlagSpec("json", help: "Print the full JSON output.")],
            arguments: [ArgumentSpec("scene", help: "The scene file (JSON).")],
            run: { arguments in
                DynamicsTool.simulate(path: arguments.argument("scene") ?? "", json: arguments.flag("json")).emit()
            }),
    ])
