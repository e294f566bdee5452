import Dynamics
import Foundation

/// An attachment to an anchor, as the run picture shows it: where the anchor is at each keyframe
/// of the script (SMIL moves it in straight lines between them, as the scene does), and the bar
/// from the anchor to the item while the attachment acts.
struct AnchorPath {
    /// The attachment's id, or the item's when it has none.
    let name: String
    let item: String
    /// The attachment point in the item's own frame.
    let offset: Vector
    /// The anchor's positions at their times in seconds: the start at 0, then each move.
    let keyframes: [(time: Double, position: Vector)]
    /// When the script removes the attachment, if it does.
    let removal: Double?

    /// The attachments to anchors in the scene's tree, in tree order.
    static func all(in scene: Scene) -> [AnchorPath] {
        guard let root = scene.behavior else { return [] }
        let events = scene.script.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return BehaviorSurvey.behaviors(in: root).compactMap { behavior in
            guard case .attachment(let attachment) = behavior.kind, case .anchor(let start) = attachment.target else { return nil }
            var keyframes = [(time: 0.0, position: start)]
            var removal: Double?
            if let id = behavior.id {
                for event in events {
                    switch event.action {
                    case .moveAnchor(let target, let position) where target == id: keyframes.append((event.at, position))
                    case .removeBehavior(let target) where target == id && removal == nil: removal = event.at
                    default: continue
                    }
                }
            }
            return AnchorPath(name: behavior.id ?? attachment.item, item: attachment.item, offset: attachment.offset,
                              keyframes: keyframes, removal: removal)
        }
    }

    /// The anchor's path, dotted, with a mark at each keyframe and the name at the start.
    func drawPath(into svg: inout SVGWriter) {
        let color = DynamicsPicture.anchorColor
        if keyframes.count > 1 {
            svg.empty(.polyline, [(.points, keyframes.map { point($0.position) }.joined(separator: " ")), (.fill, "none"),
                                  (.stroke, color), (.strokeDasharray, "1 2")])
        }
        for keyframe in keyframes {
            svg.empty(.rect, mark(at: keyframe.position) + [(.fill, "none"), (.stroke, color)])
        }
        if let start = keyframes.first {
            svg.label(name, x: start.position.x + 5, y: start.position.y - 5, fill: color)
        }
    }

    /// The anchor mark and the bar to the item, moving with the run while the attachment acts.
    func animate(item trajectory: [SimulationResult.TrajectoryPoint], duration: Double, into svg: inout SVGWriter) {
        guard duration > 0, let first = trajectory.first else { return }
        let dur = "\(NumberText.format(duration, decimals: 3))s"
        let ends = DynamicsPicture.keyframes(trajectory, duration: duration)
        var anchorFrames = keyframes.map { (time: min(1, max(0, $0.time / duration)), position: $0.position) }
        if let last = anchorFrames.last, last.time < 1 { anchorFrames.append((1, last.position)) }
        guard zip(anchorFrames, anchorFrames.dropFirst()).allSatisfy({ $0.time < $1.time }) else { return }
        let appear = min(1, max(0, first.t / duration))
        let end = min(1, max(0, (removal ?? .infinity) / duration))
        guard end > appear else { return }
        var visibility = [(time: appear, value: "1")]
        if appear > 0 { visibility.insert((0, "0"), at: 0) }
        if end < 1 { visibility.append((end, "0")) }
        svg.start(.g, [(.opacity, appear > 0 ? "0" : "1")])
        svg.empty(.animate, [(.attributeName, "opacity"), (.values, visibility.map(\.value).joined(separator: ";")),
                             (.keyTimes, visibility.map { NumberText.format($0.time, decimals: 4) }.joined(separator: ";")),
                             (.calcMode, "discrete"), (.dur, dur), (.repeatCount, "indefinite")])
        let anchorKeyTimes = anchorFrames.map { NumberText.format($0.time, decimals: 4) }.joined(separator: ";")
        let anchorPositions = anchorFrames.map(\.position)
        let attached = ends.map { attachmentPoint(of: $0.point) }
        let endKeyTimes = ends.map { NumberText.format($0.time, decimals: 4) }.joined(separator: ";")
        svg.start(.line, [(.stroke, DynamicsPicture.anchorColor), (.strokeWidth, "1.5")])
        for (attribute, values, times) in [("x1", anchorPositions.map(\.x), anchorKeyTimes), ("y1", anchorPositions.map(\.y), anchorKeyTimes),
                                           ("x2", attached.map(\.x), endKeyTimes), ("y2", attached.map(\.y), endKeyTimes)] {
            svg.empty(.animate, [(.attributeName, attribute), (.values, values.map(DynamicsPicture.coordinate).joined(separator: ";")),
                                 (.keyTimes, times), (.dur, dur), (.repeatCount, "indefinite")])
        }
        svg.end()
        svg.start(.rect, mark(at: .zero) + [(.fill, DynamicsPicture.anchorColor)])
        svg.empty(.animateTransform, [(.attributeName, "transform"), (.type, "translate"),
                                      (.values, anchorPositions.map(point).joined(separator: ";")),
                                      (.keyTimes, anchorKeyTimes), (.dur, dur), (.repeatCount, "indefinite")])
        svg.end()
        svg.end()
    }

    /// Where the attachment holds the item at a sampled pose.
    private func attachmentPoint(of pose: SimulationResult.TrajectoryPoint) -> Vector {
        let c = cos(pose.angle), s = sin(pose.angle)
        return pose.center + Vector(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
    }

    private func point(_ position: Vector) -> String {
        "\(DynamicsPicture.coordinate(position.x)),\(DynamicsPicture.coordinate(position.y))"
    }

    /// A 6-point square centred on `position`.
    private func mark(at position: Vector) -> [(SVGWriter.Attribute, String)] {
        [(.x, SVGWriter.number(position.x - 3)), (.y, SVGWriter.number(position.y - 3)), (.width, "6"), (.height, "6")]
    }
}
