import UIKit

/// The layout in code: each constraint of the layout document as an anchor.
class StatsViewController: UIViewController {
    let colorful = UILabel()
    let outlined = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        colorful.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(colorful)
        outlined.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(outlined)
        NSLayoutConstraint.activate([
            view.bottomAnchor.constraint(equalToSystemSpacingBelow: colorful.bottomAnchor, multiplier: 1),
        ])
    }
}
