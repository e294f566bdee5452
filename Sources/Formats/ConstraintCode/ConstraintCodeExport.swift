import AutoLayout

/// Writes a layout document as a view controller whose `viewDidLoad` makes the same views and
/// constraints: anchors in Swift; visual format lines and `constraintWithItem:` in Objective-C.
/// `ConstraintCode.convert` reads the result back to the same constraints.
public enum ConstraintCodeExport {
    /// The language to write.
    public enum Language: String, Sendable, CaseIterable {
        case swift
        case objectiveC = "objc"
    }

    /// The document as code. `source` is the text the document was parsed from: with it, the
    /// Objective-C form keeps each visual format line as written.
    public static func code(_ document: LayoutDocument, source: String? = nil, language: Language,
                            className: String = "LayoutViewController") -> String {
        var writer = CodeWriter(document: document, source: source, className: className)
        return language == .swift ? writer.swift() : writer.objectiveC()
    }
}

/// The work behind `ConstraintCodeExport.code`.
struct CodeWriter {
    let document: LayoutDocument
    let sourceLines: [Substring]
    let className: String
    private var counter = 0

    init(document: LayoutDocument, source: String?, className: String) {
        self.document = document
        self.sourceLines = source?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        self.className = className
    }

    static let builtInGuides: Set<String> = ["safeArea", "margins", "topLayoutGuide", "bottomLayoutGuide"]

    /// Declared views and guides, without the root's built-in guides.
    var declaredItems: [(index: Int, item: LayoutItem)] {
        document.items.enumerated().filter { !Self.builtInGuides.contains($0.element.name) }.map { ($0.offset, $0.element) }
    }

    static func className(of item: LayoutItem) -> String {
        switch item.kind {
        case .guide: "UILayoutGuide"
        case .view(let kind):
            switch kind.rawValue {
            case "label": "UILabel"
            case "button": "UIButton"
            case "textView": "UITextView"
            case "imageView": "UIImageView"
            default: "UIView"
            }
        }
    }

    static let marginBases: [String: String] = [
        "leadingMargin": "leading", "trailingMargin": "trailing", "leftMargin": "left", "rightMargin": "right",
        "topMargin": "top", "bottomMargin": "bottom", "centerXWithinMargins": "centerX", "centerYWithinMargins": "centerY",
    ]

    /// The code for an item: `view`, `view.safeAreaLayoutGuide`, a variable.
    func itemCode(_ id: ItemID, swift: Bool) -> String {
        let root = swift ? "view" : "self.view"
        guard case .item = id else { return root }
        let name = document.name(of: id)
        switch name {
        case "safeArea": return root + ".safeAreaLayoutGuide"
        case "margins": return root + ".layoutMarginsGuide"
        case "topLayoutGuide", "bottomLayoutGuide": return swift ? name : "self." + name
        default: return name
        }
    }

    /// The anchor of an item's attribute: `title.leadingAnchor`, `box.layoutMarginsGuide.topAnchor`.
    func anchor(_ id: ItemID, _ attribute: LayoutAttribute, swift: Bool) -> String {
        let raw = attribute.rawValue
        if let base = Self.marginBases[raw] {
            return itemCode(id, swift: swift) + ".layoutMarginsGuide.\(base)Anchor"
        }
        return itemCode(id, swift: swift) + ".\(raw)Anchor"
    }

    func isGuide(_ id: ItemID) -> Bool {
        guard case .item(let index) = id else { return false }
        return document.items[index].isGuide || Self.builtInGuides.contains(document.items[index].name)
    }

    func metricName(_ constant: LayoutConstant) -> String? {
        if case .metric(let name) = constant.source { return name }
        return nil
    }

    /// `+ 8`, `- gap`: the constant as code (`gap`, `-gap`, `8`), or nil when it is 0 and not written.
    func constantCode(_ constant: LayoutConstant) -> String? {
        if let name = metricName(constant) {
            let value = document.metrics.first { $0.name == name }?.value ?? constant.value
            return value != 0 && constant.value == -value ? "-" + name : name
        }
        if constant.value == 0 && constant.location == nil { return nil }
        return number(constant.value)
    }

    func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static let positionAttributes: Set<String> = ["width", "height"]

    // MARK: Swift

