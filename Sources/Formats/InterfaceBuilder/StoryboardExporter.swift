import AutoLayout
import HTML

/// Writes a layout document as a one-scene storyboard that Xcode opens: the views (by kind) in
/// their tree, named by `userLabel`, with their solved frames and intrinsic sizes as placeholder
/// intrinsic sizes, and every constraint in the nearest common ancestor of its items.
///
/// Guides declared in the document become hidden plain views (spacers), which the importer reads
/// back as guides; `safeArea` becomes the root's safe area, `topLayoutGuide` and
/// `bottomLayoutGuide` the view controller's layout guides, and `margins` the root's margin
/// attributes. Metric names are not kept: their values are written.
public enum StoryboardExporter {
    /// What cannot be written as a storyboard.
    public struct ExportError: Error, CustomStringConvertible, Equatable, Sendable {
        public let message: String
        public var description: String { message }
    }

    /// The storyboard text. `scenario` gives the design size (else the document's container
    /// size, else 320×568); `name` seeds the object ids and names the scene.
    public static func storyboard(for document: LayoutDocument, scenario: LayoutScenario = LayoutScenario(),
                                  name: String = "Layout") throws(ExportError) -> String {
        var writer = Writer(document: document, scenario: scenario, name: name)
        return try writer.write()
    }

    struct Writer {
        let document: LayoutDocument
        let scenario: LayoutScenario
        let name: String
        var ids: ObjectIdentifiers
        var itemIDs: [String] = []
        var rootID = ""
        var safeAreaID = ""
        var topGuideID = ""
        var bottomGuideID = ""
        var output = ""

        init(document: LayoutDocument, scenario: LayoutScenario, name: String) {
            self.document = document
            self.scenario = scenario
            self.name = name
            ids = ObjectIdentifiers(seed: name)
        }

