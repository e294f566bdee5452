import AutoLayout
import XML

/// A storyboard scene or XIB view converted to a layout document, with the scenario it was
/// designed in.
public struct InterfaceBuilderConversion: Sendable, Equatable {
    /// The text-format document and how it maps back to the file.
    public var conversion: LayoutConversion
    /// The scenario of the design canvas: the root view's size, and the status bar, bars and
    /// safe area it was designed with.
    public var scenario: LayoutScenario
    /// The size classes whose variations were applied.
    public var sizeClasses: SizeClasses
    /// Whether the scene has size-class variations, so that other size classes may install
    /// other constraints (convert again with their `sizeClasses` to see which).
    public var hasVariations = false
}

/// A scene a storyboard or XIB offers.
public struct InterfaceBuilderScene: Sendable, Equatable, CustomStringConvertible {
    /// The scene's id (`sceneID` in a storyboard; the view's id in a XIB).
    public var id: String
    /// The view controller's id (a storyboard) or the view's id (a XIB).
    public var objectID: String
    /// The storyboard identifier, if any.
    public var storyboardIdentifier: String?
    /// The title or user label, if any.
    public var title: String?
    /// The line of the scene's element.
    public var line: Int

    /// Whether `name` picks this scene: its storyboard identifier, title, scene id or object id.
    public func isNamed(_ name: String) -> Bool {
        name == id || name == objectID || name == storyboardIdentifier || name == title
    }

    /// `title (sceneID, line N)`.
    public var description: String {
        var names = [storyboardIdentifier, title].compactMap { $0 }
        names.append(id)
        if objectID != id { names.append(objectID) }
        return "\(names.joined(separator: " / ")) (line \(line))"
    }
}

/// Reads Interface Builder's XML: storyboards (`com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB`)
/// and XIBs (`com.apple.InterfaceBuilder3.CocoaTouch.XIB`), and converts one scene's views and
/// constraints to the layout text format. Pure: bytes in, values out.
public enum InterfaceBuilder {
    /// The document type of a storyboard.
    public static let storyboardType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"
    /// The document type of a XIB.
    public static let xibType = "com.apple.InterfaceBuilder3.CocoaTouch.XIB"

    /// Whether the bytes look like an Interface Builder document (an XML `<document>` of either
    /// type), judged from the first few kilobytes.
    public static func looksLikeDocument(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return head.contains("<document") && head.contains("com.apple.InterfaceBuilder3.CocoaTouch")
    }

    /// The scenes of a storyboard or XIB, in document order.
    public static func scenes(in bytes: [UInt8], limits: XMLLimits = .default) throws(InterfaceBuilderError) -> [InterfaceBuilderScene] {
        let file = try InterfaceBuilderFile(bytes: bytes, limits: limits)
        return file.scenes.map(\.scene)
    }

    /// Converts one scene. `scene` picks it by storyboard identifier, title, scene id or view
    /// controller id; without it, a file with one scene converts that one, and a file with more
    /// is an error listing them. `sizeClasses` decides which size-class variations apply; by
    /// default those of the scene's design size.
    public static func convert(_ bytes: [UInt8], scene: String? = nil, sizeClasses: SizeClasses? = nil,
                               limits: XMLLimits = .default) throws(InterfaceBuilderError) -> InterfaceBuilderConversion {
        let file = try InterfaceBuilderFile(bytes: bytes, limits: limits)
        let chosen = try file.scene(named: scene)
        var converter = SceneConverter(file: file, scene: chosen, sizeClasses: sizeClasses)
        return try converter.convert()
    }
}

/// A parsed Interface Builder document and its scenes.
struct InterfaceBuilderFile {
    struct Scene {
        var scene: InterfaceBuilderScene
        /// The view controller (storyboard), or nil (XIB).
        var controller: XMLElement?
        /// The scene's root view.
        var root: XMLElement
    }

