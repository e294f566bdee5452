/// A fragment of HTML: text, elements, or trusted markup. Text and attribute values are
/// escaped when rendered, so a fragment built from strings can never inject markup.
///
/// ```swift
/// let page = div(.class("lecture")) {
///     h1 { "Lecture \(n): \(title)" }          // escaped
///     if lecture.isDraft { span(.class("badge")) { "Draft" } }
///     ul { for step in steps { li { step.name } } }
/// }
/// let bytes = page.render()
/// ```
///
/// Raw markup has exactly one door, ``HTML/trustedRaw(_:)``, for output the application itself
/// generated (its SVG diagrams), never for user data.
public struct HTML: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case raw(String)
        case element(name: String, attributes: [Attribute], children: [Node], isVoid: Bool)
    }

    var nodes: [Node]

    init(_ nodes: [Node]) { self.nodes = nodes }

    /// Nothing.
    public static let empty = HTML([])

    /// Text, escaped when rendered.
    public static func text(_ text: String) -> HTML { HTML([.text(text)]) }

    /// Markup inserted verbatim. Only for markup the application generated itself
    /// (e.g. its own SVG); user-provided data must never reach this.
    public static func trustedRaw(_ markup: String) -> HTML { HTML([.raw(markup)]) }

    /// An element with any (valid) tag name; invalid names render only the children.
    public static func element(_ name: String, _ attributes: [Attribute] = [], isVoid: Bool = false,
                               @HTMLBuilder _ content: () -> HTML = { .empty }) -> HTML {
        let children = content().nodes
        guard Attribute.isValidName(name) else { return HTML(children) }
        return HTML([.element(name: name, attributes: attributes, children: isVoid ? [] : children, isVoid: isVoid)])
    }

    /// Several nodes without an element around them.
    public static func fragment(@HTMLBuilder _ content: () -> HTML) -> HTML { content() }

    /// The UTF-8 bytes of this fragment.
    public func render(capacity: Int = 4096) -> [UInt8] {
        var out = HTMLOutput(capacity: capacity)
        out.write(nodes)
        return out.bytes
    }

    /// This fragment as a string.
    public func renderString() -> String { String(decoding: render(), as: UTF8.self) }
}

/// Collects elements, strings (as escaped text), conditionals and loops into ``HTML``.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ html: HTML) -> HTML { html }
    public static func buildExpression(_ text: String) -> HTML { .text(text) }
    public static func buildExpression(_ number: Int) -> HTML { .text(String(number)) }
    public static func buildBlock(_ parts: HTML...) -> HTML { HTML(parts.flatMap(\.nodes)) }
    public static func buildOptional(_ part: HTML?) -> HTML { part ?? .empty }
    public static func buildEither(first: HTML) -> HTML { first }
    public static func buildEither(second: HTML) -> HTML { second }
    public static func buildArray(_ parts: [HTML]) -> HTML { HTML(parts.flatMap(\.nodes)) }
    public static func buildLimitedAvailability(_ part: HTML) -> HTML { part }
}

/// A complete page: `<!DOCTYPE html><html lang=...>...</html>`.
public func document(lang: String = "en", @HTMLBuilder _ content: () -> HTML) -> HTML {
    HTML([.raw("<!DOCTYPE html>")] + html(.attr("lang", lang), content: content).nodes)
}
