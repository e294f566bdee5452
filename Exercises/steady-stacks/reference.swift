import UIKit

class SteadyStacksBehavior: UIDynamicBehavior {
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

    lazy var animationOptions: UIDynamicItemBehavior = {
        let animationOptions = UIDynamicItemBehavior()
        animationOptions.elasticity = 0.0
        animationOptions.friction = 0.5
        animationOptions.allowsRotation = false
        return animationOptions
    }()

    override init() {
        super.init()
        addChildBehavior(gravity)
        addChildBehavior(collider)
        addChildBehavior(animationOptions)
    }

    func addItem(_ item: UIDynamicItem) {
        gravity.addItem(item)
        collider.addItem(item)
        animationOptions.addItem(item)
    }

    func removeItem(_ item: UIDynamicItem) {
        gravity.removeItem(item)
        collider.removeItem(item)
        animationOptions.removeItem(item)
    }
}
