import UIKit

/// The layout in code: each constraint of the layout document as an anchor.
class CornersViewController: UIViewController {
    let thing1 = UILabel()
    let thing2 = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        thing1.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(thing1)
        thing2.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(thing2)
        NSLayoutConstraint.activate([
            thing1.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1),
            thing1.topAnchor.constraint(equalToSystemSpacingBelow: view.topAnchor, multiplier: 1),
            view.trailingAnchor.constraint(equalToSystemSpacingAfter: thing2.trailingAnchor, multiplier: 1),
            view.bottomAnchor.constraint(equalToSystemSpacingBelow: thing2.bottomAnchor, multiplier: 1),
        ])
    }
}
