import SourceCode

/// How code names views: `self.name`, `_name` and `name` are one view `name`; the view
/// controller's own view is the text format's `superview`; its guides have fixed names.
enum CodeNames {
    /// The names of the root view's built-in guides in the layout text format.
    static let safeArea = "safeArea"
    static let margins = "margins"
    static let topLayoutGuide = "topLayoutGuide"
    static let bottomLayoutGuide = "bottomLayoutGuide"

    /// The variable a path names, without `self.` and without one leading underscore:
    /// `self.label`, `_label` and `label` are all `label`. `nil` for longer paths.
    static func variable(_ path: [String]) -> String? {
        var parts = path[...]
        if parts.first == "self" { parts = parts.dropFirst() }
        guard parts.count == 1, let name = parts.first else { return nil }
        return canonical(name)
    }

    /// A name without one leading underscore (`_label` → `label`).
    static func canonical(_ name: String) -> String {
        name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
    }

    /// Whether the path is the view controller's view: `self.view`, `view`.
    static func isRootView(_ path: [String]) -> Bool {
        path == ["self", "view"] || path == ["view"] || path == ["self", "_view"]
    }

    /// The text-format kind of a UIKit view class, `guide` for `UILayoutGuide`, nil for other classes.
    static func kind(ofClass name: String) -> String? {
        switch name {
        case "UILabel": "label"
        case "UIButton": "button"
        case "UITextView": "textView"
        case "UIImageView": "imageView"
        case "UILayoutGuide": "guide"
        case "UIView", "UITextField", "UISwitch", "UISlider", "UISegmentedControl", "UIActivityIndicatorView",
             "UIScrollView", "UIStackView", "UIProgressView", "UIStepper", "UIPageControl", "UIDatePicker",
             "UIPickerView", "UITableView", "UICollectionView", "UIVisualEffectView", "MKMapView", "WKWebView":
            "view"
        default:
            name.hasPrefix("UI") && name.hasSuffix("View") ? "view" : nil
        }
    }

    /// The class a view-making expression creates: `UILabel()`, `UILabel(frame: …)`,
    /// `[[UILabel alloc] init…]`, `[UILabel new]`, `[UIButton buttonWithType:…]`, `UIButton(type: …)`.
    static func createdClass(_ expression: Expression) -> String? {
        switch expression.unwrapped {
        case .call(.name(let name), _) where kind(ofClass: name) != nil:
            return name
        case .call(.member(.name(let name), "init"), _) where kind(ofClass: name) != nil:
            return name
        case .message(.message(.name(let name), selector: "alloc", arguments: _), selector: let selector, arguments: _)
            where selector.hasPrefix("init") && kind(ofClass: name) != nil:
            return name
        case .message(.name(let name), selector: let selector, arguments: _)
            where (selector == "new" || selector == "buttonWithType:") && kind(ofClass: name) != nil:
            return name
        default:
            return nil
        }
    }

    /// The class named by a declared type: `UILabel *`, `UILabel!`, `UILabel?`, `UILabel`.
    static func declaredClass(_ type: String?) -> String? {
        guard let type else { return nil }
        let words = type.split { " *!?".contains($0) }.map(String.init)
        return words.last { kind(ofClass: $0) != nil }
    }
}
