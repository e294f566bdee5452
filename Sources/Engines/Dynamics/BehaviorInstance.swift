/// A behavior of the flattened tree. Instances are stored in tree order (pre-order), with the
/// behaviors the script adds appended in script order, so the index order is the order in
/// which item properties are applied ("last one wins").
struct BehaviorInstance {
    var id: String?
    var kind: Behavior.Kind
    /// Items the behavior applies to (by item index), or nil for all.
    var targets: [Int]?
    /// One past the index of the last descendant (composites); `index + 1` otherwise.
    var end: Int
    var active: Bool
    /// Time at which the behavior becomes active (0, or the time of the script event adding it).
    var activationTime: Double
    /// Mask bit of a collision behavior.
    var collisionBit: UInt64 = 0
    /// Rest length of an attachment, fixed when it first acts.
    var attachmentLength: Double?
    /// Actual lengths of an attachment with an id at the ends of the steps in which it acted.
    var measuredLengths: (min: Double, max: Double)?
    /// Anchor keyframes of an attachment to a point, in time order.
    var keyframes: [(time: Double, position: Vector)] = []
    /// Items already given an instantaneous push.
    var pushed: [Bool] = []

    func applies(to item: Int) -> Bool {
        targets.map { $0.contains(item) } ?? true
    }

    /// Appends `behavior` and its descendants in pre-order.
    static func flatten(_ behavior: Behavior, active: Bool, activationTime: Double,
                        itemIndex: [String: Int], into list: inout [BehaviorInstance]) {
        let index = list.count
        list.append(BehaviorInstance(id: behavior.id, kind: behavior.kind,
                                     targets: behavior.items?.compactMap { itemIndex[$0] }, end: index + 1,
                                     active: active, activationTime: activationTime))
        if case .composite(let children) = behavior.kind {
            list[index].kind = .composite([])
            for child in children {
                flatten(child, active: active, activationTime: activationTime, itemIndex: itemIndex, into: &list)
            }
            list[index].end = list.count
        }
    }

    /// Anchor position at time `t`, moving linearly between keyframes.
    func anchor(at t: Double) -> Vector {
        guard var previous = keyframes.first else { return .zero }
        for frame in keyframes.dropFirst() {
            if t < frame.time {
                let span = frame.time - previous.time
                let f = span > 0 ? max(0, (t - previous.time) / span) : 1
                return previous.position + f * (frame.position - previous.position)
            }
            previous = frame
        }
        return previous.position
    }
}
