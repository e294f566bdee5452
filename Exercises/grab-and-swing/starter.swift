import UIKit

class GrabAndSwingBehavior: UIDynamicBehavior {
    var drop: UIDynamicItem!

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

    lazy var grab: UIAttachmentBehavior = {
        let grab = UIAttachmentBehavior(item: self.drop, attachedToAnchor: CGPoint(x: 60.0, y: 100.0))
        return grab
    }()

    override init() {
        super.init()
        addChildBehavior(gravity)
        addChildBehavior(collider)
        addChildBehavior(grab)
    }

    func addItem(_ item: UIDynamicItem) {
        gravity.addItem(item)
        collider.addItem(item)
    }

    func removeItem(_ item: UIDynamicItem) {
        gravity.removeItem(item)
        collider.removeItem(item)
    }
}
