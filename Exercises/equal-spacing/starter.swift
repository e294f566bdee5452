import UIKit

/// The layout in code: each constraint of the layout document as an anchor.
class EqualSpacingViewController: UIViewController {
    let view1 = UIButton()
    let view2 = UIButton()

    override func viewDidLoad() {
        super.viewDidLoad()
        view1.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(view1)
        view2.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(view2)
        NSLayoutConstraint.activate([
            view1.topAnchor.constraint(equalToSystemSpacingBelow: view.topAnchor, multiplier: 1),
            view2.topAnchor.constraint(equalToSystemSpacingBelow: view.topAnchor, multiplier: 1),
        ])
    }
}
