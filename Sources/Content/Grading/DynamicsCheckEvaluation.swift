import Dynamics

/// Reads one data check off a simulation result. A failing check's message is the exercise's
/// message followed by what happened instead.
struct DynamicsCheckEvaluation {
    let check: DynamicsCheck
    let scene: Scene
    let result: SimulationResult

    func evaluate() -> GradeCheck {
        let failure: String? = switch check.rule {
        case .atRestBy(let time, let items): restFailure(by: time, items: items)
        case .pausedBy(let time): pauseFailure(by: time)
        case .maxAngle(let degrees, let items): angleFailure(limit: degrees, items: items)
        case .inColumn(let width, let origin, let assignments): columnFailure(width: width, origin: origin, assignments)
        case .insideZone(let zone, let items): zoneFailure(zone, items: items)
        case .attachmentLength(let id, let percent): attachmentFailure(id, percent: percent)
        case .noOverlap(let tolerance, let items): overlapFailure(tolerance: tolerance, items: items)
        case .supported(let tolerance, let items): supportFailure(tolerance: tolerance, items: items)
        }
        guard let failure else { return GradeCheck(name: check.name, passed: true, points: check.points, message: check.message) }
        return GradeCheck(name: check.name, passed: false, points: 0, message: "\(check.message) \(failure)")
    }

    private func states(_ ids: [String]?) -> [SimulationResult.ItemState] {
        guard let ids else { return result.items }
        return ids.compactMap { result.item($0) }
    }

    private static func seconds(_ t: Double) -> String { "\(NumberText.format(t, decimals: 2)) s" }
    private static func points(_ value: Double) -> String { NumberText.format(value, decimals: 1) }

    /// `b7`, `b7 and b9`, `b7, b9, b12 and 4 more`.
    private static func names(_ ids: [String]) -> String {
        ids.count <= 3 ? NumberText.list(ids) : ids.prefix(3).joined(separator: ", ") + " and \(ids.count - 3) more"
    }

    private func restFailure(by time: Double, items: [String]?) -> String? {
        let moving = states(items).filter { state in state.restingAt.map { $0 > time + 1e-9 } ?? true }.map(\.id)
        guard !moving.isEmpty else { return nil }
        return "\(Self.names(moving)) \(moving.count == 1 ? "was" : "were") still moving at \(Self.seconds(time))."
    }

    private func pauseFailure(by time: Double) -> String? {
        guard let paused = result.pausedAt else { return "The animator never paused." }
        return paused <= time + 1e-9 ? nil : "The animator paused only at \(Self.seconds(paused))."
    }

    private func angleFailure(limit: Double, items: [String]?) -> String? {
        let turned = states(items).filter { $0.maxAngle * 180 / .pi > limit + 1e-9 }
        guard let worst = turned.max(by: { $0.maxAngle < $1.maxAngle }) else { return nil }
        let angle = "\(NumberText.format(worst.maxAngle * 180 / .pi, decimals: 1))°"
        return turned.count == 1
            ? "\(worst.id) turned as far as \(angle)."
            : "\(turned.count) items turned more than \(NumberText.format(limit, decimals: 1))°, \(worst.id) as far as \(angle)."
    }

    private func columnFailure(width: Double, origin: Double, _ assignments: [DynamicsCheck.ColumnAssignment]) -> String? {
        var outside: [(id: String, x: Double, column: Int)] = []
        for assignment in assignments {
            guard let state = result.item(assignment.item) else { continue }
            let left = origin + Double(assignment.column - 1) * width
            if !(state.center.x >= left - 1e-9 && state.center.x <= left + width + 1e-9) {
                outside.append((assignment.item, state.center.x, assignment.column))
            }
        }
        guard let first = outside.first else { return nil }
        let left = origin + Double(first.column - 1) * width
        var text = "\(first.id) ended at x=\(Self.points(first.x)), outside column \(first.column) "
            + "(x from \(Self.points(left)) to \(Self.points(left + width)))"
        if outside.count > 1 { text += ", and \(outside.count - 1) more \(outside.count == 2 ? "item" : "items") missed \(outside.count == 2 ? "its" : "their") column" }
        return text + "."
    }

    private func zoneFailure(_ zone: DynamicsCheck.Zone, items: [String]) -> String? {
        let outside = states(items).filter { !zone.contains(x: $0.center.x, y: $0.center.y) }
        guard let first = outside.first else { return nil }
        return "\(first.id) ended at (\(Self.points(first.center.x)), \(Self.points(first.center.y))), outside the zone "
            + "from (\(Self.points(zone.x)), \(Self.points(zone.y))) to (\(Self.points(zone.x + zone.width)), "
            + "\(Self.points(zone.y + zone.height)))" + (outside.count > 1 ? ", and \(outside.count - 1) more." : ".")
    }

    /// Reads the engine's record of the attachment: its length and the extremes it reached at the
    /// end of every step in which it acted.
    private func attachmentFailure(_ id: String, percent: Double) -> String? {
        guard let record = result.attachments.first(where: { $0.id == id }) else {
            return "There is no attachment with id \"\(id)\" acting in the run."
        }
        guard record.length > 1e-9 else {
            return "\(id) holds a length of 0, which cannot stretch by a percentage; "
                + "leave out \"length\" so that it keeps the distance it starts with."
        }
        let stretch = record.maxLength / record.length - 1
        let shrink = 1 - record.minLength / record.length
        guard max(stretch, shrink) * 100 > percent + 1e-9 else { return nil }
        return stretch >= shrink
            ? "\(id) stretched to \(NumberText.format(100 + stretch * 100, decimals: 1))% of its length."
            : "\(id) shrank to \(NumberText.format(100 - shrink * 100, decimals: 1))% of its length."
    }

    /// The final footprints of the items (or listed items) that appeared, in scene order.
    private func footprints(_ ids: [String]?) -> [ItemFootprint] {
        states(ids).filter(\.appeared).compactMap { state in
            scene.items.first { $0.id == state.id }.map { ItemFootprint(item: $0, center: state.center, angle: state.angle) }
        }
    }

    private func overlapFailure(tolerance: Double, items: [String]?) -> String? {
        let shapes = footprints(items)
        for i in shapes.indices {
            for j in shapes.indices where j > i {
                let depth = shapes[i].overlap(with: shapes[j])
                if depth > tolerance {
                    return "\(shapes[i].id) and \(shapes[j].id) overlap by \(Self.points(depth)) points."
                }
            }
        }
        return nil
    }

    private func supportFailure(tolerance: Double, items: [String]?) -> String? {
        let unsupported = ItemSupport.unsupported(footprints(items), among: footprints(nil), floor: scene.height,
                                                  tolerance: tolerance)
        guard let first = unsupported.first else { return nil }
        let center = first.item.center
        var text = "\(first.item.id) is held up at (\(Self.points(center.x)), \(Self.points(center.y)))"
        switch first.problem {
        case .nothingBeneath:
            text += " with nothing beneath it"
        case .onCorners(let ids):
            text += " by the \(ids.count == 1 ? "corner" : "corners") of \(Self.names(ids)), with nothing under its centre"
        }
        if unsupported.count > 1 {
            text += ", and \(unsupported.count - 1) more \(unsupported.count == 2 ? "item is" : "items are") not resting squarely on anything"
        }
        return text + "."
    }
}
