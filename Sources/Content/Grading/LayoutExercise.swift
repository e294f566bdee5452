import JSON
import AutoLayout

/// A layout exercise: the views it declares, the scenarios a submission is solved in, and the
/// style rules that cost points. The reference solution is solved once, when the exercise loads.
public struct LayoutExercise: Sendable {
    /// A situation the layout must hold up in, worth `points` when every view lands where the
    /// reference puts it.
    public struct Scenario: Sendable, Equatable {
        /// Short and unique: `portrait`, `landscape`, `long text`; the check's name.
        public let name: String
        /// How messages speak of it, after "In ": `3.5-inch portrait`.
        public let title: String
        /// The weight: points earned when the scenario passes.
        public let points: Int
        /// Container size, layout direction and content-size overrides.
        public let layout: LayoutScenario
    }

    /// Points taken off for habits the lecture warns against; 0 turns a rule off.
    public struct Style: Sendable, Equatable {
        /// For constants that are neither 0, standard spacing, a named metric nor an allowed literal.
        public let magicNumbers: Int
        /// For a width or height pinned on a view that has an intrinsic content size.
        public let pinnedSizes: Int
        /// For guides and metrics that no constraint uses.
        public let unusedDeclarations: Int
        /// Literals the exercise sanctions (a design size such as 64), never counted as magic.
        public let allowedLiterals: [Double]
    }

    /// The views the exercise declares; a submission extends this document.
    public let views: LayoutDocument
    /// The scenarios, in report order; their points add up to the exercise's.
    public let scenarios: [Scenario]
    /// The penalties for bad habits.
    public let style: Style
    /// The reference solution, parsed.
    let referenceDocument: LayoutDocument
    /// The reference solved in each scenario, in scenario order.
    let referenceResults: [LayoutResult]

    /// How many of `views.items` the exercise declares (the submission's guides follow them).
    var declaredItemCount: Int { views.items.count }
}

extension LayoutExercise {
    /// Reads the layout part of `exercise.json` and solves the reference in every scenario.
    ///
    /// Each scenario: `{"name", "title"?, "size": [w, h], "direction"?: "leftToRight" |
    /// "rightToLeft", "intrinsicSizes"?: {"view": [w, h]}, "points", "statusBar"?, "topBar"?,
    /// "bottomBar"?, "safeArea"?: [top, left, bottom, right]}`. The last four say what the root
    /// view's `safeArea`, `margins`, `topLayoutGuide` and `bottomLayoutGuide` measure: by default a
    /// phone in portrait has a 20-point status bar and none in landscape, no bars, and the safe
    /// area is what lies below the status bar and bars (see `ScenarioGeometry` for every default).
    static func load(_ node: JSONNode, points: Int, reference: String) throws(ExerciseError) -> LayoutExercise {
        let views = try declaredViews(node)
        let scenarios: [Scenario]
        let style: Style
        do {
            scenarios = try readScenarios(node.required("scenarios"), views: views)
            style = try readStyle(node["style"])
        } catch {
            throw ExerciseError("exercise.json \(error.path)", error.message)
        }
        let total = scenarios.reduce(0) { $0 + $1.points }
        guard total == points else {
            throw ExerciseError("exercise.json $.scenarios", "the scenarios' points add up to \(total), but the exercise is worth \(points)")
        }
        let referenceDocument: LayoutDocument
        switch LayoutSubmission.parse(reference, views: views) {
        case .success(let document): referenceDocument = document
        case .failure(let errors):
            throw ExerciseError("reference.layout \(errors.errors.first?.location.description ?? "1:1")",
                                errors.errors.first?.message ?? "does not parse")
        }
        var session = LayoutSession(engine: LayoutEngine(document: referenceDocument))
        var results: [LayoutResult] = []
        for scenario in scenarios {
            let result = session.solve(scenario.layout)
            if let conflict = result.conflicts.first {
                throw ExerciseError("reference.layout", "in \(scenario.title), the constraints conflict:\n\(conflict.message)")
            }
            if let ambiguity = result.ambiguities.first {
                throw ExerciseError("reference.layout", "in \(scenario.title), the layout is ambiguous: \(ambiguity.message)")
            }
            results.append(result)
        }
        return LayoutExercise(views: views, scenarios: scenarios, style: style, referenceDocument: referenceDocument,
                              referenceResults: results)
    }