    mutating func swift() -> String {
        var lines = [
            "import UIKit",
            "",
            "/// The layout in code: each constraint of the layout document as an anchor.",
            "class \(className): UIViewController {",
        ]
        for (_, item) in declaredItems {
            lines.append("    let \(item.name) = \(Self.className(of: item))()")
        }
        lines += ["", "    override func viewDidLoad() {", "        super.viewDidLoad()"]
        for (_, item) in declaredItems {
            let parent = item.parent == .container ? "view" : document.name(of: item.parent)
            if item.isGuide {
                lines.append("        \(parent).addLayoutGuide(\(item.name))")
            } else {
                lines.append("        \(item.name).translatesAutoresizingMaskIntoConstraints = false")
                lines.append("        \(parent).addSubview(\(item.name))")
            }
        }
        lines += contentPriorities(swift: true)
        for metric in document.metrics {
            lines.append("        let \(metric.name): CGFloat = \(number(metric.value))")
        }
        var listed: [String] = []
        if document.constraints.contains(where: { !$0.priority.isRequired }) {
            // One statement each, so that the constraints keep their order.
            for constraint in document.constraints {
                let code = swiftConstraint(constraint)
                if constraint.priority.isRequired {
                    lines.append("        \(code).isActive = true")
                } else {
                    counter += 1
                    let name = "constraint\(counter)"
                    lines.append("        let \(name) = \(code)")
                    lines.append("        \(name).priority = UILayoutPriority(\(constraint.priority.value))")
                    lines.append("        \(name).isActive = true")
                }
            }
        } else {
            listed = document.constraints.map(swiftConstraint)
        }
        if !listed.isEmpty {
            lines.append("        NSLayoutConstraint.activate([")
            for code in listed { lines.append("            \(code),") }
            lines.append("        ])")
        }
        lines += ["    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    func swiftConstraint(_ c: LayoutConstraint) -> String {
        let relation = c.relation == .equal ? "equalTo" : c.relation == .greaterThanOrEqual ? "greaterThanOrEqualTo" : "lessThanOrEqualTo"
        let first = anchor(c.firstItem, c.firstAttribute, swift: true)
        guard let secondItem = c.secondItem, let secondAttribute = c.secondAttribute else {
            return "\(first).constraint(\(relation)Constant: \(constantCode(c.constant) ?? "0"))"
        }
        let second = anchor(secondItem, secondAttribute, swift: true)
        if c.constant.source == .standard, c.multiplier == 1 {
            let direction = c.firstAttribute.axis == .horizontal ? "After" : "Below"
            return "\(first).constraint(\(relation)SystemSpacing\(direction): \(second), multiplier: 1)"
        }
        let isSize = Self.positionAttributes.contains(c.firstAttribute.rawValue)
            && Self.positionAttributes.contains(secondAttribute.rawValue)
        // The root's `layoutMarginsGuide` is the text format's `margins`; the root's own margin
        // attributes are written with their attribute so that they read back as written.
        let rootMargin = (c.firstItem == .container && Self.marginBases[c.firstAttribute.rawValue] != nil)
            || (secondItem == .container && Self.marginBases[secondAttribute.rawValue] != nil)
        if (c.multiplier != 1 && !isSize) || rootMargin {
            return itemConstraint(c, swift: true)
        }
        var arguments = "\(relation): \(second)"
        if c.multiplier != 1 { arguments += ", multiplier: \(number(c.multiplier))" }
        if let constant = constantCode(c.constant) { arguments += ", constant: \(constant)" }
        return "\(first).constraint(\(arguments))"
    }

    /// `NSLayoutConstraint(item:…)` or `[NSLayoutConstraint constraintWithItem:…]`.
    func itemConstraint(_ c: LayoutConstraint, swift: Bool) -> String {
        let relation = c.relation == .equal ? "Equal" : c.relation == .greaterThanOrEqual ? "GreaterThanOrEqual" : "LessThanOrEqual"
        let constant = constantCode(c.constant) ?? "0"
        func attributeCode(_ attribute: LayoutAttribute?) -> String {
            guard let raw = attribute?.rawValue else { return swift ? ".notAnAttribute" : "NSLayoutAttributeNotAnAttribute" }
            return swift ? "." + raw : "NSLayoutAttribute" + raw.prefix(1).uppercased() + raw.dropFirst()
        }
        let second = c.secondItem.map { itemCode($0, swift: swift) } ?? (swift ? "nil" : "nil")
        if swift {
            return "NSLayoutConstraint(item: \(itemCode(c.firstItem, swift: true)), attribute: \(attributeCode(c.firstAttribute)), "
                + "relatedBy: .\(relation.prefix(1).lowercased() + relation.dropFirst()), toItem: \(second), "
                + "attribute: \(attributeCode(c.secondAttribute)), multiplier: \(number(c.multiplier)), constant: \(constant))"
        }
        return "[NSLayoutConstraint constraintWithItem:\(itemCode(c.firstItem, swift: false)) attribute:\(attributeCode(c.firstAttribute)) "
            + "relatedBy:NSLayoutRelation\(relation) toItem:\(second) attribute:\(attributeCode(c.secondAttribute)) "
            + "multiplier:\(number(c.multiplier)) constant:\(constant)]"
    }

    func contentPriorities(swift: Bool) -> [String] {
        var lines: [String] = []
        for (_, item) in declaredItems {
            guard case .view(let kind) = item.kind else { continue }
            let settings: [(String, LayoutPriority, LayoutPriority, LayoutAxis)] = [
                ("Hugging", item.hugging.horizontal, kind.defaultHugging, .horizontal),
                ("Hugging", item.hugging.vertical, kind.defaultHugging, .vertical),
                ("CompressionResistance", item.compressionResistance.horizontal, kind.defaultCompressionResistance, .horizontal),
                ("CompressionResistance", item.compressionResistance.vertical, kind.defaultCompressionResistance, .vertical),
            ]
            for (what, value, standard, axis) in settings where value != standard {
                if swift {
                    lines.append("        \(item.name).setContent\(what)Priority(UILayoutPriority(\(value.value)), for: .\(axis.rawValue))")
                } else {
                    let axisName = axis == .horizontal ? "UILayoutConstraintAxisHorizontal" : "UILayoutConstraintAxisVertical"
                    lines.append("    [\(item.name) setContent\(what)Priority:\(value.value) forAxis:\(axisName)];")
                }
            }
        }
        return lines
    }

    // MARK: Objective-C

    mutating func objectiveC() -> String {
        var lines = [
            "#import <UIKit/UIKit.h>",
            "",
            "// The layout in code: visual format lines as written, and each other constraint on its own.",
            "@interface \(className) : UIViewController",
            "@end",
            "",
            "@implementation \(className)",
            "",
            "- (void)viewDidLoad {",
            "    [super viewDidLoad];",
        ]
        let views = declaredItems.filter { !$0.item.isGuide }.map(\.item.name)
        for (_, item) in declaredItems {
            let type = Self.className(of: item)
            let parent = item.parent == .container ? "self.view" : document.name(of: item.parent)
            lines.append("    \(type) *\(item.name) = [[\(type) alloc] init];")
            if item.isGuide {
                lines.append("    [\(parent) addLayoutGuide:\(item.name)];")
            } else {
                lines.append("    \(item.name).translatesAutoresizingMaskIntoConstraints = NO;")
                lines.append("    [\(parent) addSubview:\(item.name)];")
            }
        }
        lines += contentPriorities(swift: false)
        for metric in document.metrics {
            lines.append("    CGFloat \(metric.name) = \(number(metric.value));")
        }
        let usesFormats = document.constraints.contains { visualFormatLine(of: $0) != nil }
        if usesFormats {
            lines.append("    NSDictionary *views = NSDictionaryOfVariableBindings(\(views.joined(separator: ", ")));")
            if !document.metrics.isEmpty {
                let metrics = document.metrics.map { "@\"\($0.name)\": @(\($0.name))" }.joined(separator: ", ")
                lines.append("    NSDictionary *metrics = @{\(metrics)};")
            }
        }
        var written: Set<Int> = []
        for constraint in document.constraints {
            if let format = visualFormatLine(of: constraint) {
                guard written.insert(constraint.location.line).inserted else { continue }
                lines.append("    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@\"\(format)\" "
                             + "options:0 metrics:\(document.metrics.isEmpty ? "nil" : "metrics") views:views]];")
                continue
            }
            let code = objcConstraint(constraint)
            if constraint.priority.isRequired {
                lines.append("    [self.view addConstraint:\(code)];")
            } else {
                counter += 1
                let name = "constraint\(counter)"
                lines.append("    NSLayoutConstraint *\(name) = \(code);")
                lines.append("    \(name).priority = \(constraint.priority.value);")
                lines.append("    \(name).active = YES;")
            }
        }
        lines += ["}", "", "@end", ""]
        return lines.joined(separator: "\n")
    }

    /// The visual format line a constraint comes from, when every constraint of that line can be
    /// written with it (UIKit's visual format takes views only, not layout guides).
    func visualFormatLine(of constraint: LayoutConstraint) -> String? {
        guard constraint.origin == .visualFormat, sourceLines.indices.contains(constraint.location.line - 1) else { return nil }
        let line = constraint.location.line
        let group = document.constraints.filter { $0.location.line == line }
        guard group.allSatisfy({ $0.origin == .visualFormat && !isGuide($0.firstItem) && !($0.secondItem.map(isGuide) ?? false) })
        else { return nil }
        var text = sourceLines[line - 1]
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        let trimmed = text.trimmingCharacters(in: " \t\r")
        guard !trimmed.isEmpty, !trimmed.contains("\""), !trimmed.contains("\\") else { return nil }
        return trimmed
    }

    func objcConstraint(_ c: LayoutConstraint) -> String {
        let relation = c.relation == .equal ? "EqualTo" : c.relation == .greaterThanOrEqual ? "GreaterThanOrEqualTo" : "LessThanOrEqualTo"
        if let secondItem = c.secondItem, let secondAttribute = c.secondAttribute, c.constant.source == .standard, c.multiplier == 1 {
            let direction = c.firstAttribute.axis == .horizontal ? "After" : "Below"
            return "[\(anchor(c.firstItem, c.firstAttribute, swift: false)) constraint\(relation)SystemSpacing\(direction)Anchor:"
                + "\(anchor(secondItem, secondAttribute, swift: false)) multiplier:1]"
        }
        return itemConstraint(c, swift: false)
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
