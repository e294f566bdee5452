import UIKit

class SteadyStacksBehavior: UIDynamicBehavior {
    lazy var gravity: UIGravityBehavior = {
        let gravity = UIGravityBehavior()
        gravity.magnitude = 1.0
        return gravity
    }()

    override init() {
        super.init()
        addChildBehavior(gravity)
    }

    func addItem(_ item: UIDynamicItem) {
        gravity.addItem(item)
    }

    func removeItem(_ item: UIDynamicItem) {
        gravity.removeItem(item)
    }
}
