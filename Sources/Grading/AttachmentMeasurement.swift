import Foundation
import Dynamics

/// How well an attachment kept its length, measured on the sampled frames of a run.
///
/// The anchor's path follows the scene's semantics: it starts where the attachment puts it and
/// moves in a straight line to each scripted position, arriving at the event's time. The
/// attachment acts while its items are present, until the script removes it. Its length is the
/// one it names, or the distance in the first frame in which it acts.
struct AttachmentMeasurement {
    let length: Double
    let minLength: Double
    let maxLength: Double

    static func measure(_ id: String, scene: Scene, result: SimulationResult) -> AttachmentMeasurement? {
        guard let root = scene.behavior,
              let behavior = BehaviorSurvey.behaviors(in: root).first(where: { $0.id == id }),
              case .attachment(let attachment) = behavior.kind else { return nil }
        var keyframes: [(time: Double, position: Vector)] = []
        if case .anchor(let start) = attachment.target { keyframes.append((0, start)) }
        var removal = Double.infinity
        for event in scene.script {
            switch event.action {
            case .moveAnchor(let target, let position) where target == id: keyframes.append((event.at, position))
            case .removeBehavior(let target) where target == id: removal = min(removal, event.at)
            default: continue
            }
        }
        keyframes.sort { $0.time < $1.time }
        var length = attachment.length
        var low = Double.infinity, high = -Double.infinity
        for frame in result.frames where frame.t < removal {
            guard let pose = frame.items.first(where: { $0.id == attachment.item }) else { continue }
            let end: Vector
            switch attachment.target {
            case .anchor: end = anchor(at: frame.t, keyframes)
            case .item(let other, let offset):
                guard let otherPose = frame.items.first(where: { $0.id == other }) else { continue }
                end = point(of: otherPose, offset: offset)
            }
            let distance = (end - point(of: pose, offset: attachment.offset)).length
            if length == nil { length = distance }
            low = min(low, distance)
            high = max(high, distance)
        }
        guard let length, length > 0, low <= high else { return nil }
        return AttachmentMeasurement(length: length, minLength: low, maxLength: high)
    }

    private static func point(of pose: SimulationResult.Pose, offset: Vector) -> Vector {
        let c = cos(pose.angle), s = sin(pose.angle)
        return pose.center + Vector(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
    }

    private static func anchor(at t: Double, _ keyframes: [(time: Double, position: Vector)]) -> Vector {
        guard var previous = keyframes.first else { return .zero }
        for frame in keyframes.dropFirst() {
            if t < frame.time {
                let span = frame.time - previous.time
                let fraction = span > 0 ? max(0, (t - previous.time) / span) : 1
                return previous.position + fraction * (frame.position - previous.position)
            }
            previous = frame
        }
        return previous.position
    }
}