    let document: XMLDocument
    let isStoryboard: Bool
    let scenes: [Scene]
    /// Every segue (`<segue destination kind relationship>`) and navigation or tab bar
    /// controller relationship, for the bars a scene is shown with.
    let segues: [(source: String, destination: String, kind: String, relationship: String?)]
    /// The ids of navigation controllers and tab bar controllers.
    let navigationControllers: [String]
    let tabBarControllers: [String]

    init(bytes: [UInt8], limits: XMLLimits) throws(InterfaceBuilderError) {
        document = try XMLDocument.parse(bytes, limits: limits)
        let root = document.root
        guard root.isNamed("document"), let type = root["type"] else {
            let location = root.location
            throw InterfaceBuilderError(line: location.line, column: location.column,
                                        message: "not an Interface Builder document: expected <document type=\"…\">, found <\(root.name)>")
        }
        if type == InterfaceBuilder.storyboardType {
            isStoryboard = true
        } else if type == InterfaceBuilder.xibType {
            isStoryboard = false
        } else {
            let location = root.location
            throw InterfaceBuilderError(line: location.line, column: location.column,
                                        message: "unsupported document type \"\(type)\": expected an iOS storyboard or XIB "
                                            + "(\(InterfaceBuilder.storyboardType) or \(InterfaceBuilder.xibType))")
        }
        var scenes: [Scene] = []
        var segues: [(String, String, String, String?)] = []
        var navigation: [String] = []
        var tabs: [String] = []
        if isStoryboard {
            for sceneElement in root.child(named: "scenes")?.children(named: "scene") ?? [] {
                guard let objects = sceneElement.child(named: "objects") else { continue }
                for object in objects.children where object["sceneMemberID"] == "viewController" {
                    let controllerID = object["id"] ?? ""
                    if object.isNamed("navigationController") { navigation.append(controllerID) }
                    if object.isNamed("tabBarController") { tabs.append(controllerID) }
                    for connections in object.children(named: "connections") {
                        for segue in connections.children(named: "segue") {
                            segues.append((controllerID, segue["destination"] ?? "", segue["kind"] ?? "", segue["relationship"]))
                        }
                    }
                    guard let view = object.children.first(where: { $0["key"] == "view" }) else { continue }
                    let info = InterfaceBuilderScene(id: sceneElement["sceneID"] ?? controllerID, objectID: controllerID,
                                                     storyboardIdentifier: object["storyboardIdentifier"],
                                                     title: object["title"] ?? object["userLabel"],
                                                     line: sceneElement.line)
                    scenes.append(Scene(scene: info, controller: object, root: view))
                }
            }
        } else {
            for object in root.child(named: "objects")?.children ?? [] where SceneConverter.viewKinds[object.name] != nil {
                let id = object["id"] ?? ""
                let info = InterfaceBuilderScene(id: id, objectID: id, storyboardIdentifier: nil,
                                                 title: object["userLabel"], line: object.line)
                scenes.append(Scene(scene: info, controller: nil, root: object))
            }
        }
        self.scenes = scenes
        self.segues = segues
        navigationControllers = navigation
        tabBarControllers = tabs
    }

    func scene(named name: String?) throws(InterfaceBuilderError) -> Scene {
        let what = isStoryboard ? "storyboard" : "XIB"
        let listing = scenes.map { "  \($0.scene)" }.joined(separator: "\n")
        if let name {
            if let found = scenes.first(where: { $0.scene.isNamed(name) }) { return found }
            throw InterfaceBuilderError(line: 1, column: 1, message: "no scene '\(name)' in the \(what); its scenes:\n\(listing)")
        }
        guard let only = scenes.first else {
            throw InterfaceBuilderError(line: 1, column: 1, message: "the \(what) has no scene with a view to lay out")
        }
        guard scenes.count == 1 else {
            throw InterfaceBuilderError(line: 1, column: 1,
                                        message: "the \(what) has \(scenes.count) scenes; choose one with --scene "
                                            + "(storyboard identifier, title, scene id or view controller id):\n\(listing)")
        }
        return only
    }
}