    /// `"views": ["view thing1 label 54x21", …]`: declarations only, one per entry.
    private static func declaredViews(_ node: JSONNode) throws(ExerciseError) -> LayoutDocument {
        let lines: [String]
        do {
            lines = try node.required("views").strings()
        } catch {
            throw ExerciseError("exercise.json \(error.path)", error.message)
        }
        guard !lines.isEmpty, lines.allSatisfy({ !$0.contains("\n") }) else {
            throw ExerciseError("exercise.json $.views", "expected a non-empty array of single-line view declarations")
        }
        let document: LayoutDocument
        do {
            document = try LayoutDocument.parse(lines.joined(separator: "\n"))
        } catch {
            let first = error.errors.first
            throw ExerciseError("exercise.json $.views[\((first?.location.line ?? 1) - 1)]", first?.message ?? "does not parse")
        }
        for (index, item) in document.items.enumerated() where item.isGuide {
            throw ExerciseError("exercise.json $.views[\(index)]", "an exercise declares views only; guides belong to submissions")
        }
        guard document.items.count == lines.count, document.constraints.isEmpty, document.metrics.isEmpty,
              document.containerSize == nil else {
            throw ExerciseError("exercise.json $.views", "expected one `view NAME [KIND] [WxH] [in PARENT]` declaration per entry")
        }
        return document
    }

    private static func readScenarios(_ node: JSONNode, views: LayoutDocument) throws(JSONDecodingError) -> [Scenario] {
        let entries = try node.array()
        guard !entries.isEmpty, entries.count <= 16 else { throw node.error("expected 1 to 16 scenarios") }
        var scenarios: [Scenario] = []
        for entry in entries {
            try entry.checkKeys(allowed: ["name", "title", "size", "direction", "intrinsicSizes", "points",
                                          "statusBar", "topBar", "bottomBar", "safeArea"])
            let nameNode = try entry.required("name")
            let name = try nameNode.string()
            guard (1...40).contains(name.count), !name.contains("\n") else { throw nameNode.error("expected a name of 1 to 40 characters") }
            guard !scenarios.contains(where: { $0.name == name }) else { throw nameNode.error("duplicate scenario name \"\(name)\"") }
            let title = try entry.optionalString("title") ?? name
            let size = try readSize(entry.required("size"))
            let directionNode = entry["direction"]
            let direction = try directionNode.map { n throws(JSONDecodingError) in
                LayoutDirection(rawValue: try n.string(oneOf: LayoutDirection.allCases.map(\.rawValue))) ?? .leftToRight
            } ?? .leftToRight
            var overrides: [LayoutScenario.IntrinsicSizeOverride] = []
            if let sizes = entry["intrinsicSizes"] {
                for (view, sizeNode) in try sizes.object() {
                    guard let id = views.item(named: view), case .item(let index) = id, views.items[index].intrinsicSize != nil else {
                        throw sizeNode.error("\"\(view)\" is not a declared view with an intrinsic content size")
                    }
                    overrides.append(.init(view: view, size: try readSize(sizeNode)))
                }
            }
            let statusBar = try entry["statusBar"].map { n throws(JSONDecodingError) in try readInset(n) }
            let topBar = try entry["topBar"].map { n throws(JSONDecodingError) in try readInset(n) } ?? 0
            let bottomBar = try entry["bottomBar"].map { n throws(JSONDecodingError) in try readInset(n) } ?? 0
            var safeArea: LayoutInsets?
            if let node = entry["safeArea"] {
                let numbers = try node.doubles(count: 4)
                guard numbers.allSatisfy({ $0 >= 0 && $0 <= 1000 }) else {
                    throw node.error("expected [top, left, bottom, right], each in 0...1000")
                }
                safeArea = LayoutInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
            }
            scenarios.append(Scenario(name: name, title: title, points: try entry.required("points").int(in: 1...1000),
                                      layout: LayoutScenario(containerSize: size, direction: direction, intrinsicSizes: overrides,
                                                             statusBar: statusBar, topBar: topBar, bottomBar: bottomBar,
                                                             safeAreaInsets: safeArea)))
        }
        return scenarios
    }

    /// A bar's height or an inset: 0…1000 points.
    private static func readInset(_ node: JSONNode) throws(JSONDecodingError) -> Double {
        let value = try node.double()
        guard value >= 0 && value <= 1000 else { throw node.error("expected a number of points in 0...1000") }
        return value
    }

    private static func readSize(_ node: JSONNode) throws(JSONDecodingError) -> LayoutSize {
        let numbers = try node.doubles(count: 2)
        guard numbers.allSatisfy({ $0 > 0 && $0 <= 10_000 }) else { throw node.error("expected [width, height], each in 0...10000") }
        return LayoutSize(width: numbers[0], height: numbers[1])
    }

    private static func readStyle(_ node: JSONNode?) throws(JSONDecodingError) -> Style {
        guard let node else { return Style(magicNumbers: 0, pinnedSizes: 0, unusedDeclarations: 0, allowedLiterals: []) }
        try node.checkKeys(allowed: ["magicNumbers", "pinnedSizes", "unusedDeclarations", "allowedLiterals"])
        let literals = try node["allowedLiterals"]?.doubles() ?? []
        return Style(magicNumbers: try node["magicNumbers"]?.int(in: 0...1000) ?? 0,
                     pinnedSizes: try node["pinnedSizes"]?.int(in: 0...1000) ?? 0,
                     unusedDeclarations: try node["unusedDeclarations"]?.int(in: 0...1000) ?? 0,
                     allowedLiterals: literals.map(abs))
    }
}
