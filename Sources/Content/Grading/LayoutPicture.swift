import AutoLayout

/// Draws a layout scenario: a caption with the scenario and its verdict, the container, the
/// reference frames dashed in blue (where the constraints should put each view), the submission's
/// frames solid (green where they match, red where not, with a line to where they belong), the
/// submission's guides dotted, every view labelled, and a legend of samples.
enum LayoutPicture {
    static let margin = 12.0
    static let lineHeight = 16.0
    static let legendHeight = 22.0

    static let referenceColor = "#1f5fbf"
    static let matchColor = "#2e7d32"
    static let mismatchColor = "#c62828"
    static let guideColor = "#757575"

    static func draw(_ scenario: ScenarioFrames) -> GradePicture {
        let size = scenario.containerSize
        let direction = scenario.direction == .rightToLeft ? "right-to-left" : "left-to-right"
        let dimensions = "\(SVGWriter.number(size.width))×\(SVGWriter.number(size.height))"
        let title = "\(scenario.title): \(dimensions), \(direction), \(scenario.verdict)"
        let area = drawingArea(scenario)
        let width = area.width + 2 * margin
        let heading = "\(scenario.title) · \(dimensions)" + (scenario.title.contains(direction) ? "" : " · \(direction)")
        let verdictOnOwnLine = SVGWriter.textWidth(heading + " · " + scenario.verdict, fontSize: 13) > width - 2 * margin
        let headerHeight = lineHeight * (verdictOnOwnLine ? 2 : 1) + 6
        let top = area.y - margin - headerHeight
        var svg = SVGWriter(x: area.x - margin, y: top, width: width,
                            height: area.height + 2 * margin + headerHeight + legendHeight, label: title,
                            description: description(scenario))
        svg.start(.g, [(.fontFamily, "Helvetica, Arial, sans-serif"), (.fontSize, SVGWriter.number(SVGWriter.labelFontSize))])
        caption(heading, scenario: scenario, ownLine: verdictOnOwnLine, x: area.x, y: top + margin, into: &svg)
        svg.empty(.rect, [(.x, "0"), (.y, "0"), (.width, SVGWriter.number(size.width)), (.height, SVGWriter.number(size.height)),
                          (.fill, "#f6f6f4"), (.stroke, "#8a8a8a"), (.strokeWidth, "1")])
        for view in scenario.views where view.isGuide {
            svg.empty(.rect, rect(view.submission) + [(.fill, "none"), (.stroke, guideColor), (.strokeDasharray, "1 2")])
        }
        let views = scenario.views.filter { !$0.isGuide }
        for view in views {
            if let reference = view.reference {
                svg.empty(.rect, rect(reference) + [(.fill, "none"), (.stroke, referenceColor), (.strokeWidth, "1"),
                                                    (.strokeDasharray, "4 3")])
            }
            let color = view.matches ? matchColor : mismatchColor
            svg.empty(.rect, rect(view.submission) + [(.fill, color), (.fillOpacity, "0.12"), (.stroke, color),
                                                      (.strokeWidth, "1.5")])
        }
        for view in views where !view.matches {
            guard let reference = view.reference else { continue }
            svg.empty(.line, [(.x1, SVGWriter.number(view.submission.midX)), (.y1, SVGWriter.number(view.submission.midY)),
                              (.x2, SVGWriter.number(reference.midX)), (.y2, SVGWriter.number(reference.midY)),
                              (.stroke, mismatchColor), (.strokeWidth, "1"), (.strokeDasharray, "2 2")])
            label(view.name, in: reference, color: referenceColor, italic: true, into: &svg)
        }
        for view in views {
            label(view.name, in: view.submission, color: view.matches ? "#1b4d1e" : "#8e1b1b", italic: false, into: &svg)
        }
        legend(hasGuides: scenario.views.contains(where: \.isGuide), x: area.x,
               y: area.y + area.height + margin - 2, into: &svg)
        svg.end()
        return GradePicture(name: SVGWriter.fileName(scenario.name), title: title, svg: svg.finish())
    }

