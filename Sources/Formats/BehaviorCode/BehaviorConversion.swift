import JSON
import SourceCode

/// A behavior tree read from UIKit Dynamics code: the tree in the Dynamics scene format, what
/// was not read and why, and what was read but perhaps not as the author meant.
public struct BehaviorConversion: Sendable, Equatable, JSONWritable {
    /// Something in the source that is not part of the tree, and why.
    public typealias Skipped = SkippedSource

    /// The source line of a part of the tree, by JSON path (`$.children[2]`, `$.children[2].allowsRotation`).
    public struct Location: Sendable, Equatable {
        public var path: String
        public var line: Int
    }

    public var language: SourceLanguage
    /// The behavior tree, as the `behavior` of a Dynamics scene.
    public var tree: JSONValue
    public var skipped: [Skipped]
    public var warnings: [String]
    /// Where each behavior and each field set in code comes from, sorted by path.
    public var locations: [Location] = []

    /// The source line of a JSON path of the tree, or of the nearest enclosing part that has one.
    public func line(for path: String) -> Int? {
        var current = Substring(path)
        while true {
            if let found = locations.first(where: { $0.path == current }) { return found.line }
            guard let cut = current.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            current = current[..<cut]
        }
    }

    /// A message that starts with a JSON path of the tree (`$.children[1].magnitude: …`, as the
    /// grader reports a rejected tree) with the source line in front: `line 12: $.children[1]…`.
    public func located(_ message: String) -> String {
        guard message.hasPrefix("$") else { return message }
        let path = message.prefix { $0 != ":" && $0 != " " }
        guard let line = line(for: String(path)) else { return message }
        return "line \(line): " + message
    }

    /// `{"format":"objc|swift","tree":{…},"skipped":[{"line","column","reason"}],"warnings":[…]}`.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("format", language.rawValue)
        writer.key("tree")
        writer.value(tree)
        writer.field("skipped", skipped)
        writer.field("warnings", warnings)
        writer.endObject()
    }
}

/// Converts `UIDynamicBehavior` code (a behavior subclass in the Dropit style, or a view
/// controller that adds behaviors to a `UIDynamicAnimator`) into a behavior tree, by reading it,
/// never running it.
public enum BehaviorCode {
    /// Reads the behaviors of `text`.
    ///
    /// - Parameters:
    ///   - items: the exercise's item ids; a named item (`self.dropView`, `drop`) maps to the id
    ///     it names (`drop`), ignoring case and a `View` suffix.
    ///   - behaviorIDs: ids the exercise's script refers to (an attachment it moves); a behavior
    ///     variable of that name, or the only behavior of the needed kind, gets the id.
    /// - Throws: `SourceError` with `line:column` when the text cannot be read at all.
    public static func convert(_ text: String, language: SourceLanguage? = nil, items: [String] = [],
                               behaviorIDs: [String] = [], limits: SourceLimits = .default) throws(SourceError) -> BehaviorConversion {
        let file = try SourceFile.read(text, language: language, limits: limits)
        var reader = BehaviorReader(file: file, items: items, behaviorIDs: behaviorIDs)
        return reader.run()
    }

    /// Whether a text looks like UIKit Dynamics code rather than a JSON tree.
    public static func looksLikeCode(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("{") { return false }
        return TextMarks(text).containsAny(["Behavior", "UIDynamicAnimator"])
    }
}
