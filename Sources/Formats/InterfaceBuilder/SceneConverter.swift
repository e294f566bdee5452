import AutoLayout
import XML

/// Converts one scene: its view tree to declarations, its constraints to explicit lines.
struct SceneConverter {
    /// The view elements read, and the text-format kind each becomes.
    static let viewKinds: [String: ViewKind] = [
        "view": .view, "label": .label, "button": .button, "imageView": .imageView, "textField": .view,
        "textView": .textView, "switch": .view, "slider": .view, "segmentedControl": .view,
        "activityIndicatorView": .view, "scrollView": .view, "tableView": .view, "collectionView": .view,
        "stackView": .view,
    ]
    /// Views whose content gives them an intrinsic size, taken from their design frame.
    static let intrinsicKinds: Set<String> = [
        "label", "button", "textField", "switch", "slider", "segmentedControl", "activityIndicatorView",
    ]
    /// Views that scroll: constraints between their edges and their content define the content size.
    static let scrollKinds: Set<String> = ["scrollView", "tableView", "collectionView", "textView"]
    /// Why some elements are refused.
    static let refusals: [String: String] = [
        "tableViewCell": "table view cells are not supported",
        "collectionViewCell": "collection view cells are not supported",
        "collectionReusableView": "collection view supplementary views are not supported",
        "tableViewCellContentView": "table view cells are not supported",
        "visualEffectView": "visual effect views are not supported",
        "containerView": "container views are not supported",
    ]
    /// Names a view may not take in the text format.
    static let reservedNames: Set<String> = [
        "superview", "container", "standard", "required", "high", "low", "in", "view", "guide", "metric",
        "H", "V", "safeArea", "margins", "topLayoutGuide", "bottomLayoutGuide",
    ]

    /// What an Interface Builder id refers to.
    enum Reference: Equatable {
        case root
        case view(Int)
        case guide(BuiltInGuide)
        /// A scroll view's content layout guide.
        case content(Int)
        /// A scroll view's frame layout guide: the scroll view itself.
        case frame(Int)
        /// A view's own safe area or margins guide (not the root's): the view itself, approximately.
        case viewGuide(Int, String)
    }

    struct Node {
        var element: XMLElement
        var id: String
        var name = ""
        var nameSource = ""
        /// Index of the parent node; nil for children of the root.
        var parent: Int?
        var frame: LayoutRect?
        var contentGuide: String?
        var usesContentGuide = false
        /// For a stack view: how it arranges its subviews.
        var stack: StackArrangement?
    }

    let file: InterfaceBuilderFile
    let scene: InterfaceBuilderFile.Scene
    var sizeClasses: SizeClasses
    let requestedSizeClasses: SizeClasses?
    var nodes: [Node] = []
    var references: [String: Reference] = [:]
    var rootID = ""
    var rootFrame: LayoutRect?
    /// The `<constraint>` elements of the scene with the view that owns each, in document order.
    var constraintElements: [(element: XMLElement, owner: Reference)] = []
    /// Ids excluded by the size-class variations that apply.
    var excluded: Set<String> = []
    var included: Set<String> = []
    var hasVariations = false
    var warnings: [String] = []
    var skipped: [LayoutConversion.Skipped] = []

    init(file: InterfaceBuilderFile, scene: InterfaceBuilderFile.Scene, sizeClasses: SizeClasses?) {
        self.file = file
        self.scene = scene
        requestedSizeClasses = sizeClasses
        self.sizeClasses = sizeClasses ?? SizeClasses(width: .compact, height: .regular)
    }

    func fail(_ element: XMLElement, _ message: String) -> InterfaceBuilderError {
        let location = element.location
        return InterfaceBuilderError(line: location.line, column: location.column, message: message)
    }

    static func rect(_ element: XMLElement?) -> LayoutRect? {
        guard let frame = element?.children.first(where: { $0.isNamed("rect") && $0["key"] == "frame" }) else { return nil }
        func value(_ key: String) -> Double { frame[key].flatMap { Multiplier.number(Substring($0)) } ?? 0 }
        return LayoutRect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
    }

    mutating func convert() throws(InterfaceBuilderError) -> InterfaceBuilderConversion {
        let root = scene.root
        rootID = root["id"] ?? ""
        references[rootID] = .root
        rootFrame = Self.rect(root)
        let scenario = designScenario()
        if requestedSizeClasses == nil {
            sizeClasses = SizeClasses(screen: scenario.containerSize ?? LayoutScenario.defaultContainerSize)
        }
        if let controller = scene.controller {
            for guides in controller.children(named: "layoutGuides") {
                for guide in guides.children(named: "viewControllerLayoutGuide") {
                    guard let id = guide["id"] else { continue }
                    references[id] = guide["type"] == "bottom" ? .guide(.bottomLayoutGuide) : .guide(.topLayoutGuide)
                }
            }
        }
        try readVariations(of: root)
        try readGuides(of: root, node: nil)
        collectConstraints(of: root, owner: .root)
        try walk(root)
        assignNames()
        if hasVariations {
            warnings.append("size-class variations applied for \(sizeClasses)")
        }
        noteBarButtonConstraints()
        return try build(scenario: scenario)
    }

