import UIKit

/// The layout in code: each constraint of the layout document as an anchor.
class EqualSpacingViewController: UIViewController {
    let view1 = UIButton()
    let view2 = UIButton()
    let spacer1 = UILayoutGuide()
    let spacer2 = UILayoutGuide()
    let spacer3 = UILayoutGuide()

    override func viewDidLoad() {
        super.viewDidLoad()
        view1.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(view1)
        view2.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(view2)
        view.addLayoutGuide(spacer1)
        view.addLayoutGuide(spacer2)
        view.addLayoutGuide(spacer3)
        NSLayoutConstraint.activate([
            spacer1.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            view1.leadingAnchor.constraint(equalTo: spacer1.trailingAnchor),
            spacer2.leadingAnchor.constraint(equalTo: view1.trailingAnchor),
            spacer2.widthAnchor.constraint(equalTo: spacer1.widthAnchor),
            view2.leadingAnchor.constraint(equalTo: spacer2.trailingAnchor),
            spacer3.leadingAnchor.constraint(equalTo: view2.trailingAnchor),
            spacer3.widthAnchor.constraint(equalTo: spacer1.widthAnchor),
            view.trailingAnchor.constraint(equalTo: spacer3.trailingAnchor),
            view1.topAnchor.constraint(equalToSystemSpacingBelow: view.topAnchor, multiplier: 1),
            view2.topAnchor.constraint(equalToSystemSpacingBelow: view.topAnchor, multiplier: 1),
        ])
    }
}
