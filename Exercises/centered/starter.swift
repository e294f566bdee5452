import UIKit

/// The layout in code: each constraint of the layout document as an anchor.
class CenteredViewController: UIViewController {
    let badThing = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        badThing.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(badThing)
    }
}
