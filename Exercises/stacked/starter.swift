import UIKit

/// The layout in code: each constraint of the layout document as an anchor.
class StackedViewController: UIViewController {
    let badThing = UILabel()
    let thing2 = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        badThing.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(badThing)
        thing2.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(thing2)
        NSLayoutConstraint.activate([
            view.trailingAnchor.constraint(equalToSystemSpacingAfter: thing2.trailingAnchor, multiplier: 1),
            view.bottomAnchor.constraint(equalToSystemSpacingBelow: thing2.bottomAnchor, multiplier: 1),
        ])
    }
}
