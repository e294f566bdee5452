import Dynamics
import Foundation

/// Draws a dynamics run: a caption, the reference bounds, the columns and zones the checks speak
/// of, the path of every anchor the script moves, each item's trajectory and final pose, a SMIL
/// animation replaying the run (no script needed), and a legend of samples.
enum DynamicsPicture {
    static let margin = 10.0
    static let captionHeight = 18.0
    static let legendHeight = 22.0
    /// Most keyframes per item in the animation; longer runs are thinned evenly.
    static let maxKeyframes = 90
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
    static let anchorColor = "#555555"

    static func draw(scene: Scene, result: SimulationResult, checks: [DynamicsCheck]) -> GradePicture {
        let paused = result.pausedAt.map { "at rest at \(NumberText.format($0, decimals: 2)) s" } ?? "never at rest"
        let items = scene.items.count == 1 ? "1 item" : "\(scene.items.count) items"
        let title = "Run of \(NumberText.format(scene.duration, decimals: 2)) s, \(items), \(paused)"
        var svg = SVGWriter(x: -margin, y: -margin - captionHeight, width: scene.width + 2 * margin,
                            height: scene.height + 2 * margin + captionHeight + legendHeight, label: title,
                            description: "The scene's walls and items, each item's path over the run in its own colour, "
                                + "where it started and where it ended, and the anchors of attachments and snaps.")
        svg.start(.g, [(.fontFamily, "Helvetica, Arial, sans-serif"), (.fontSize, SVGWriter.number(SVGWriter.labelFontSize))])
        svg.start(.text, [(.x, "0"), (.y, "-6"), (.fill, "#222"), (.fontSize, "13")])
        svg.text(title)
        svg.end()
        svg.empty(.rect, [(.x, "0"), (.y, "0"), (.width, SVGWriter.number(scene.width)), (.height, SVGWriter.number(scene.height)),
                          (.fill, "#f6f6f4"), (.stroke, "#8a8a8a")])
        let hasZone = drawTargets(checks, scene: scene, into: &svg)
        let anchors = AnchorPath.all(in: scene)
        for anchor in anchors { anchor.drawPath(into: &svg) }
        var finals: [(item: Scene.Item, state: SimulationResult.ItemState, color: String)] = []
        for (index, item) in scene.items.enumerated() {
            let color = palette[index % palette.count]
            let trajectory = result.trajectory(of: item.id)
            if trajectory.count > 1 {
                let points = trajectory.map { "\(coordinate($0.center.x)),\(coordinate($0.center.y))" }
                svg.empty(.polyline, [(.points, points.joined(separator: " ")), (.fill, "none"), (.stroke, color),
                                      (.strokeOpacity, "0.55"), (.strokeWidth, "1")])
            }
            guard let state = result.item(item.id), state.appeared else { continue }
            svg.empty(.rect, outline(item) + [(.transform, pose(state.center, state.angle)), (.fill, "none"),
                                              (.stroke, color), (.strokeDasharray, "3 2")])
            finals.append((item, state, color))
        }
        for anchor in anchors {
            let item = result.trajectory(of: anchor.item)
            anchor.animate(item: item, duration: scene.duration, into: &svg)
        }
        for (index, item) in scene.items.enumerated() {
            animate(item, trajectory: result.trajectory(of: item.id), color: palette[index % palette.count],
                    duration: scene.duration, into: &svg)
        }
        for final in finals {
            svg.start(.g, [(.transform, "translate(\(SVGWriter.number(final.state.center.x)) \(SVGWriter.number(final.state.center.y)))")])
            svg.label(final.item.id, x: 0, y: 3.5, fill: final.color, extra: [(.textAnchor, "middle")])
            svg.end()
        }
        legend(hasAnchors: !anchors.isEmpty, hasZone: hasZone, y: scene.height + margin - 2, into: &svg)
        svg.end()
        return GradePicture(name: "run.svg", title: title, svg: svg.finish())
    }

    /// Column lines and target zones from the checks; whether there is a zone.
    private static func drawTargets(_ checks: [DynamicsCheck], scene: Scene, into svg: inout SVGWriter) -> Bool {
        var hasZone = false
        for check in checks {
            switch check.rule {
            case .inColumn(let width, let origin, _):
                var x = origin
                var lines = 0
                while x <= scene.width + 1e-9, lines <= 200 {
                    if x >= -1e-9 {
                        svg.empty(.line, [(.x1, SVGWriter.number(x)), (.y1, "0"), (.x2, SVGWriter.number(x)),
                                          (.y2, SVGWriter.number(scene.height)), (.stroke, "#c8c8c8"), (.strokeDasharray, "2 4")])
                    }
                    x += width
                    lines += 1
                }
            case .insideZone(let zone, _):
                hasZone = true
                svg.empty(.rect, [(.x, SVGWriter.number(zone.x)), (.y, SVGWriter.number(zone.y)),
                                  (.width, SVGWriter.number(zone.width)), (.height, SVGWriter.number(zone.height)),
                                  (.fill, "#2e7d32"), (.fillOpacity, "0.12"), (.stroke, "#2e7d32"), (.strokeDasharray, "5 3")])
            default:
                continue
            }
        }
        return hasZone
    }

