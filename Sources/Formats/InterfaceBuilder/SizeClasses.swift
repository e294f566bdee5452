import AutoLayout

/// The size classes a layout is shown in, which decide the constraints of size-class variations.
public struct SizeClasses: Sendable, Equatable, CustomStringConvertible {
    public enum SizeClass: String, Sendable, Equatable { case compact, regular }

    public var width: SizeClass
    public var height: SizeClass

    public init(width: SizeClass, height: SizeClass) {
        self.width = width
        self.height = height
    }

    /// The size classes of a screen of this size: a phone (shorter side under 600) is compact
    /// wide in portrait and compact high in landscape (regular wide when its longer side is at
    /// least 736, as the large phones); a tablet is regular both ways.
    public init(screen size: LayoutSize) {
        let short = min(size.width, size.height), long = max(size.width, size.height)
        if short >= 600 {
            self.init(width: .regular, height: .regular)
        } else if size.width > size.height {
            self.init(width: long >= 736 ? .regular : .compact, height: .compact)
        } else {
            self.init(width: .compact, height: .regular)
        }
    }

    /// `widthClass=compact heightClass=regular`.
    public var description: String { "widthClass=\(width.rawValue) heightClass=\(height.rawValue)" }

    /// Whether a variation key (`heightClass=compact`, `widthClass=compact-heightClass=regular`)
    /// applies; nil when the key is not a size-class key. The number of classes it names is its
    /// specificity.
    func matches(variation key: String) -> (matches: Bool, specificity: Int)? {
        var specificity = 0
        var matches = true
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let value = SizeClass(rawValue: String(pair[1])) else { return nil }
            switch pair[0] {
            case "widthClass": matches = matches && value == width
            case "heightClass": matches = matches && value == height
            default: return nil
            }
            specificity += 1
        }
        return specificity == 0 ? nil : (matches, specificity)
    }
}
