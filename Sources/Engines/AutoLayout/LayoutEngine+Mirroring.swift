extension LayoutEngine {
    /// Whether every right-to-left scenario of this layout is its left-to-right twin mirrored,
    /// given a geometry that is symmetric left and right (`mirrors(_:)`), so that
    /// `mirrored(_:as:)` gives the right-to-left result without solving.
    ///
    /// Right-to-left changes a constraint only when it involves leading or trailing: its
    /// positions are then measured from the right edge of its frame leftwards. Write `x'` for an
    /// item's distance from its superview's right edge (`superview width − x − width`). For each
    /// attribute of a mirrored constraint, the right-to-left value written with `x` is the
    /// left-to-right value written with `x'`: leading `W − x − w = x'`, trailing `W − x = x' + w`,
    /// centre `W − x − w/2 = x' + w/2`, where `W` is the frame's width, and the sums along an
    /// ancestor chain telescope the same way. Sizes, vertical attributes and content sizes do not
    /// change. So when every horizontal position a constraint names is a leading, trailing or
    /// centre of a constraint that involves leading or trailing, the right-to-left system in `x`
    /// is the left-to-right system in `x'`, constraint by constraint, constant by constant, as
    /// long as the root's margins and safe area are the same on both sides. Left, right (and
    /// their margins) and centres outside such a constraint stay put in right-to-left, so they
    /// do not mirror, and neither does a hand-built document whose view tree does not reach the
    /// root container.
    func mirrorsBetweenDirections() -> Bool {
        /// Whether one attribute of a constraint reads the same in both directions once mirrored.
        func mirrors(_ attribute: LayoutAttribute?, in shape: ConstraintShape) -> Bool {
            guard let attribute, attribute.axis == .horizontal, !attribute.isSize else { return true }
            return shape.isDirectional && !attribute.isAbsoluteEdge
        }
        for index in shapes.indices where isUsable(index) {
            let shape = shapes[index]
            guard mirrors(shape.firstAttribute, in: shape), mirrors(shape.secondAttribute, in: shape) else { return false }
        }
        let items = document.items
        return chains.allSatisfy { chain in
            guard let top = chain.last else { return false }
            return items[top].parent == .container
        }
    }

    /// Whether the root's margins and safe area are the same on the left and the right in `scenario`.
    func mirrors(_ scenario: LayoutScenario) -> Bool {
        let container = scenario.containerSize ?? document.containerSize ?? LayoutScenario.defaultContainerSize
        let geometry = ScenarioGeometry(scenario: scenario, container: container)
        return geometry.safeAreaInsets.left == geometry.safeAreaInsets.right
            && geometry.rootMargins.left == geometry.rootMargins.right
    }

    /// The result of `scenario`, the right-to-left twin of `result`'s scenario, read off `result`:
    /// a complete, conflict-free left-to-right result of a layout that `mirrorsBetweenDirections`.
    /// Each item that takes part horizontally moves to `superview width − x − width`; sizes,
    /// vertical positions, the built-in guides (the scenario's constants) and items that no
    /// horizontal constraint names (no constraint moves them in either direction) stay. The
    /// diagnostics are the same: none, and the same warnings, since sizes do not change.
    ///
    /// `raw` holds each item's position and width as the solver left them, before cleaning:
    /// mirroring cleaned values would round twice, and differ from a fresh solve in the last digit.
    func mirrored(_ result: LayoutResult, raw: [(x: Double, width: Double)], as scenario: LayoutScenario) -> LayoutResult {
        let items = document.items
        var local = result.frames.map(\.frame)
        for index in items.indices where builtIns[index] == nil && takesPart(index, in: .horizontal) {
            let chain = chains[index]
            let superviewWidth = chain.count > 1 ? raw[chain[1]].width : result.containerSize.width
            local[index].x = LayoutRun.clean(superviewWidth - raw[index].x - raw[index].width)
        }
        let frames = items.indices.map { index in
            var root = local[index]
            for ancestor in chains[index].dropFirst() {
                root.x += local[ancestor].x
                root.y += local[ancestor].y
            }
            return ItemFrame(item: .item(index), name: items[index].name, isGuide: items[index].isGuide,
                             frame: local[index], rootFrame: root)
        }
        return LayoutResult(scenario: scenario, containerSize: result.containerSize, frames: frames,
                            conflicts: [], ambiguities: [], warnings: result.warnings)
    }
}
