/// Text and legends shared by the pictures: labels that stay readable over lines and fills, and a
/// legend whose samples look like what they explain.
extension SVGWriter {
    /// Font size of labels and legends, in points.
    static let labelFontSize = 12.0

    /// An estimate of the width of `text` in Helvetica or Arial at `fontSize`: narrow letters count
    /// less, capitals and wide letters more. Deterministic, so that layouts do not depend on fonts.
    static func textWidth(_ text: String, fontSize: Double = labelFontSize) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "i", "j", "l", "I", "!", "'", "|", ".", ",", ":", ";": ems += 0.23
            case "f", "t", "r", " ", "(", ")", "-", "[", "]", "·": ems += 0.3
            case "m", "w", "M", "W": ems += 0.85
            case "A"..."Z": ems += 0.67
            case "0"..."9", "×": ems += 0.56
            default: ems += 0.5
            }
        }
        return ems * fontSize
    }

    /// A label with a white halo, so that it stays readable over paths, dashes and fills.
    mutating func label(_ content: String, x: Double, y: Double, fill: String,
                        extra attributes: [(Attribute, String)] = []) {
        start(.text, [(.x, Self.number(x)), (.y, Self.number(y)), (.fill, fill), (.stroke, "#ffffff"),
                      (.strokeWidth, "3"), (.strokeLinejoin, "round"), (.paintOrder, "stroke")] + attributes)
        text(content)
        end()
    }

    /// One legend entry: a 14×10 sample drawn by `sample` at its top-left corner, then the words.
    /// Returns the x where the next entry starts.
    mutating func legendEntry(_ words: String, x: Double, y: Double,
                              sample: (inout SVGWriter, Double, Double) -> Void) -> Double {
        sample(&self, x, y)
        start(.text, [(.x, Self.number(x + 18)), (.y, Self.number(y + 9)), (.fill, "#444")])
        text(words)
        end()
        return x + 18 + Self.textWidth(words) + 12
    }
}
