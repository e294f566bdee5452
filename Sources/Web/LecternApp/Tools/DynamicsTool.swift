import Dynamics

/// `lectern dynamics simulate`: runs a scene and reports where every item ended up.
public enum DynamicsTool {
    /// The largest scene file read.
    static let maxSceneBytes = 1 << 20

    /// Simulates the scene in `path`.
    /// - Returns: exit code 0 after a run, 2 when the scene cannot be read, parsed or accepted
    ///   (the reason, with its JSON path or line and column, on standard error).
    public static func simulate(path: String, json: Bool) -> ToolOutput {
        let text: String
        do {
            text = try readTextFile(path, limit: maxSceneBytes)
        } catch {
            return .unreadable(path, error)
        }
        do {
            let result = try Simulation.run(scene: Scene.parse(json: text))
            return ToolOutput(standardOutput: (json ? result.json(pretty: true) : result.summary) + "\n", exitCode: 0)
        } catch {
            return ToolOutput(standardError: "Error: \(path): \(error.description)\n", exitCode: 2)
        }
    }
}
