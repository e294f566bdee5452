import Foundation
import JSON

extension SimulationResult {
    /// The output document:
    /// `{"items":{ID:{"center":[x,y],"angle":a,"velocity":[vx,vy],"angularVelocity":w,"restingAt":t|null,"maxAngle":a}},
    /// "pausedAt":t|null,"contacts":[{"at":t,"began":true,"a":ID,"b":ID|"boundary:NAME"}],
    /// "samples":{"fps":30,"frames":[{"t":t,"items":{ID:[x,y,angle]}}]}}`, `samples` only when asked for;
    /// `"droppedContacts":n` follows `contacts` only when events were left out beyond the limit, then
    /// `"attachments":[{"id":ID,"length":l,"minLength":l,"maxLength":l}]` only when there are any.
    public func json(pretty: Bool = false) -> String {
        var w = JSONWriter(capacity: 256 + items.count * 160 + frames.count * (16 + 48 * items.count), pretty: pretty)
        w.beginObject()
        w.key("items")
        w.beginObject()
        for item in items {
            w.key(item.id)
            w.beginObject()
            w.key("center")
            Self.write(item.center, to: &w)
            w.field("angle", item.angle)
            w.key("velocity")
            Self.write(item.velocity, to: &w)
            w.field("angularVelocity", item.angularVelocity)
            w.field("restingAt", item.restingAt)
            w.field("maxAngle", item.maxAngle)
            w.endObject()
        }
        w.endObject()
        w.field("pausedAt", pausedAt)
        w.key("contacts")
        w.beginArray()
        for event in contacts {
            w.beginObject()
            w.field("at", event.at)
            w.field("began", event.began)
            w.field("a", event.a)
            w.field("b", event.b.description)
            w.endObject()
        }
        w.endArray()
        if droppedContactEvents > 0 { w.field("droppedContacts", droppedContactEvents) }
        if !attachments.isEmpty {
            w.key("attachments")
            w.beginArray()
            for record in attachments {
                w.beginObject()
                w.field("id", record.id)
                w.field("length", record.length)
                w.field("minLength", record.minLength)
                w.field("maxLength", record.maxLength)
                w.endObject()
            }
            w.endArray()
        }
        if let samplesPerSecond {
            w.key("samples")
            w.beginObject()
            w.field("fps", samplesPerSecond)
            w.key("frames")
            w.beginArray()
            for frame in frames {
                w.beginObject()
                w.field("t", frame.t)
                w.key("items")
                w.beginObject()
                for pose in frame.items {
                    w.key(pose.id)
                    w.beginArray()
                    w.number(pose.center.x)
                    w.number(pose.center.y)
                    w.number(pose.angle)
                    w.endArray()
                }
                w.endObject()
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endObject()
        return w.string
    }

    private static func write(_ v: Vector, to w: inout JSONWriter) {
        w.beginArray()
        w.number(v.x)
        w.number(v.y)
        w.endArray()
    }

    /// A human-readable report: one line per item, then the pause time and contact count.
    public var summary: String {
        var lines: [String] = []
        for item in items {
            guard item.appeared else {
                lines.append("\(item.id): never appeared")
                continue
            }
            var line = "\(item.id): center (\(Self.format(item.center.x)), \(Self.format(item.center.y)))"
            line += ", angle \(Self.format(item.angle * 180 / .pi))°"
            line += ", speed \(Self.format(item.velocity.length)) pt/s"
            if let restingAt = item.restingAt {
                line += ", at rest since \(Self.format(restingAt)) s"
            } else {
                line += ", moving"
            }
            line += ", max angle \(Self.format(item.maxAngle * 180 / .pi))°"
            lines.append(line)
        }
        if let pausedAt {
            lines.append("All items at rest: the animator paused at \(Self.format(pausedAt)) s.")
        } else {
            lines.append("The animator never paused (some item was still moving).")
        }
        let begins = contacts.count { $0.began }
        lines.append("\(contacts.count) contact events (\(begins) began, \(contacts.count - begins) ended).")
        if droppedContactEvents > 0 {
            lines.append("\(droppedContactEvents) further contact events were left out (limit reached).")
        }
        for record in attachments {
            lines.append("Attachment \(record.id): length \(Self.format(record.length)) pt, actual "
                         + "\(Self.format(record.minLength))…\(Self.format(record.maxLength)) pt.")
        }
        if let samplesPerSecond {
            lines.append("\(frames.count) frames sampled at \(samplesPerSecond) fps.")
        }
        return lines.joined(separator: "\n")
    }

    /// Two decimals, without a negative zero.
    private static func format(_ x: Double) -> String {
        let rounded = (x * 100).rounded() / 100
        return String(format: "%.2f", rounded == 0 ? 0 : rounded)
    }
}