        mutating func write() throws(ExportError) -> String {
            let size = scenario.containerSize ?? document.containerSize ?? LayoutScenario.defaultContainerSize
            var design = scenario
            design.containerSize = size
            let result = document.solve(design)
            let sceneID = ids.id(for: "scene")
            let controllerID = ids.id(for: "controller")
            rootID = ids.id(for: "root")
            safeAreaID = ids.id(for: "safeArea")
            topGuideID = ids.id(for: "topLayoutGuide")
            bottomGuideID = ids.id(for: "bottomLayoutGuide")
            itemIDs = document.items.map { ids.id(for: "item:" + $0.name) }
            let usesOldGuides = document.items.contains { $0.builtIn == .topLayoutGuide || $0.builtIn == .bottomLayoutGuide }
            // Constraints by owner: the nearest common ancestor of their items (the root for guides).
            var owned: [ItemID: [String]] = [:]
            for (index, constraint) in document.constraints.enumerated() {
                let (owner, element) = try constraintElement(constraint, index: index)
                owned[owner, default: []].append(element)
            }
            var lines: [String] = []
            lines.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            lines.append("<document type=\"\(InterfaceBuilder.storyboardType)\" version=\"3.0\" toolsVersion=\"22155\" "
                         + "targetRuntime=\"iOS.CocoaTouch\" propertyAccessControl=\"none\" useAutolayout=\"YES\" "
                         + "useTraitCollections=\"YES\" useSafeAreas=\"YES\" colorMatched=\"YES\" initialViewController=\"\(controllerID)\">")
            if let device = Self.device(for: size) {
                lines.append("    <device id=\"\(device.id)\" orientation=\"\(device.landscape ? "landscape" : "portrait")\" appearance=\"light\"/>")
            }
            lines.append("    <dependencies>")
            lines.append("        <plugIn identifier=\"com.apple.InterfaceBuilder.IBCocoaTouchPlugin\" version=\"22131\"/>")
            lines.append("        <capability name=\"Safe area layout guides\" minToolsVersion=\"9.0\"/>")
            lines.append("        <capability name=\"documents saved in the Xcode 8 format\" minToolsVersion=\"8.0\"/>")
            lines.append("    </dependencies>")
            lines.append("    <scenes>")
            lines.append("        <!--\(Self.escape(name))-->")
            lines.append("        <scene sceneID=\"\(sceneID)\">")
            lines.append("            <objects>")
            lines.append("                <viewController id=\"\(controllerID)\" title=\"\(Self.escape(name))\" sceneMemberID=\"viewController\">")
            if usesOldGuides {
                lines.append("                    <layoutGuides>")
                lines.append("                        <viewControllerLayoutGuide type=\"top\" id=\"\(topGuideID)\"/>")
                lines.append("                        <viewControllerLayoutGuide type=\"bottom\" id=\"\(bottomGuideID)\"/>")
                lines.append("                    </layoutGuides>")
            }
            lines.append("                    <view key=\"view\" contentMode=\"scaleToFill\" id=\"\(rootID)\">")
            lines.append("                        <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"\(Self.decimal(size.width))\" height=\"\(Self.decimal(size.height))\"/>")
            lines.append("                        <autoresizingMask key=\"autoresizingMask\" widthSizable=\"YES\" heightSizable=\"YES\"/>")
            writeSubviews(of: .container, result: result, owned: owned, indent: 6, into: &lines)
            lines.append("                        <viewLayoutGuide key=\"safeArea\" id=\"\(safeAreaID)\"/>")
            lines.append("                        <color key=\"backgroundColor\" white=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"/>")
            writeConstraints(owned[.container] ?? [], indent: 6, into: &lines)
            lines.append("                    </view>")
            lines.append("                </viewController>")
            lines.append("                <placeholder placeholderIdentifier=\"IBFirstResponder\" id=\"\(ids.id(for: "firstResponder"))\" "
                         + "userLabel=\"First Responder\" sceneMemberID=\"firstResponder\"/>")
            lines.append("            </objects>")
            lines.append("            <point key=\"canvasLocation\" x=\"0.0\" y=\"0.0\"/>")
            lines.append("        </scene>")
            lines.append("    </scenes>")
            let images = document.items.enumerated().filter { Self.isImage($0.element) && $0.element.intrinsicSize != nil }
            if !images.isEmpty {
                lines.append("    <resources>")
                for (_, item) in images {
                    let size = item.intrinsicSize ?? LayoutSize(width: 1, height: 1)
                    lines.append("        <image name=\"\(Self.escape(item.name))\" width=\"\(Self.decimal(size.width))\" height=\"\(Self.decimal(size.height))\"/>")
                }
                lines.append("    </resources>")
            }
            lines.append("</document>")
            return lines.joined(separator: "\n") + "\n"
        }

        static func isImage(_ item: LayoutItem) -> Bool { item.kind == .view(.imageView) }

        private func writeSubviews(of parent: ItemID, result: LayoutResult, owned: [ItemID: [String]], indent: Int,
                                   into lines: inout [String]) {
            let children = document.items.indices.filter { document.items[$0].parent == parent && document.items[$0].builtIn == nil }
            guard !children.isEmpty else { return }
            let pad = String(repeating: "    ", count: indent)
            lines.append(pad + "<subviews>")
            for index in children {
                let item = document.items[index]
                let frame = result.frames[index].frame
                let (tag, attributes, body) = Self.element(for: item)
                var head = "\(pad)    <\(tag) \(attributes)"
                if let size = item.intrinsicSize {
                    head += " placeholderIntrinsicWidth=\"\(Self.decimal(size.width))\" placeholderIntrinsicHeight=\"\(Self.decimal(size.height))\""
                } else if item.kind == .view(.label) || item.kind == .view(.button) {
                    // Without it, the reader would take the frame as the content's size.
                    head += " placeholderIntrinsicWidth=\"infinite\" placeholderIntrinsicHeight=\"infinite\""
                }
                let hugging = item.hugging, compression = item.compressionResistance
                head += " horizontalHuggingPriority=\"\(hugging.horizontal.value)\" verticalHuggingPriority=\"\(hugging.vertical.value)\""
                if compression.horizontal.value != 750 { head += " horizontalCompressionResistancePriority=\"\(compression.horizontal.value)\"" }
                if compression.vertical.value != 750 { head += " verticalCompressionResistancePriority=\"\(compression.vertical.value)\"" }
                head += " translatesAutoresizingMaskIntoConstraints=\"NO\" userLabel=\"\(Self.escape(item.name))\" id=\"\(itemIDs[index])\">"
                lines.append(head)
                lines.append("\(pad)        <rect key=\"frame\" x=\"\(Self.decimal(frame.x))\" y=\"\(Self.decimal(frame.y))\" "
                             + "width=\"\(Self.decimal(frame.width))\" height=\"\(Self.decimal(frame.height))\"/>")
                writeSubviews(of: .item(index), result: result, owned: owned, indent: indent + 2, into: &lines)
                for line in body { lines.append("\(pad)        \(line)") }
                writeConstraints(owned[.item(index)] ?? [], indent: indent + 2, into: &lines)
                lines.append("\(pad)    </\(tag)>")
            }
            lines.append(pad + "</subviews>")
        }

        private func writeConstraints(_ elements: [String], indent: Int, into lines: inout [String]) {
            guard !elements.isEmpty else { return }
            let pad = String(repeating: "    ", count: indent)
            lines.append(pad + "<constraints>")
            for element in elements { lines.append("\(pad)    \(element)") }
            lines.append(pad + "</constraints>")
        }

        /// The element name, attributes and inner lines of a view of this kind.
        static func element(for item: LayoutItem) -> (String, String, [String]) {
            let text = escape(item.name)
            switch item.kind {
            case .guide:
                return ("view", "hidden=\"YES\" contentMode=\"scaleToFill\"", [])
            case .view(.label):
                return ("label", "opaque=\"NO\" userInteractionEnabled=\"NO\" contentMode=\"left\" text=\"\(text)\" "
                        + "textAlignment=\"natural\" lineBreakMode=\"tailTruncation\" baselineAdjustment=\"alignBaselines\" "
                        + "adjustsFontSizeToFit=\"NO\"",
                        ["<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/>",
                         "<nil key=\"textColor\"/>", "<nil key=\"highlightedColor\"/>"])
            case .view(.button):
                return ("button", "opaque=\"NO\" contentMode=\"scaleToFill\" contentHorizontalAlignment=\"center\" "
                        + "contentVerticalAlignment=\"center\" buttonType=\"system\" lineBreakMode=\"middleTruncation\"",
                        ["<state key=\"normal\" title=\"\(text)\"/>"])
            case .view(.imageView):
                let image = item.intrinsicSize != nil ? " image=\"\(text)\"" : ""
                return ("imageView", "clipsSubviews=\"YES\" userInteractionEnabled=\"NO\" contentMode=\"scaleAspectFit\"\(image)", [])
            case .view(.textView):
                let scrolls = item.intrinsicSize != nil ? " scrollEnabled=\"NO\"" : ""
                return ("textView", "clipsSubviews=\"YES\" multipleTouchEnabled=\"YES\" contentMode=\"scaleToFill\"\(scrolls) "
                        + "text=\"\(text)\" textAlignment=\"natural\"",
                        ["<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"14\"/>"])
            case .view(.view):
                return ("view", "contentMode=\"scaleToFill\"",
                        ["<color key=\"backgroundColor\" white=\"0.9\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"/>"])
            }
        }

        /// The `<constraint>` element of a constraint and the item that owns it.
        private mutating func constraintElement(_ constraint: LayoutConstraint, index: Int) throws(ExportError) -> (ItemID, String) {
            let id = ids.id(for: "constraint:\(index)")
            let first = try reference(constraint.firstItem, constraint.firstAttribute, constraint)
            var attributes: [String] = []
            var owner: ItemID
            if let secondItem = constraint.secondItem, let secondAttribute = constraint.secondAttribute {
                let second = try reference(secondItem, secondAttribute, constraint)
                owner = document.commonAncestor(first.owner, second.owner) ?? .container
                attributes.append("firstItem=\"\(first.id)\" firstAttribute=\"\(first.attribute.rawValue)\"")
                if constraint.relation != .equal { attributes.append("relation=\"\(Self.relationName(constraint.relation))\"") }
                attributes.append("secondItem=\"\(second.id)\" secondAttribute=\"\(second.attribute.rawValue)\"")
                if constraint.multiplier != 1 { attributes.append("multiplier=\"\(Self.decimal(constraint.multiplier))\"") }
            } else {
                owner = first.owner
                attributes.append("firstAttribute=\"\(first.attribute.rawValue)\"")
                if constraint.relation != .equal { attributes.append("relation=\"\(Self.relationName(constraint.relation))\"") }
            }
            if case .item(let index) = owner, document.items[index].builtIn != nil { owner = .container }
            if case .item(let index) = owner, document.items[index].isGuide { owner = document.items[index].parent }
            if constraint.constant.value != 0 || constraint.constant.source == .standard {
                attributes.append("constant=\"\(Self.decimal(constraint.constant.value))\"")
            }
            if constraint.constant.source == .standard { attributes.append("symbolic=\"YES\"") }
            if !constraint.priority.isRequired { attributes.append("priority=\"\(constraint.priority.value)\"") }
            attributes.append("id=\"\(id)\"")
            return (owner, "<constraint \(attributes.joined(separator: " "))/>")
        }

        /// The object id, attribute and owning item of one side of a constraint.
        private func reference(_ item: ItemID, _ attribute: LayoutAttribute,
                               _ constraint: LayoutConstraint) throws(ExportError) -> (id: String, attribute: LayoutAttribute, owner: ItemID) {
            guard case .item(let index) = item else { return (rootID, attribute, .container) }
            switch document.items[index].builtIn {
            case nil: return (itemIDs[index], attribute, item)
            case .safeArea?: return (safeAreaID, attribute, .container)
            case .topLayoutGuide?: return (topGuideID, attribute, .container)
            case .bottomLayoutGuide?: return (bottomGuideID, attribute, .container)
            case .margins?:
                let margin: LayoutAttribute? = switch attribute {
                case .left: .leftMargin
                case .right: .rightMargin
                case .top: .topMargin
                case .bottom: .bottomMargin
                case .leading: .leadingMargin
                case .trailing: .trailingMargin
                case .centerX: .centerXWithinMargins
                case .centerY: .centerYWithinMargins
                default: nil
                }
                guard let margin else {
                    throw ExportError(message: "line \(constraint.location.line): the margins guide's \(attribute.rawValue) "
                                      + "has no storyboard form")
                }
                return (rootID, margin, .container)
            }
        }

        static func relationName(_ relation: LayoutRelation) -> String {
            switch relation {
            case .equal: "equal"
            case .lessThanOrEqual: "lessThanOrEqual"
            case .greaterThanOrEqual: "greaterThanOrEqual"
            }
        }

        /// A number as Interface Builder writes it (`20`, `0.5`, `136.66666666666669`).
        static func decimal(_ value: Double) -> String {
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        }

        static func escape(_ text: String) -> String {
            Markup.escape(text, .xml)
        }

        static func device(for size: LayoutSize) -> (id: String, landscape: Bool)? {
            let known: [(String, Double, Double)] = [
                ("retina3_5", 320, 480), ("retina4_0", 320, 568), ("retina4_7", 375, 667), ("retina5_5", 414, 736),
                ("retina5_9", 375, 812), ("retina6_1", 414, 896), ("retina6_12", 393, 852), ("ipad9_7", 768, 1024),
            ]
            for (id, width, height) in known {
                if size.width == width, size.height == height { return (id, false) }
                if size.width == height, size.height == width { return (id, true) }
            }
            return nil
        }
    }
}

extension StoryboardExporter {
    /// The storyboard of an exercise's reference or starter: `text` (constraint lines, guides,
    /// metrics) on top of the exercise's `views`, designed in `scenario`.
    public static func storyboard(views: LayoutDocument, text: String, scenario: LayoutScenario,
                                  name: String) throws(ExportError) -> String {
        let document: LayoutDocument
        do {
            document = try LayoutDocument.parse(text, extending: views)
        } catch {
            throw ExportError(message: error.errors.map(\.description).joined(separator: "\n"))
        }
        return try storyboard(for: document, scenario: scenario, name: name)
    }
}
