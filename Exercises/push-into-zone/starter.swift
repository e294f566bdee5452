import UIKit

class PushIntoZoneBehavior: UIDynamicBehavior {
    lazy var gravity: UIGravityBehavior = {
        let gravity = UIGravityBehavior()
        gravity.magnitude = 1.0
        return gravity
    }()

    lazy var collider: UICollisionBehavior = {
        let collider = UICollisionBehavior()
        collider.translatesReferenceBoundsIntoBoundary = true
        return collider
    }()

    lazy var push: UIPushBehavior = {
        let push = UIPushBehavior(items: [], mode: .instantaneous)
        push.angle = 0.0
        push.magnitude = 0.5
        return push
    }()

    override init() {
        super.init()
        addChildBehavior(gravity)
        addChildBehavior(collider)
        addChildBehavior(push)
    }

    func addItem(_ item: UIDynamicItem) {
        gravity.addItem(item)
        collider.addItem(item)
        push.addItem(item)
    }

    func removeItem(_ item: UIDynamicItem) {
        gravity.removeItem(item)
        collider.removeItem(item)
        push.removeItem(item)
    }
}
