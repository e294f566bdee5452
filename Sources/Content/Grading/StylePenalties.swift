import AutoLayout

/// The style rules of a layout exercise, applied to a submitted document: each broken rule costs
/// its penalty once, however often it is broken, and says where.
struct StylePenalties {
    let style: LayoutExercise.Style
    let document: LayoutDocument
    /// Magic numbers the exercise does not sanction, in source order.
    let magicNumbers: [LayoutWarning]
    /// The document's pinned sizes (`LayoutDocument.fixedSizeWarnings`), in source order.
    let fixedSizes: [LayoutWarning]

    /// The rules of `style` applied to the document of `engine`, with the warnings the engine found.
    init(style: LayoutExercise.Style, engine: LayoutEngine) {
        self.init(style: style, document: engine.document, magicNumbers: engine.magicNumbers,
                  fixedSizes: engine.fixedSizeWarnings)
    }

    /// The rules of `style` applied to `document`, given its `magicNumbers` and `fixedSizeWarnings`.
    private init(style: LayoutExercise.Style, document: LayoutDocument, magicNumbers: [LayoutWarning],
                 fixedSizes: [LayoutWarning]) {
        self.style = style
        self.document = document
        self.magicNumbers = magicNumbers.filter { warning in
            guard case .magicNumber(let value) = warning.kind else { return false }
            return !style.allowedLiterals.contains { abs($0 - value) < 1e-9 }
        }
        self.fixedSizes = fixedSizes
    }

    /// One check per rule the exercise gives a penalty to, in a fixed order.
    func checks() -> [GradeCheck] {
        var checks: [GradeCheck] = []
        if style.magicNumbers > 0 { checks.append(magicNumberCheck()) }
        if style.pinnedSizes > 0 { checks.append(pinnedSizeCheck()) }
        if style.unusedDeclarations > 0 { checks.append(unusedDeclarationCheck()) }
        return checks
    }

    private func magicNumberCheck() -> GradeCheck {
        let found = magicNumbers.compactMap { warning -> String? in
            guard case .magicNumber(let value) = warning.kind, let location = warning.location else { return nil }
            return "\(NumberText.format(value)) on line \(location.line)"
        }
        guard !found.isEmpty else {
            return GradeCheck(name: "no magic numbers", passed: true, points: 0, message: "No magic numbers.")
        }
        let message = found.count == 1
            ? "Magic number: \(found[0]). Could it be standard spacing, a centre, an equal size or the content's own size?"
            : "Magic numbers: \(NumberText.list(found)). Could each be standard spacing, a centre, an equal size or the content's own size?"
        return GradeCheck(name: "no magic numbers", passed: false, points: -style.magicNumbers, message: message)
    }

    private func pinnedSizeCheck() -> GradeCheck {
        let found = fixedSizes.compactMap { warning -> String? in
            guard case .fixedSize(let view, let attribute) = warning.kind, let location = warning.location else { return nil }
            return "line \(location.line) fixes the \(attribute.rawValue) of \(view)"
        }
        guard !found.isEmpty else {
            return GradeCheck(name: "sizes from content", passed: true, points: 0,
                              message: "Views with an intrinsic content size take their size from their content.")
        }
        let message = found.count == 1
            ? "Pinned size: \(found[0]). A label or button should take its size from its content."
            : "Pinned sizes: \(NumberText.list(found)). Labels and buttons should take their size from their content."
        return GradeCheck(name: "sizes from content", passed: false, points: -style.pinnedSizes, message: message)
    }

    private func unusedDeclarationCheck() -> GradeCheck {
        let found = document.unusedDeclarations.map { declaration in
            let kind = document.item(named: declaration.name) == nil ? "metric" : "guide"
            return "\(kind) \(declaration.name) (line \(declaration.location.line))"
        }
        guard !found.isEmpty else {
            return GradeCheck(name: "no unused declarations", passed: true, points: 0, message: "Every declaration is used.")
        }
        let message = (found.count == 1 ? "Unused declaration: " : "Unused declarations: ")
            + NumberText.list(found) + ". Remove what no constraint uses."
        return GradeCheck(name: "no unused declarations", passed: false, points: -style.unusedDeclarations, message: message)
    }
}
