import AutoLayout
import ConstraintCode

extension LayoutTool {
    /// `lectern layout export DOC --swift|--objc`: the document as a view controller in code.
    /// - Returns: exit code 0 with the code; 2 when the document cannot be read or parsed
    ///   (the errors, with line and column, on standard error).
    public static func export(path: String, swift: Bool, className: String = "LayoutViewController") -> ToolOutput {
        let text: String
        do {
            text = try readTextFile(path, limit: LayoutLimits().maxBytes)
        } catch {
            return .unreadable(path, error)
        }
        let document: LayoutDocument
        do {
            document = try LayoutDocument.parse(text)
        } catch {
            let lines = error.errors.map { "\(path):\($0.description)\n" }.joined()
            return ToolOutput(standardError: lines, exitCode: 2)
        }
        return ToolOutput(standardOutput: ConstraintCodeExport.code(document, source: text, language: swift ? .swift : .objectiveC,
                                                                   className: className),
                          exitCode: 0)
    }
}
