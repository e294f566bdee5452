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
            swatch1.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1),
            swatch2.leadingAnchor.constraint(equalToSystemSpacingAfter: swatch1.trailingAnchor, multiplier: 1),
            swatch2.widthAnchor.constraint(equalTo: swatch1.widthAnchor),
            swatch3.leadingAnchor.constraint(equalToSystemSpacingAfter: swatch2.trailingAnchor, multiplier: 1),
            swatch3.widthAnchor.constraint(equalTo: swatch1.widthAnchor),
            swatch4.leadingAnchor.constraint(equalToSystemSpacingAfter: swatch3.trailingAnchor, multiplier: 1),
            swatch4.widthAnchor.constraint(equalTo: swatch1.widthAnchor),
            view.trailingAnchor.constraint(equalToSystemSpacingAfter: swatch4.trailingAnchor, multiplier: 1),
            outline.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1),
            view.trailingAnchor.constraint(equalToSystemSpacingAfter: unoutline.trailingAnchor, multiplier: 1),
            headline.topAnchor.constraint(equalToSystemSpacingBelow: view.topAnchor, multiplier: 1),
            body.topAnchor.constraint(equalToSystemSpacingBelow: headline.bottomAnchor, multiplier: 1),
            swatch1.topAnchor.constraint(equalToSystemSpacingBelow: body.bottomAnchor, multiplier: 1),
            swatch1.heightAnchor.constraint(equalToConstant: 64),
            outline.topAnchor.constraint(equalToSystemSpacingBelow: swatch1.bottomAnchor, multiplier: 1),
            view.bottomAnchor.constraint(equalToSystemSpacingBelow: outline.bottomAnchor, multiplier: 1),
            swatch2.topAnchor.constraint(equalToSystemSpacingBelow: body.bottomAnchor, multiplier: 1),
            swatch2.heightAnchor.constraint(equalToConstant: 64),
            outline.topAnchor.constraint(equalToSystemSpacingBelow: swatch2.bottomAnchor, multiplier: 1),
            swatch3.topAnchor.constraint(equalToSystemSpacingBelow: body.bottomAnchor, multiplier: 1),
            swatch3.heightAnchor.constraint(equalToConstant: 64),
            outline.topAnchor.constraint(equalToSystemSpacingBelow: swatch3.bottomAnchor, multiplier: 1),
            swatch4.topAnchor.constraint(equalToSystemSpacingBelow: body.bottomAnchor, multiplier: 1),
            swatch4.heightAnchor.constraint(equalToConstant: 64),
            unoutline.topAnchor.constraint(equalToSystemSpacingBelow: swatch4.bottomAnchor, multiplier: 1),
            view.bottomAnchor.constraint(equalToSystemSpacingBelow: unoutline.bottomAnchor, multiplier: 1),
        ])
    }
}
