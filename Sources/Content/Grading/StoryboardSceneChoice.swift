import AutoLayout
import InterfaceBuilder

/// Which scene of a storyboard a layout submission is. Students upload the app's whole
/// `Main.storyboard`, so a file with several scenes is graded in the one scene whose views
/// include every view the exercise declares, by name; when none or several do, the error lists
/// the scenes, as `layout convert --scene` would need.
enum StoryboardSceneChoice {
    /// The converted scene and, when the file has several, a note naming the one chosen.
    struct Choice {
        var scene: InterfaceBuilderConversion
        /// The scene's id, when it was chosen among several (to convert it again).
        var sceneID: String?
        var note: String?
    }

    static func choose(_ bytes: [UInt8], for layout: LayoutExercise) throws(InterfaceBuilderError) -> Choice {
        let scenes = try InterfaceBuilder.scenes(in: bytes)
        guard scenes.count > 1 else { return Choice(scene: try InterfaceBuilder.convert(bytes), sceneID: nil, note: nil) }
        let wanted = layout.views.items.filter { !$0.isGuide }.map(\.name)
        var matches: [(scene: InterfaceBuilderScene, conversion: InterfaceBuilderConversion)] = []
        for scene in scenes {
            // A scene that does not convert cannot be the one graded; its error would only matter if it were.
            guard let conversion = try? InterfaceBuilder.convert(bytes, scene: scene.id) else { continue }
            let names = conversion.conversion.views.map(\.name)
            if wanted.allSatisfy(names.contains) { matches.append((scene, conversion)) }
        }
        if matches.count == 1, let match = matches.first {
            return Choice(scene: match.conversion, sceneID: match.scene.id,
                          note: "the storyboard has \(scenes.count) scenes; graded \(match.scene), the one with "
                              + "the exercise's views (\(NumberText.list(wanted)))")
        }
        let listing = scenes.map { "  \($0)" }.joined(separator: "\n")
        let found = matches.isEmpty ? "none of them has" : "\(matches.count) of them have"
        throw InterfaceBuilderError(line: 1, column: 1,
                                    message: "the storyboard has \(scenes.count) scenes and \(found) every view the exercise "
                                        + "declares (\(NumberText.list(wanted))), named by their Label in Xcode's "
                                        + "Identity inspector or by an outlet; keep one such scene:\n\(listing)")
    }
}
