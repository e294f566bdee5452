import UIKit

/// The layout in code: each constraint of the layout document as an anchor.
class AttributorViewController: UIViewController {
    let headline = UILabel()
    let body = UITextView()
    let swatch1 = UIView()
    let swatch2 = UIView()
    let swatch3 = UIView()
    let swatch4 = UIView()
    let outline = UIButton()
    let unoutline = UIButton()

    override func viewDidLoad() {
        super.viewDidLoad()
        headline.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(headline)
        body.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(body)
        swatch1.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(swatch1)
        swatch2.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(swatch2)
        swatch3.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(swatch3)
        swatch4.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(swatch4)
        outline.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(outline)
        unoutline.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(unoutline)
        NSLayoutConstraint.activate([
            headline.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1),
            view.trailingAnchor.constraint(equalToSystemSpacingAfter: headline.trailingAnchor, multiplier: 1),
            body.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1),
            view.trailingAnchor.constraint(equalToSystemSpacingAfter: body.trailingAnchor, multiplier: 1),
            headline.topAnchor.constraint(equalToSystemSpacingBelow: view.topAnchor, multiplier: 1),
            body.topAnchor.constraint(equalToSystemSpacingBelow: headline.bottomAnchor, multiplier: 1),
        ])
    }
}
