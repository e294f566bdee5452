import HTML

/// A small SVG writer. Element and attribute names come from closed sets, and every attribute
/// value and every text is escaped as it is written, so no name, label or number from an
/// exercise or a submission can inject markup.
struct SVGWriter {
    enum Element: String {
        case svg, g, title, desc, rect, line, polyline, text, tspan, animate, animateTransform
    }

    enum Attribute: String {
        case xmlns, viewBox, width, height, x, y, x1, y1, x2, y2, rx, points, transform
        case fill, stroke, opacity, role
        case fillOpacity = "fill-opacity", strokeWidth = "stroke-width", strokeDasharray = "stroke-dasharray"
        case strokeOpacity = "stroke-opacity", fontFamily = "font-family", fontSize = "font-size"
        case textAnchor = "text-anchor", ariaLabel = "aria-label", fontWeight = "font-weight", fontStyle = "font-style"
        case paintOrder = "paint-order", strokeLinejoin = "stroke-linejoin"
        case attributeName, type, values, keyTimes, dur, repeatCount, calcMode, additive
    }

    /// The document so far, as UTF-8: appending bytes is far cheaper than appending strings.
    private var output: [UInt8] = []
    private var open: [Element] = []

    /// Starts an `<svg>` document of the given view box, scaled 1:1, with a `<title>` (`label`) and a
    /// `<desc>` (`description`: how to read the picture) for screen readers.
    init(x: Double, y: Double, width: Double, height: Double, label: String, description: String) {
        output.reserveCapacity(4096)
        start(.svg, [(.xmlns, "http://www.w3.org/2000/svg"),
                     (.viewBox, "\(Self.number(x)) \(Self.number(y)) \(Self.number(width)) \(Self.number(height))"),
                     (.width, Self.number(width)), (.height, Self.number(height)), (.role, "img"), (.ariaLabel, label)])
        start(.title)
        text(label)
        end()
        start(.desc)
        text(description)
        end()
    }

    /// Opens an element; close it with `end()`.
    mutating func start(_ element: Element, _ attributes: [(Attribute, String)] = []) {
        write(element, attributes)
        output.append(UInt8(ascii: ">"))
        open.append(element)
    }

    /// Writes an element without content.
    mutating func empty(_ element: Element, _ attributes: [(Attribute, String)]) {
        write(element, attributes)
        output.append(contentsOf: "/>".utf8)
    }

    /// Closes the innermost open element.
    mutating func end() {
        guard let element = open.popLast() else { return }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: element.rawValue.utf8)
        output.append(UInt8(ascii: ">"))
    }

    /// Writes escaped character data.
    mutating func text(_ content: String) {
        Self.escape(content, into: &output)
    }

    /// The finished document: every open element closed.
    mutating func finish() -> String {
        while !open.isEmpty { end() }
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func write(_ element: Element, _ attributes: [(Attribute, String)]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: element.rawValue.utf8)
        for (attribute, value) in attributes {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: attribute.rawValue.utf8)
            output.append(contentsOf: "=\"".utf8)
            Self.escape(value, into: &output)
            output.append(UInt8(ascii: "\""))
        }
    }

    /// XML-escapes `text` through the one escaper; characters XML does not allow become U+FFFD.
    private static func escape(_ text: String, into output: inout [UInt8]) {
        Markup.escape(text, .xml, into: &output)
    }

    /// A coordinate with at most `decimals` decimals (two by default).
    static func number(_ value: Double, decimals: Int = 2) -> String {
        NumberText.format(value, decimals: decimals)
    }

    /// A file name made of a title: lowercase letters, digits and dashes.
    static func fileName(_ title: String) -> String {
        var name = ""
        for scalar in title.lowercased().unicodeScalars {
            let keep = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "."
            if keep { name.unicodeScalars.append(scalar) } else if !name.hasSuffix("-") { name += "-" }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return (name.isEmpty ? "picture" : name) + ".svg"
    }
}
