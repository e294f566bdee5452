/// A type that can serialize itself through a ``JSONWriter``.
public protocol JSONWritable {
    /// Writes exactly one JSON value.
    func writeJSON(to writer: inout JSONWriter)
}

extension String: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) { writer.string(self) }
}

extension Substring: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) { writer.string(String(self)) }
}

extension Int: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) { writer.number(self) }
}

extension Int64: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) { writer.number(self) }
}

extension Double: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) { writer.number(self) }
}

extension Bool: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) { writer.bool(self) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// Writes the wrapped value, or `null` when absent.
    public func writeJSON(to writer: inout JSONWriter) {
        if let self { self.writeJSON(to: &writer) } else { writer.null() }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginArray()
        for element in self { element.writeJSON(to: &writer) }
        writer.endArray()
    }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
    /// Writes an object with members sorted by key, so the output does not depend on hashing order.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        for key in keys.sorted() {
            if let value = self[key] { writer.field(key, value) }
        }
        writer.endObject()
    }
}

extension JSONObject: JSONWritable {
    /// Writes the members in their stored order.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        for (key, value) in self { writer.field(key, value) }
        writer.endObject()
    }
}

extension JSONValue: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let bool): writer.bool(bool)
        case .number(let number): writer.number(number)
        case .string(let string): writer.string(string)
        case .array(let elements): elements.writeJSON(to: &writer)
        case .object(let object): object.writeJSON(to: &writer)
        }
    }
}

extension JSONValue {
    /// The value as JSON text; objects keep their member order.
    public func serialized(pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writeJSON(to: &writer)
        return writer.string
    }
}
