import AutoLayout

/// Draws a layout scenario: the container, the reference frames dashed (where the constraints
/// should put each view), the submission's frames solid (green where they match, red where not),
/// the submission's guides dotted, every view labelled.
enum LayoutPicture {
    static let margin = 12.0
    static let legendHeight = 22.0

    static func draw(_ scenario: ScenarioFrames) -> GradePicture {
        let size = scenario.containerSize
        let direction = scenario.direction == .rightToLeft ? "right-to-left" : "left-to-right"
        let title = "\(scenario.title): \(SVGWriter.number(size.width))×\(SVGWriter.number(size.height)), \(direction), "
            + (scenario.passed ? "passed" : "failed")
        let area = drawingArea(scenario)
        var svg = SVGWriter(x: area.x - margin, y: area.y - margin, width: area.width + 2 * margin,
                            height: area.height + 2 * margin + legendHeight, label: title)
        svg.empty(.rect, [(.x, "0"), (.y, "0"), (.width, SVGWriter.number(size.width)), (.height, SVGWriter.number(size.height)),
                          (.fill, "#f6f6f4"), (.stroke, "#8a8a8a"), (.strokeWidth, "1")])
        svg.start(.g, [(.fontFamily, "Helvetica, Arial, sans-serif"), (.fontSize, "10")])
        for view in scenario.views where view.isGuide {
            svg.empty(.rect, rect(view.submission) + [(.fill, "none"), (.stroke, "#9e9e9e"), (.strokeDasharray, "1 2")])
        }
        for view in scenario.views where !view.isGuide {
            if let reference = view.reference {
                svg.empty(.rect, rect(reference) + [(.fill, "none"), (.stroke, "#1f5fbf"), (.strokeWidth, "1"),
                                                    (.strokeDasharray, "4 3")])
            }
            let color = view.matches ? "#2e7d32" : "#c62828"
            svg.empty(.rect, rect(view.submission) + [(.fill, color), (.fillOpacity, "0.12"), (.stroke, color),
                                                      (.strokeWidth, "1.5")])
            svg.start(.text, [(.x, SVGWriter.number(view.submission.x + 3)), (.y, SVGWriter.number(view.submission.y + 11)),
                              (.fill, view.matches ? "#1b4d1e" : "#8e1b1b")])
            svg.text(view.name)
            svg.end()
        }
        svg.start(.text, [(.x, SVGWriter.number(area.x)), (.y, SVGWriter.number(area.y + area.height + margin + 6)), (.fill, "#444")])
        svg.text("dashed: reference · solid: yours (red: misplaced)")
        svg.end()
        svg.end()
        return GradePicture(name: SVGWriter.fileName(scenario.name), title: title, svg: svg.finish())
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
