import JSON

/// One data check of a dynamics exercise, with its weight and the message that explains it.
public struct DynamicsCheck: Sendable, Equatable {
    /// An axis-aligned rectangle in scene coordinates (origin at the top-left corner).
    public struct Zone: Sendable, Equatable {
        /// The top-left corner and the size, in points.
        public let x, y, width, height: Double

        func contains(x px: Double, y py: Double) -> Bool {
            px >= x && px <= x + width && py >= y && py <= y + height
        }
    }

    /// An item and the column (1-based) it must end in.
    public struct ColumnAssignment: Sendable, Equatable {
        public let item: String
        public let column: Int
    }

    /// What is checked.
    public enum Rule: Sendable, Equatable {
        /// Every item (or the listed ones) has come to rest for good by `time` seconds.
        case atRestBy(time: Double, items: [String]?)
        /// The animator pauses (every item at rest) by `time` seconds.
        case pausedBy(time: Double)
        /// No item (or listed item) ever turns further than `degrees` from upright.
        case maxAngle(degrees: Double, items: [String]?)
        /// Each item's final centre lies within its column: columns of `columnWidth` points from
        /// `origin`, numbered from 1.
        case inColumn(columnWidth: Double, origin: Double, assignments: [ColumnAssignment])
        /// The listed items' final centres lie inside `zone`.
        case insideZone(zone: Zone, items: [String])
        /// The attachment with this id keeps its length within `percent` % while it acts, as the
        /// engine measures it at the end of every step (`SimulationResult.attachments`).
        case attachmentLength(attachment: String, percent: Double)
        /// No two items (or listed items) overlap by more than `tolerance` points at the end.
        case noOverlap(tolerance: Double, items: [String]?)
        /// Every item (or listed item) ends resting squarely on something: its bottom within
        /// `tolerance` points of the floor (the bottom of the reference bounds) or of the top of an
        /// item directly beneath it that reaches under its centre (`ItemSupport`).
        case supported(tolerance: Double, items: [String]?)
    }

    /// The check's name in the report.
    public let name: String
    /// The weight: points earned when the check passes.
    public let points: Int
    /// What the check wants, in words; failures add what happened instead.
    public let message: String
    /// What is measured, and the bound.
    public let rule: Rule

    static let types = ["atRestBy", "pausedBy", "maxAngle", "inColumn", "insideZone", "attachmentLength", "noOverlap", "supported"]

    static func read(_ node: JSONNode, items: [String]) throws(JSONDecodingError) -> DynamicsCheck {
        let type = try node.required("type").string(oneOf: types)
        let common = ["type", "name", "points", "message"]
        func itemList(_ key: String, required: Bool) throws(JSONDecodingError) -> [String]? {
            guard let listNode = node[key] else {
                if required { throw node.error("missing \"\(key)\"") }
                return nil
            }
            let list = try listNode.strings()
            guard !list.isEmpty else { throw listNode.error("expected at least one item id") }
            for (index, id) in list.enumerated() where !items.contains(id) {
                throw JSONDecodingError(path: "\(listNode.path)[\(index)]", message: "unknown item id \"\(id)\"")
            }
            return list
        }
        let rule: Rule
        switch type {
        case "atRestBy":
            try node.checkKeys(allowed: common + ["time", "items"])
            rule = .atRestBy(time: try node.required("time").double(in: 0...600), items: try itemList("items", required: false))
        case "pausedBy":
            try node.checkKeys(allowed: common + ["time"])
            rule = .pausedBy(time: try node.required("time").double(in: 0...600))
        case "maxAngle":
            try node.checkKeys(allowed: common + ["degrees", "items"])
            rule = .maxAngle(degrees: try node.required("degrees").double(in: 0...180), items: try itemList("items", required: false))
        case "inColumn":
            try node.checkKeys(allowed: common + ["columnWidth", "origin", "items"])
            var assignments: [ColumnAssignment] = []
            let itemsNode = try node.required("items")
            for (id, columnNode) in try itemsNode.object() {
                guard items.contains(id) else { throw columnNode.error("unknown item id \"\(id)\"") }
                assignments.append(ColumnAssignment(item: id, column: try columnNode.int(in: 1...1000)))
            }
            guard !assignments.isEmpty else { throw itemsNode.error("expected at least one item") }
            rule = .inColumn(columnWidth: try node.required("columnWidth").double(in: 1...10_000),
                             origin: try node["origin"]?.double(in: -10_000...10_000) ?? 0, assignments: assignments)
        case "insideZone":
            try node.checkKeys(allowed: common + ["zone", "items"])
            let zoneNode = try node.required("zone")
            let numbers = try zoneNode.doubles(count: 4)
            guard numbers.allSatisfy({ abs($0) <= 1e5 }), numbers[2] > 0, numbers[3] > 0 else {
                throw zoneNode.error("expected [x, y, width, height] with a positive width and height")
            }
            rule = .insideZone(zone: Zone(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
                               items: try itemList("items", required: true) ?? [])
        case "attachmentLength":
            try node.checkKeys(allowed: common + ["attachment", "percent"])
            let id = try node.required("attachment").string()
            guard !id.isEmpty else { throw node.error("expected an attachment id") }
            rule = .attachmentLength(attachment: id, percent: try node.required("percent").double(in: 0...100))
        case "supported":
            try node.checkKeys(allowed: common + ["tolerance", "items"])
            rule = .supported(tolerance: try node["tolerance"]?.double(in: 0...1000) ?? 1,
                              items: try itemList("items", required: false))
        default:
            try node.checkKeys(allowed: common + ["tolerance", "items"])
            rule = .noOverlap(tolerance: try node["tolerance"]?.double(in: 0...1000) ?? 0.5,
                              items: try itemList("items", required: false))
        }
        let nameNode = try node.required("name")
        let name = try nameNode.string()
        guard (1...60).contains(name.count), !name.contains("\n") else { throw nameNode.error("expected a name of 1 to 60 characters") }
        let messageNode = try node.required("message")
        let message = try messageNode.string()
        guard !message.isEmpty, message.count <= 400 else { throw messageNode.error("expected a message of 1 to 400 characters") }
        return DynamicsCheck(name: name, points: try node.required("points").int(in: 1...1000), message: message, rule: rule)
    }
}
