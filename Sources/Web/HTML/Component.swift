/// A named, reusable part of a page: a value whose markup is its ``body``.
///
/// A component is written once and used like an element inside any ``HTMLBuilder`` block, so
/// pages read as a tree of named parts rather than calls to helper functions:
///
/// ```swift
/// struct StatusBadge: Component {
///     var text: String
///     var body: HTML { span(.class("status")) { text } }
/// }
///
/// let row = tr { td { StatusBadge(text: "Passed") } }
/// ```
///
/// The body is built with the same DSL as everything else, so a component escapes exactly as
/// any other fragment does.
public protocol Component: Sendable {
    /// The component's markup.
    @HTMLBuilder var body: HTML { get }
}

extension HTMLBuilder {
    /// A component inside a builder block stands for its body.
    public static func buildExpression(_ component: some Component) -> HTML { component.body }
}

extension Component {
    /// The component rendered on its own, as UTF-8 bytes.
    public func render() -> [UInt8] { body.render() }
}
