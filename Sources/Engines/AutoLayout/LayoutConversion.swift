import JSON

/// A layout document converted from another format (an Interface Builder storyboard or XIB,
/// Swift or Objective-C constraint code): the equivalent text-format document, and how each part
/// of it maps back to the source, so feedback can speak the source's language.
///
/// Importers are pure modules that produce this value; the text in `document` is then parsed
/// with `LayoutDocument.parse` like any other submission, so every form is graded the same way.
public struct LayoutConversion: Sendable, Equatable, JSONWritable {
    /// The source formats that convert to a layout document.
    public enum Format: String, Sendable, Equatable, CaseIterable {
        case text
        case storyboard
        case xib
        case swift
        case objectiveC = "objc"
    }

    /// Where a view of the document comes from.
    public struct View: Sendable, Equatable {
        /// The view's name in the document.
        public var name: String
        /// Its identifier in the source: an Interface Builder object id, or a variable name.
        public var id: String
        /// The source's kind of view (`label`, `button`, `UILabel`, …).
        public var kind: String
        /// What gave the name: `userLabel`, `outlet`, `kind`, `variable`, …
        public var source: String

        public init(name: String, id: String, kind: String, source: String) {
            self.name = name
            self.id = id
            self.kind = kind
            self.source = source
        }
    }

    /// One source statement or element and the text-format line or lines it became.
    public struct Constraint: Sendable, Equatable {
        /// The 1-based line of the source.
        public var line: Int
        /// The 1-based column of the source, when known.
        public var column: Int?
        /// The source as its own tool shows it (`Trailing Space to: Safe Area = 16 (JRZ-8J-Ruo)`,
        /// or the code statement).
        public var source: String
        /// The equivalent text-format line(s).
        public var text: String

        public init(line: Int, column: Int? = nil, source: String, text: String) {
            self.line = line
            self.column = column
            self.source = source
            self.text = text
        }
    }

    /// Something in the source that was not converted, and why.
    public typealias Skipped = SkippedSource

    public var format: Format
    /// The scene chosen in a storyboard or XIB; `nil` for code.
    public var scene: String?
    /// The design size of the scene, when the source gives one.
    public var size: LayoutSize?
    /// The equivalent document in the layout text format.
    public var document: String
    /// The views of the document, in declaration order.
    public var views: [View]
    /// Each converted constraint, in source order.
    public var constraints: [Constraint]
    public var skipped: [Skipped]
    /// Things converted, but maybe not as the author meant (a typographic dash read as `-`).
    public var warnings: [String]

    public init(format: Format, scene: String? = nil, size: LayoutSize? = nil, document: String,
                views: [View] = [], constraints: [Constraint] = [], skipped: [Skipped] = [],
                warnings: [String] = []) {
        self.format = format
        self.scene = scene
        self.size = size
        self.document = document
        self.views = views
        self.constraints = constraints
        self.skipped = skipped
        self.warnings = warnings
    }

    /// The JSON form printed by `lectern layout convert --json`:
    /// `{"format":…,"scene":…,"size":[w,h],"document":…,"views":{name:{"id","kind","source"}},
    /// "constraints":[{"line","source","text"}],"skipped":[{"line","reason"}],"warnings":[…]}`.
    /// Keys of `views` are written in declaration order.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("format", format.rawValue)
        writer.key("scene")
        if let scene { writer.string(scene) } else { writer.null() }
        writer.key("size")
        if let size {
            writer.beginArray()
            writer.number(size.width)
            writer.number(size.height)
            writer.endArray()
        } else {
            writer.null()
        }
        writer.field("document", document)
        writer.key("views")
        writer.beginObject()
        for view in views {
            writer.key(view.name)
            writer.beginObject()
            writer.field("id", view.id)
            writer.field("kind", view.kind)
            writer.field("source", view.source)
            writer.endObject()
        }
        writer.endObject()
        writer.key("constraints")
        writer.beginArray()
        for constraint in constraints {
            writer.beginObject()
            writer.field("line", constraint.line)
            if let column = constraint.column { writer.field("column", column) }
            writer.field("source", constraint.source)
            writer.field("text", constraint.text)
            writer.endObject()
        }
        writer.endArray()
        writer.field("skipped", skipped)
        writer.field("warnings", warnings)
        writer.endObject()
    }
}

extension LayoutConversion {
    /// The document as a submission to an exercise that declares `views`: without the
    /// `container` line and without the declarations of the views the exercise declares (its
    /// declarations count), keeping guides, metrics and constraints.
    public func submissionText(declaredViews views: LayoutDocument) -> String {
        let names = Set(views.items.map(\.name))
        var kept: [Substring] = []
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(separator: " ", maxSplits: 2)
            if words.first == "container", words.count == 2, !line.utf8.contains(UInt8(ascii: "=")) { continue }
            if words.first == "view", words.count >= 2, names.contains(String(words[1])) { continue }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
