import AutoLayout
import SourceCode

/// Converts Swift or Objective-C constraint code (a whole view controller is fine) into the
/// layout text format, by reading it, never running it.
public enum ConstraintCode {
    /// Finds the constraint-making statements of `text` and converts them.
    ///
    /// - Parameters:
    ///   - language: the source's language; detected from the text when `nil`.
    ///   - knownViews: the names of views declared elsewhere (an exercise's views). When given,
    ///     the document declares no views of its own (only layout guides and metrics), so it can
    ///     be graded on top of the exercise's declarations; views the code uses are matched to
    ///     these names. When `nil`, every view the code creates or constrains is declared with
    ///     `view NAME KIND`.
    /// - Throws: `SourceError` with `line:column` when the text cannot be read at all.
    public static func convert(_ text: String, language: SourceLanguage? = nil, knownViews: [String]? = nil,
                               limits: SourceLimits = .default) throws(SourceError) -> LayoutConversion {
        let file = try SourceFile.read(text, language: language, limits: limits)
        var converter = ConstraintConverter(file: file, knownViews: knownViews)
        return converter.run()
    }

    /// Whether a text looks like constraint code rather than the layout text format or XML.
    public static func looksLikeCode(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") { return false }
        return TextMarks(text).containsAny(["NSLayoutConstraint", "Anchor", "addConstraint", "VisualFormat",
                                            "translatesAutoresizingMaskIntoConstraints"])
            && SourceLanguage.detect(text) != nil
    }
}
