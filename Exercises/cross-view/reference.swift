import UIKit

/// The layout in code: each constraint of the layout document as an anchor.
class CrossViewViewController: UIViewController {
    let topGray = UIView()
    let bottomGray = UIView()
    let topButton = UIButton()
    let bottomButton = UIButton()

    override func viewDidLoad() {
        super.viewDidLoad()
        topGray.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(topGray)
        bottomGray.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(bottomGray)
        topButton.translatesAutoresizingMaskIntoConstraints = false
        topGray.addSubview(topButton)
        bottomButton.translatesAutoresizingMaskIntoConstraints = false
        bottomGray.addSubview(bottomButton)
        NSLayoutConstraint.activate([
            topGray.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1),
            view.trailingAnchor.constraint(equalToSystemSpacingAfter: topGray.trailingAnchor, multiplier: 1),
            bottomGray.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1),
            view.trailingAnchor.constraint(equalToSystemSpacingAfter: bottomGray.trailingAnchor, multiplier: 1),
            topGray.topAnchor.constraint(equalToSystemSpacingBelow: view.topAnchor, multiplier: 1),
            topGray.heightAnchor.constraint(equalToConstant: 100),
            bottomGray.topAnchor.constraint(equalToSystemSpacingBelow: topGray.bottomAnchor, multiplier: 1),
            bottomGray.heightAnchor.constraint(equalToConstant: 100),
            topButton.leadingAnchor.constraint(equalToSystemSpacingAfter: topGray.leadingAnchor, multiplier: 1),
            topButton.centerYAnchor.constraint(equalTo: topGray.centerYAnchor),
            bottomButton.centerYAnchor.constraint(equalTo: bottomGray.centerYAnchor),
            bottomButton.leadingAnchor.constraint(equalTo: topButton.trailingAnchor),
        ])
    }
}
