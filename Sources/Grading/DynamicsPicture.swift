import Dynamics
import Foundation

/// Draws a dynamics run: the reference bounds, the columns and zones the checks speak of, each
/// item's trajectory, its final pose, and a SMIL animation replaying the run (no script needed).
enum DynamicsPicture {
    static let margin = 10.0
    static let legendHeight = 22.0
    /// Most keyframes per item in the animation; longer runs are thinned evenly.
    static let maxKeyframes = 90
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]

    static func draw(scene: Scene, result: SimulationResult, checks: [DynamicsCheck]) -> GradePicture {
        let paused = result.pausedAt.map { "at rest at \(NumberText.format($0, decimals: 2)) s" } ?? "never at rest"
        let title = "Run of \(NumberText.format(scene.duration, decimals: 2)) s, \(scene.items.count) items, \(paused)"
        var svg = SVGWriter(x: -margin, y: -margin, width: scene.width + 2 * margin,
                            height: scene.height + 2 * margin + legendHeight, label: title)
        svg.empty(.rect, [(.x, "0"), (.y, "0"), (.width, SVGWriter.number(scene.width)), (.height, SVGWriter.number(scene.height)),
                          (.fill, "#f6f6f4"), (.stroke, "#8a8a8a")])
        drawTargets(checks, scene: scene, into: &svg)
        svg.start(.g, [(.fontFamily, "Helvetica, Arial, sans-serif"), (.fontSize, "9")])
        for (index, item) in scene.items.enumerated() {
            let color = palette[index % palette.count]
            let trajectory = result.trajectory(of: item.id)
            if trajectory.count > 1 {
                let points = trajectory.map { "\(coordinate($0.center.x)),\(coordinate($0.center.y))" }
                svg.empty(.polyline, [(.points, points.joined(separator: " ")), (.fill, "none"), (.stroke, color),
                                      (.strokeOpacity, "0.45"), (.strokeWidth, "1")])
            }
            guard let state = result.item(item.id), state.appeared else { continue }
            svg.start(.g, [(.transform, pose(state.center, state.angle))])
            svg.empty(.rect, outline(item) + [(.fill, "none"), (.stroke, color), (.strokeDasharray, "3 2")])
            svg.start(.text, [(.x, "0"), (.y, "3"), (.textAnchor, "middle"), (.fill, color)])
            svg.text(item.id)
            svg.end()
            svg.end()
            animate(item, trajectory: trajectory, color: color, duration: scene.duration, into: &svg)
        }
        svg.start(.text, [(.x, "0"), (.y, SVGWriter.number(scene.height + margin + 6)), (.fill, "#444")])
        svg.text("lines: paths · dashed: final · filled: replay")
        svg.end()
        svg.end()
        return GradePicture(name: "run.svg", title: title, svg: svg.finish())
    }

    /// Column lines and target zones from the checks.
    private static func drawTargets(_ checks: [DynamicsCheck], scene: Scene, into svg: inout SVGWriter) {
        for check in checks {
            switch check.rule {
            case .inColumn(let width, let origin, _):
                var x = origin
                var lines = 0
                while x <= scene.width + 1e-9, lines <= 200 {
                    if x >= -1e-9 {
                        svg.empty(.line, [(.x1, SVGWriter.number(x)), (.y1, "0"), (.x2, SVGWriter.number(x)),
                                          (.y2, SVGWriter.number(scene.height)), (.stroke, "#d0d0d0"), (.strokeDasharray, "2 4")])
                    }
                    x += width
                    lines += 1
                }
            case .insideZone(let zone, _):
                svg.empty(.rect, [(.x, SVGWriter.number(zone.x)), (.y, SVGWriter.number(zone.y)),
                                  (.width, SVGWriter.number(zone.width)), (.height, SVGWriter.number(zone.height)),
                                  (.fill, "#2e7d32"), (.fillOpacity, "0.12"), (.stroke, "#2e7d32"), (.strokeDasharray, "5 3")])
            default:
                continue
            }
        }
    }

    /// A filled copy of the item that replays its sampled poses, hidden until it appears.
    private static func animate(_ item: Scene.Item, trajectory: [SimulationResult.TrajectoryPoint], color: String,
                                duration: Double, into svg: inout SVGWriter) {
        guard duration > 0, let first = trajectory.first else { return }
        let stride = max(1, (trajectory.count + maxKeyframes - 1) / maxKeyframes)
        var samples = Swift.stride(from: 0, to: trajectory.count, by: stride).map { trajectory[$0] }
        if let last = trajectory.last, samples.last?.t != last.t { samples.append(last) }
        var times: [Double] = [0]
        var positions = ["\(coordinate(first.center.x)),\(coordinate(first.center.y))"]
        var angles = [coordinate(first.angle * 180 / .pi)]
        for sample in samples {
            let time = min(1, max(0, sample.t / duration))
            guard time > (times.last ?? 0) else { continue }
            times.append(time)
            positions.append("\(coordinate(sample.center.x)),\(coordinate(sample.center.y))")
            angles.append(coordinate(sample.angle * 180 / .pi))
        }
        if (times.last ?? 0) < 1 {
            times.append(1)
            positions.append(positions[positions.count - 1])
            angles.append(angles[angles.count - 1])
        }
        let keyTimes = times.map { NumberText.format($0, decimals: 4) }.joined(separator: ";")
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
        svg.empty(.animateTransform, [(.attributeName, "transform"), (.type, "translate"), (.values, positions.joined(separator: ";")),
                                      (.keyTimes, keyTimes), (.dur, dur), (.repeatCount, "indefinite")])
        svg.empty(.animateTransform, [(.attributeName, "transform"), (.type, "rotate"), (.additive, "sum"),
                                      (.values, angles.joined(separator: ";")), (.keyTimes, keyTimes), (.dur, dur),
                                      (.repeatCount, "indefinite")])
        svg.empty(.rect, outline(item) + [(.fill, color), (.fillOpacity, "0.75"), (.stroke, color)])
        svg.end()
    }

    /// Trajectories and animations need no more than a tenth of a point (or degree).
    private static func coordinate(_ value: Double) -> String {
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
