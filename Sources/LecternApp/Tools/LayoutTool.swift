import AutoLayout

/// `lectern layout solve`: solves a layout document and reports frames and diagnostics.
public enum LayoutTool {
    /// Solves the document in `path` in one scenario.
    /// - Returns: exit code 0 when the layout is complete and conflict-free, 1 otherwise, 2 when the
    ///   document cannot be read or parsed (the errors, with line and column, on standard error).
    public static func solve(path: String, size: String?, rightToLeft: Bool, json: Bool) -> ToolOutput {
        var containerSize: LayoutSize?
        if let size {
            guard let parsed = LayoutSize(parsing: size) else {
                return ToolOutput(standardError: "Error: invalid size '\(size)': expected WIDTHxHEIGHT, e.g. 568x320\n",
                                  exitCode: 2)
            }
            containerSize = parsed
        }
        let text: String
        do {
            text = try readTextFile(path, limit: LayoutLimits.default.maxBytes)
        } catch {
            return .unreadable(path, error)
        }
        let document: LayoutDocument
        do {
            document = try LayoutDocument.parse(text)
        } catch {
            return ToolOutput(standardError: error.rendered(source: text) + "\n",
                              exitCode: LayoutResult.parseErrorExitStatus)
        }
        let scenario = LayoutScenario(containerSize: containerSize,
                                      direction: rightToLeft ? .rightToLeft : .leftToRight)
        let result = document.solve(scenario)
        let output = json ? result.json(pretty: true) + "\n" : result.table()
        return ToolOutput(standardOutput: output, exitCode: result.exitStatus)
    }
}
