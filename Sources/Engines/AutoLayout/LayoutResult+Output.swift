import JSON

extension LayoutResult {
    /// The frames and diagnostics as `lectern layout solve` prints them for people: a table of
    /// frames (superview and root coordinates), then conflicts, missing constraints and warnings.
    public func table() -> String {
        let direction = scenario.direction == .leftToRight ? "left-to-right" : "right-to-left"
        var lines = ["Container \(containerSize), \(direction)"]
        let header = ["NAME", "X", "Y", "WIDTH", "HEIGHT", "ROOT X", "ROOT Y"]
        var rows = [header]
        for item in frames {
            let f = item.frame
            rows.append([item.isGuide ? "\(item.name) (guide)" : item.name,
                         formatPoints(f.x), formatPoints(f.y), formatPoints(f.width), formatPoints(f.height),
                         formatPoints(item.rootFrame.x), formatPoints(item.rootFrame.y)])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                column == 0 ? cell.padding(to: widths[column]) : cell.padding(to: widths[column], leading: true)
            }
            lines.append(cells.joined(separator: "  ").trimmed(of: " "))
        }
        for conflict in conflicts {
            lines.append("")
            lines.append(conflict.message)
        }
        if !ambiguities.isEmpty {
            lines.append("")
            lines.append("Missing constraints:")
            lines += ambiguities.map { "    \($0.message)" }
        }
        if !warnings.isEmpty {
            lines.append("")
            lines.append("Warnings:")
            lines += warnings.map { "    \($0.message)" }
        }
        lines.append("")
        lines.append(isComplete ? "Layout is complete." : "Layout is incomplete.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form: `{"frames":{NAME:{"x","y","width","height"}}, "rootFrames":{…}, "conflicts":[…],
    /// "ambiguous":[…], "warnings":[…]}` plus `container`, `direction` and `complete`. Keys and
    /// arrays are in a fixed order, so the bytes are the same on every run.
    public func json(pretty: Bool = false) -> String {
        var writer = JSONWriter(capacity: 256 + 160 * frames.count, pretty: pretty)
        writer.beginObject()
        writer.key("container")
        writeSize(containerSize, to: &writer)
        writer.field("direction", scenario.direction.rawValue)
        writer.field("complete", isComplete)
        writer.key("frames")
        writeFrames(\.frame, to: &writer)
        writer.key("rootFrames")
        writeFrames(\.rootFrame, to: &writer)
        writer.key("conflicts")
        writer.beginArray()
        for conflict in conflicts {
            writer.beginObject()
            writer.key("constraints")
            writer.beginArray()
            for constraint in conflict.constraints { writeReference(constraint, to: &writer) }
            writer.endArray()
            writer.key("broken")
            writeReference(conflict.broken, to: &writer)
            writer.field("message", conflict.message)
            writer.endObject()
        }
        writer.endArray()
        writer.key("ambiguous")
        writer.beginArray()
        for ambiguity in ambiguities {
            writer.beginObject()
            writer.field("view", ambiguity.name)
            writer.field("axis", ambiguity.axis.rawValue)
            writer.field("position", ambiguity.position)
            writer.field("size", ambiguity.size)
            writer.field("message", ambiguity.message)
            writer.endObject()
        }
        writer.endArray()
        writer.key("warnings")
        writer.beginArray()
        for warning in warnings {
            writer.beginObject()
            writer.field("kind", warning.kind.code)
            if let location = warning.location {
                writer.field("line", location.line)
                writer.field("column", location.column)
            }
            writer.field("message", warning.message)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.string
    }

    private func writeSize(_ size: LayoutSize, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("width", size.width)
        writer.field("height", size.height)
        writer.endObject()
    }

    private func writeFrames(_ path: KeyPath<ItemFrame, LayoutRect>, to writer: inout JSONWriter) {
        writer.beginObject()
        for item in frames {
            let rect = item[keyPath: path]
            writer.key(item.name)
            writer.beginObject()
            writer.field("x", rect.x)
            writer.field("y", rect.y)
            writer.field("width", rect.width)
            writer.field("height", rect.height)
            writer.endObject()
        }
        writer.endObject()
    }

    private func writeReference(_ constraint: LayoutConstraint, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("line", constraint.location.line)
        writer.field("column", constraint.location.column)
        writer.field("origin", constraint.origin.rawValue)
        writer.field("source", constraint.source)
        writer.endObject()
    }
}

private extension String {
    func padding(to width: Int, leading: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, width - count))
        return leading ? pad + self : self + pad
    }
}