    // MARK: The view tree

    /// Reads the subviews of `element` (the root or a view), depth first in document order.
    private mutating func walk(_ root: XMLElement) throws(InterfaceBuilderError) {
        var pending: [(element: XMLElement, parent: Int?)] = (root.child(named: "subviews")?.children ?? []).map { ($0, nil) }
        pending.reverse()
        while let (element, parent) = pending.popLast() {
            let kind = element.name
            if let refusal = Self.refusals[kind] {
                throw fail(element, "<\(kind)> at line \(element.line): \(refusal)")
            }
            guard Self.viewKinds[kind] != nil else {
                throw fail(element, "<\(kind)> at line \(element.line) is not a supported view; supported: "
                           + Self.viewKinds.keys.sorted().joined(separator: ", "))
            }
            guard let id = element["id"] else { throw fail(element, "<\(kind)> has no id") }
            if excluded.contains(id) && !included.contains(id) { continue }
            for child in element.children where child.isNamed("prototypes") || child.isNamed("cells") {
                if let cell = child.children.first {
                    throw fail(cell, "<\(cell.name)> at line \(cell.line): table and collection view cells are not supported")
                }
            }
            var arrangement: StackArrangement?
            if kind == "stackView" {
                arrangement = try StackArrangement(element, converter: self)
            }
            if let parent, nodes[parent].stack != nil, element["hidden"] == "YES" {
                warnings.append("line \(element.line): the hidden <\(kind)> \(id) takes no part in its stack view and is left out")
                continue
            }
            let index = nodes.count
            nodes.append(Node(element: element, id: id, parent: parent, frame: Self.rect(element), stack: arrangement))
            references[id] = .view(index)
            try readVariations(of: element)
            try readGuides(of: element, node: index)
            collectConstraints(of: element, owner: .view(index))
            let children = element.child(named: "subviews")?.children ?? []
            for child in children.reversed() { pending.append((child, index)) }
        }
    }

    private mutating func readGuides(of element: XMLElement, node: Int?) throws(InterfaceBuilderError) {
        for guide in element.children(named: "viewLayoutGuide") {
            guard let id = guide["id"], let key = guide["key"] else { continue }
            switch (key, node) {
            case ("safeArea", nil): references[id] = .guide(.safeArea)
            case ("layoutMargins", nil): references[id] = .guide(.margins)
            case ("contentLayoutGuide", let index?) where Self.scrollKinds.contains(element.name):
                references[id] = .content(index)
            case ("frameLayoutGuide", let index?) where Self.scrollKinds.contains(element.name):
                references[id] = .frame(index)
            case (_, let index?):
                references[id] = .viewGuide(index, key)
            default:
                throw fail(guide, "<viewLayoutGuide key=\"\(key)\"> at line \(guide.line) is not supported")
            }
        }
    }

    /// The size-class variations of an element: its `default` mask and those that apply.
    private mutating func readVariations(of element: XMLElement) throws(InterfaceBuilderError) {
        var matching: [(specificity: Int, element: XMLElement)] = []
        for variation in element.children(named: "variation") {
            guard let key = variation["key"] else { continue }
            hasVariations = true
            if key == "default" {
                matching.append((0, variation))
            } else if let match = sizeClasses.matches(variation: key) {
                if match.matches { matching.append((match.specificity, variation)) }
            } else {
                throw fail(variation, "<variation key=\"\(key)\"> at line \(variation.line): only size-class variations are supported")
            }
        }
        for (_, variation) in matching.sorted(by: { $0.specificity < $1.specificity }) {
            for mask in variation.children(named: "mask") {
                for entry in mask.children {
                    guard let reference = entry["reference"] else { continue }
                    if entry.isNamed("exclude") {
                        excluded.insert(reference)
                        included.remove(reference)
                    } else if entry.isNamed("include") {
                        included.insert(reference)
                    }
                }
            }
        }
    }

    private mutating func collectConstraints(of element: XMLElement, owner: Reference) {
        for list in element.children(named: "constraints") {
            for constraint in list.children(named: "constraint") {
                constraintElements.append((constraint, owner))
            }
        }
    }

