/// Where an item ended up.
public struct ItemFrame: Sendable, Equatable {
    public let item: ItemID
    public let name: String
    public let isGuide: Bool
    /// In the superview's coordinates, as `UIView.frame`.
    public let frame: LayoutRect
    /// In the root container's coordinates.
    public let rootFrame: LayoutRect
}

/// The outcome of solving a document in a scenario: frames and diagnostics, in a deterministic order.
public struct LayoutResult: Sendable, Equatable {
    public let scenario: LayoutScenario
    /// The container size used.
    public let containerSize: LayoutSize
    /// Every view and guide, in declaration order.
    public let frames: [ItemFrame]
    /// Conflicts in the order they were met while adding constraints in source order.
    public let conflicts: [LayoutConflict]
    /// Undetermined positions and sizes, by item in declaration order, horizontal before vertical.
    public let ambiguities: [LayoutAmbiguity]
    /// Magic numbers and fixed sizes in source order, then truncated views, then unknown scenario views.
    public let warnings: [LayoutWarning]
    /// The simplex pivots the solve made (the solver's unit of work), over all its solver runs.
    public internal(set) var pivots = 0
    /// Whether the solve stopped at `LayoutLimits.maxPivots`: the frames are then not a solution.
    public internal(set) var reachedPivotLimit = false

    /// The frame of the named view or guide.
    public func frame(of name: String) -> ItemFrame? {
        frames.first { $0.name == name }
    }

    /// Whether every view is fully determined and no constraint had to be broken. Warnings do not count.
    public var isComplete: Bool { conflicts.isEmpty && ambiguities.isEmpty }

    /// The `lectern layout solve` exit status: 0 when complete and conflict-free, else 1.
    public var exitStatus: Int32 { isComplete ? 0 : 1 }

    /// The exit status for a document that did not parse.
    public static let parseErrorExitStatus: Int32 = 2
}

/// UIKit's console text for a conflict.
enum ConflictReport {
    static func text(members: [LayoutConstraint], broken: LayoutConstraint, document: LayoutDocument) -> String {
        var lines = [
            "Unable to simultaneously satisfy constraints.",
            "\tProbably at least one of the constraints in the following list is one you don't want.",
            "(",
        ]
        for member in members {
            lines.append("    \(entry(member, document: document))")
        }
        lines.append(")")
        lines.append("")
        lines.append("Will attempt to recover by breaking constraint")
        lines.append("    \(entry(broken, document: document))")
        return lines.joined(separator: "\n")
    }

    /// The summary of the required constraints broken without computing their minimal sets.
    static func summary(broken: [LayoutConstraint], document: LayoutDocument) -> String {
        let noun = broken.count == 1 ? "constraint" : "constraints"
        var lines = [
            "Unable to simultaneously satisfy constraints.",
            "\t… and \(broken.count) more \(noun) could not be satisfied (not analyzed further).",
            "",
            "Will attempt to recover by breaking \(noun)",
        ]
        for constraint in broken {
            lines.append("    \(entry(constraint, document: document))")
        }
        return lines.joined(separator: "\n")
    }

    /// `line 9: H:|-[swatch1]   (swatch1.leading == superview.leading + 20)`.
    static func entry(_ constraint: LayoutConstraint, document: LayoutDocument) -> String {
        if constraint.origin == .contentSize {
            return "line \(constraint.location.line): \(constraint.source)"
        }
        let resolved = document.resolvedDescription(of: constraint)
        let prefix = constraint.origin == .json ? "constraint \(constraint.location.line)" : "line \(constraint.location.line)"
        return resolved == constraint.source ? "\(prefix): \(resolved)" : "\(prefix): \(constraint.source)   (\(resolved))"
    }
}