    private static func legend(hasAnchors: Bool, hasZone: Bool, y: Double, into svg: inout SVGWriter) {
        let color = palette[0]
        var next = svg.legendEntry("path", x: 0, y: y) { svg, x, y in
            svg.empty(.line, [(.x1, SVGWriter.number(x)), (.y1, SVGWriter.number(y + 5)), (.x2, SVGWriter.number(x + 14)),
                              (.y2, SVGWriter.number(y + 5)), (.stroke, color), (.strokeOpacity, "0.55")])
        }
        next = svg.legendEntry("final", x: next, y: y) { svg, x, y in
            svg.empty(.rect, sample(x, y) + [(.fill, "none"), (.stroke, color), (.strokeDasharray, "3 2")])
        }
        next = svg.legendEntry("replay", x: next, y: y) { svg, x, y in
            svg.empty(.rect, sample(x, y) + [(.fill, color), (.fillOpacity, "0.75"), (.stroke, color)])
        }
        if hasAnchors {
            next = svg.legendEntry("anchor", x: next, y: y) { svg, x, y in
                svg.empty(.line, [(.x1, SVGWriter.number(x)), (.y1, SVGWriter.number(y + 5)), (.x2, SVGWriter.number(x + 14)),
                                  (.y2, SVGWriter.number(y + 5)), (.stroke, anchorColor), (.strokeDasharray, "1 2")])
            }
        }
        if hasZone {
            _ = svg.legendEntry("zone", x: next, y: y) { svg, x, y in
                svg.empty(.rect, sample(x, y) + [(.fill, "#2e7d32"), (.fillOpacity, "0.12"), (.stroke, "#2e7d32"),
                                                 (.strokeDasharray, "5 3")])
            }
        }
    }

    private static func sample(_ x: Double, _ y: Double) -> [(SVGWriter.Attribute, String)] {
        [(.x, SVGWriter.number(x)), (.y, SVGWriter.number(y)), (.width, "14"), (.height, "10")]
    }

    /// A filled copy of the item, named, that replays its sampled poses, hidden until it appears.
    private static func animate(_ item: Scene.Item, trajectory: [SimulationResult.TrajectoryPoint], color: String,
                                duration: Double, into svg: inout SVGWriter) {
        guard duration > 0, let first = trajectory.first else { return }
        let frames = keyframes(trajectory, duration: duration)
        let keyTimes = frames.map { NumberText.format($0.time, decimals: 4) }.joined(separator: ";")
        let dur = "\(NumberText.format(duration, decimals: 3))s"
        let appear = min(1, max(0, first.t / duration))
        if appear > 0 {
            svg.start(.g, [(.opacity, "0"), (.transform, pose(first.center, first.angle))])
            svg.empty(.animate, [(.attributeName, "opacity"), (.values, "0;1"),
                                 (.keyTimes, "0;\(NumberText.format(appear, decimals: 4))"), (.calcMode, "discrete"),
                                 (.dur, dur), (.repeatCount, "indefinite")])
        } else {
            svg.start(.g, [(.transform, pose(first.center, first.angle))])
        }
        svg.empty(.animateTransform, [(.attributeName, "transform"), (.type, "translate"),
                                      (.values, frames.map { "\(coordinate($0.point.center.x)),\(coordinate($0.point.center.y))" }
                                        .joined(separator: ";")),
                                      (.keyTimes, keyTimes), (.dur, dur), (.repeatCount, "indefinite")])
        svg.empty(.animateTransform, [(.attributeName, "transform"), (.type, "rotate"), (.additive, "sum"),
                                      (.values, frames.map { coordinate($0.point.angle * 180 / .pi) }.joined(separator: ";")),
                                      (.keyTimes, keyTimes), (.dur, dur), (.repeatCount, "indefinite")])
        svg.empty(.rect, outline(item) + [(.fill, color), (.fillOpacity, "0.75"), (.stroke, color)])
        svg.label(item.id, x: 0, y: 3.5, fill: "#222", extra: [(.textAnchor, "middle")])
        svg.end()
    }

    /// The samples to animate, at most `maxKeyframes` of them, with their times as fractions of
    /// the run: the first at 0, the last at 1 (the pose held to the end), strictly increasing.
    static func keyframes(_ trajectory: [SimulationResult.TrajectoryPoint],
                          duration: Double) -> [(time: Double, point: SimulationResult.TrajectoryPoint)] {
        guard let first = trajectory.first, let last = trajectory.last else { return [] }
        let stride = max(1, (trajectory.count + maxKeyframes - 1) / maxKeyframes)
        var samples = Swift.stride(from: 0, to: trajectory.count, by: stride).map { trajectory[$0] }
        if samples.last?.t != last.t { samples.append(last) }
        var frames = [(time: 0.0, point: first)]
        for sample in samples {
            let time = min(1, max(0, sample.t / duration))
            guard time > (frames.last?.time ?? 0) else { continue }
            frames.append((time, sample))
        }
        if let end = frames.last, end.time < 1 { frames.append((1, end.point)) }
        return frames
    }

    /// Trajectories and animations need no more than a tenth of a point (or degree).
    static func coordinate(_ value: Double) -> String {
        SVGWriter.number(value, decimals: 1)
    }

    private static func pose(_ center: Vector, _ angle: Double) -> String {
        "translate(\(SVGWriter.number(center.x)) \(SVGWriter.number(center.y))) rotate(\(SVGWriter.number(angle * 180 / .pi)))"
    }

    /// The item's outline around its own centre.
    private static func outline(_ item: Scene.Item) -> [(SVGWriter.Attribute, String)] {
        switch item.shape {
        case .rectangle(let width, let height):
            return [(.x, SVGWriter.number(-width / 2)), (.y, SVGWriter.number(-height / 2)),
                    (.width, SVGWriter.number(width)), (.height, SVGWriter.number(height))]
        case .circle(let radius):
            let side = 2 * radius
            return [(.x, SVGWriter.number(-radius)), (.y, SVGWriter.number(-radius)), (.width, SVGWriter.number(side)),
                    (.height, SVGWriter.number(side)), (.rx, SVGWriter.number(radius))]
        }
    }
}
