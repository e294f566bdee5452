import HTML

/// A score histogram as an SVG drawing built with the HTML DSL (every label escaped as it is
/// written): one bar per tenth of the full score, its count above it, the range below it.
enum ScoreHistogram {
    static let width = 440
    static let height = 200
    private static let plotTop = 24
    private static let plotBottom = 160
    private static let left = 20
    private static let barWidth = 34
    private static let gap = 6

    static func svg(_ counts: [Int], label: String) -> HTML {
        let highest = max(1, counts.max() ?? 1)
        let plotHeight = plotBottom - plotTop
        return HTML.element("svg", [.attr("xmlns", "http://www.w3.org/2000/svg"), .attr("viewBox", "0 0 \(width) \(height)"),
                                    .attr("width", String(width)), .attr("height", String(height)), .role("img"),
                                    .aria("label", label), .class("histogram")]) {
            HTML.element("title") { label }
            HTML.element("line", [.attr("x1", String(left - 4)), .attr("y1", String(plotBottom)), .attr("x2", String(width - 4)),
                                  .attr("y2", String(plotBottom)), .attr("stroke", "#555")])
            for (index, count) in counts.enumerated() {
                let x = left + index * (barWidth + gap)
                let barHeight = count == 0 ? 0 : max(2, count * plotHeight / highest)
                HTML.element("rect", [.attr("x", String(x)), .attr("y", String(plotBottom - barHeight)), .attr("width", String(barWidth)),
                                      .attr("height", String(barHeight)), .attr("fill", "#2f6f9f")])
                HTML.element("text", [.attr("x", String(x + barWidth / 2)), .attr("y", String(plotBottom - barHeight - 6)),
                                      .attr("text-anchor", "middle"), .attr("font-size", "12")]) { String(count) }
                HTML.element("text", [.attr("x", String(x + barWidth / 2)), .attr("y", String(plotBottom + 16)),
                                      .attr("text-anchor", "middle"), .attr("font-size", "11")]) { "\(index * 10)" }
            }
            HTML.element("text", [.attr("x", String(width / 2)), .attr("y", String(plotBottom + 34)), .attr("text-anchor", "middle"),
                                  .attr("font-size", "12")]) { "% of the full score (each bar: ten points of percentage)" }
        }
    }
}