    /// How to read the picture, and which views are not where they belong.
    private static func description(_ scenario: ScenarioFrames) -> String {
        let views = scenario.views.filter { !$0.isGuide }
        let misplaced = views.filter { !$0.matches }.map(\.name)
        var text = "The screen's outline; dashed blue, where each view belongs; solid, where the submission puts it: "
            + "green when it is in place, red when not, with a dotted line to where it belongs. "
        if views.isEmpty {
            text += "There are no views."
        } else if misplaced.isEmpty {
            text += "Every view is in place: " + views.map(\.name).joined(separator: ", ") + "."
        } else {
            text += "Not in place: " + misplaced.joined(separator: ", ") + "."
        }
        return text
    }

    /// `landscape · 568×320 · left-to-right · failed: 1 view misplaced`, the verdict in its colour,
    /// on a line of its own when the caption would not fit on one.
    private static func caption(_ heading: String, scenario: ScenarioFrames, ownLine: Bool, x: Double, y: Double,
                                into svg: inout SVGWriter) {
        svg.start(.text, [(.x, SVGWriter.number(x)), (.y, SVGWriter.number(y)), (.fill, "#222"), (.fontSize, "13")])
        svg.text(heading + (ownLine ? "" : " · "))
        let color = scenario.passed ? matchColor : mismatchColor
        svg.start(.tspan, (ownLine ? [(.x, SVGWriter.number(x)), (.y, SVGWriter.number(y + lineHeight))] : [])
                    + [(.fill, color), (.fontWeight, "bold")])
        svg.text(scenario.verdict)
        svg.end()
        svg.end()
    }

    /// The name inside the frame's top-left corner when it fits, else just above the frame.
    private static func label(_ name: String, in frame: LayoutRect, color: String, italic: Bool, into svg: inout SVGWriter) {
        let fits = SVGWriter.textWidth(name) + 6 <= frame.width && frame.height >= 16
        svg.label(name, x: frame.x + (fits ? 3 : 0), y: fits ? frame.y + 13 : frame.y - 3, fill: color,
                  extra: italic ? [(.fontStyle, "italic")] : [])
    }

    private static func legend(hasGuides: Bool, x: Double, y: Double, into svg: inout SVGWriter) {
        var next = svg.legendEntry("reference", x: x, y: y) { svg, x, y in
            svg.empty(.rect, [(.x, SVGWriter.number(x)), (.y, SVGWriter.number(y)), (.width, "14"), (.height, "10"),
                              (.fill, "none"), (.stroke, referenceColor), (.strokeDasharray, "4 3")])
        }
        for (words, color) in [("yours", matchColor), ("yours, misplaced", mismatchColor)] {
            next = svg.legendEntry(words, x: next, y: y) { svg, x, y in
                svg.empty(.rect, [(.x, SVGWriter.number(x)), (.y, SVGWriter.number(y)), (.width, "14"), (.height, "10"),
                                  (.fill, color), (.fillOpacity, "0.12"), (.stroke, color), (.strokeWidth, "1.5")])
            }
        }
        if hasGuides {
            _ = svg.legendEntry("guide", x: next, y: y) { svg, x, y in
                svg.empty(.rect, [(.x, SVGWriter.number(x)), (.y, SVGWriter.number(y)), (.width, "14"), (.height, "10"),
                                  (.fill, "none"), (.stroke, guideColor), (.strokeDasharray, "1 2")])
            }
        }
    }

    /// The container and every frame, so that views pushed out of the container still show; at
    /// most one container size beyond each edge, so that absurd frames cannot blow the picture up.
    private static func drawingArea(_ scenario: ScenarioFrames) -> LayoutRect {
        let size = scenario.containerSize
        var minX = 0.0, minY = 0.0, maxX = size.width, maxY = size.height
        for view in scenario.views {
            for frame in [view.reference, view.submission].compactMap({ $0 }) {
                minX = min(minX, frame.x)
                minY = min(minY, frame.y)
                maxX = max(maxX, frame.x + frame.width)
                maxY = max(maxY, frame.y + frame.height)
            }
        }
        minX = max(minX, -size.width)
        minY = max(minY, -size.height)
        maxX = min(maxX, 2 * size.width)
        maxY = min(maxY, 2 * size.height)
        return LayoutRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private static func rect(_ frame: LayoutRect) -> [(SVGWriter.Attribute, String)] {
        [(.x, SVGWriter.number(frame.x)), (.y, SVGWriter.number(frame.y)),
         (.width, SVGWriter.number(max(0, frame.width))), (.height, SVGWriter.number(max(0, frame.height)))]
    }
}

private extension LayoutRect {
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
