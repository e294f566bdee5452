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
        ])
    }
}