    /// Names: the user label, else an outlet's property name, else the kind and a number.
    private mutating func assignNames() {
        var outlets: [String: String] = [:]
        if let controller = scene.controller {
            var pending = [controller]
            var visited = 0
            while let element = pending.popLast(), visited < 100_000 {
                visited += 1
                if element.isNamed("outlet"), let destination = element["destination"], let property = element["property"],
                   outlets[destination] == nil {
                    outlets[destination] = property
                }
                pending.append(contentsOf: element.children.reversed())
            }
        }
        var used = Set<String>()
        var counters: [String: Int] = [:]
        for index in nodes.indices {
            let node = nodes[index]
            var name: String?
            var source = ""
            if let label = node.element["userLabel"], let clean = Self.identifier(from: label) {
                name = clean
                source = "userLabel"
            } else if let outlet = outlets[node.id], let clean = Self.identifier(from: outlet) {
                name = clean
                source = "outlet"
            }
            if name == nil || Self.reservedNames.contains(name!) || used.contains(name!) {
                let base = name ?? node.element.name
                if name == nil { source = "kind" }
                var number = counters[base, default: 0]
                var candidate: String
                repeat {
                    number += 1
                    candidate = "\(base)\(number)"
                } while used.contains(candidate) || Self.reservedNames.contains(candidate)
                counters[base] = number
                name = candidate
            }
            used.insert(name!)
            nodes[index].name = name!
            nodes[index].nameSource = source
        }
        for index in nodes.indices where Self.scrollKinds.contains(nodes[index].element.name) {
            var candidate = nodes[index].name + "Content"
            var number = 1
            while used.contains(candidate) {
                number += 1
                candidate = nodes[index].name + "Content\(number)"
            }
            used.insert(candidate)
            nodes[index].contentGuide = candidate
        }
    }

    /// A text-format identifier from a label: words joined in camel case (`Title Label` gives
    /// `titleLabel`); nil when nothing is left.
    static func identifier(from label: String) -> String? {
        var words: [String] = []
        var current = ""
        for scalar in label.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard var first = words.first, first.utf8.count <= 64 else { return nil }
        if words.count > 1 { first = first.prefix(1).lowercased() + first.dropFirst() }
        var name = first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let lead = name.unicodeScalars.first, ("0"..."9").contains(lead) { name = "v" + name }
        return name.utf8.count <= 80 ? name : nil
    }

    /// Constraints inside the custom views of bar button items belong to no scene.
    private mutating func noteBarButtonConstraints() {
        guard let controller = scene.controller else { return }
        for item in controller.children where item.isNamed("navigationItem") || item.isNamed("toolbarItems") {
            var pending = [item]
            var visited = 0
            while let element = pending.popLast(), visited < 100_000 {
                visited += 1
                if element.isNamed("constraint") {
                    skipped.append(.init(line: element.line, reason: "constraint \(element["id"] ?? "") is inside a bar button "
                                         + "item's custom view, which belongs to no scene"))
                }
                pending.append(contentsOf: element.children.reversed())
            }
        }
    }

    // MARK: The design scenario

    /// The root view's size, and the bars the scene is designed with.
    private func designScenario() -> LayoutScenario {
        var screen: LayoutSize?
        if let device = file.document.root.child(named: "device"), let id = device["id"], let size = Devices.screen(id: id) {
            screen = device["orientation"] == "landscape" ? LayoutSize(width: size.height, height: size.width) : size
        }
        let frame = rootFrame
        let size = frame.map { LayoutSize(width: $0.width, height: $0.height) } ?? screen ?? LayoutScenario.defaultContainerSize
        guard let controller = scene.controller else {
            // A XIB's top-level view gets the device's safe area and margins.
            let device = screen ?? size
            let insets = ScenarioGeometry(scenario: LayoutScenario(), container: device).safeAreaInsets
            return LayoutScenario(containerSize: size, safeAreaInsets: insets)
        }
        let id = controller["id"] ?? ""
        var topBar = 0.0, bottomBar = 0.0
        var statusBar: Double?
        let simulated = controller.children
        if simulated.contains(where: { $0["key"] == "simulatedTopBarMetrics" && $0.isNamed("simulatedNavigationBarMetrics") }) {
            topBar = 44
        }
        if let bottom = simulated.first(where: { $0["key"] == "simulatedBottomBarMetrics" }) {
            if bottom.isNamed("simulatedTabBarMetrics") { bottomBar = 49 } else if bottom.isNamed("simulatedToolbarMetrics") { bottomBar = 44 }
        }
        if simulated.contains(where: { $0.isNamed("nil") && $0["key"] == "simulatedStatusBarMetrics" }) { statusBar = 0 }
        for segue in file.segues where segue.destination == id {
            if file.navigationControllers.contains(segue.source) && segue.relationship == "rootViewController" { topBar = 44 }
            if segue.kind == "push" || segue.kind == "show" { topBar = 44 }
            if file.tabBarControllers.contains(segue.source) && segue.relationship == "viewControllers" { bottomBar = 49 }
        }
        if let frame {
            // A root view placed below the bars (an opaque bar in older files) does not extend under them.
            if frame.y > 0 {
                statusBar = 0
                topBar = 0
            }
            if let screen, frame.y + frame.height < screen.height - 0.5 { bottomBar = 0 }
        }
        return LayoutScenario(containerSize: size, statusBar: statusBar, topBar: topBar, bottomBar: bottomBar)
    }
}
