import AutoLayout

/// Reads a layout submission: constraint lines, guides and metrics on top of the exercise's views.
enum LayoutSubmission {
    /// The document made of the exercise's views and the submission, or every problem found,
    /// located in the submission's own lines.
    static func parse(_ text: String, views: LayoutDocument,
                      limits: SubmissionLimits = .default) -> Result<LayoutDocument, LayoutErrors> {
        let layoutLimits = LayoutLimits(maxBytes: limits.maxBytes, maxLines: limits.maxLines,
                                        maxItems: views.items.count + limits.maxGuides + 1,
                                        maxConstraints: limits.maxConstraints)
        let document: LayoutDocument
        do {
            document = try LayoutDocument.parse(text, extending: views, limits: layoutLimits)
        } catch {
            return .failure(error)
        }
        var errors: [LayoutError] = []
        var guides = 0
        for item in document.items.dropFirst(views.items.count) {
            if item.builtIn != nil { continue }
            if item.isGuide {
                guides += 1
                if guides == limits.maxGuides + 1 {
                    errors.append(LayoutError(item.location, "too many guides: at most \(limits.maxGuides) may be declared"))
                }
            } else {
                errors.append(LayoutError(item.location, "'\(item.name)': the exercise declares the views; "
                                          + "declare a `guide` if you need an invisible spacer"))
            }
        }
        if document.containerSize != views.containerSize {
            errors.append(LayoutError(containerLine(in: text),
                                      "the container size is set by each scenario; remove the `container` line"))
        }
        return errors.isEmpty ? .success(document) : .failure(LayoutErrors(errors))
    }

    /// Where the `container` statement is: the first line whose first word is `container`.
    private static func containerLine(in text: String) -> SourceLocation {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let leading = line.prefix { $0 == " " || $0 == "\t" }
            let statement = line.dropFirst(leading.count)
            if statement.hasPrefix("container"), statement.dropFirst(9).first.map({ $0 == " " || $0 == "\t" }) ?? true {
                return SourceLocation(line: index + 1, column: leading.count + 1)
            }
        }
        return SourceLocation(line: 1, column: 1)
    }
}
