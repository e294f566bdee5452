import JSON

/// A course directory's `course.json`: the course and where each lecture's files are
/// (format in docs/content.md). Reading the files it names is up to the caller.
public struct CourseManifest: Sendable, Equatable {
    /// One lecture entry.
    public struct LectureEntry: Sendable, Equatable {
        public var number: Int
        public var title: String
        public var date: String?
        public var videoURL: String?
        /// Captions path relative to the course directory.
        public var captionsPath: String?
        /// Transcript path relative to the course directory.
        public var transcriptPath: String?
    }

    /// The course's slug, title and description.
    public var course: NewCourse
    /// The lectures, in file order.
    public var lectures: [LectureEntry]

    /// Most lectures one manifest may list.
    public static let maxLectures = 10_000

    /// Parses `course.json`; errors name the line and column or the JSON path.
    public init(json text: String) throws {
        let root = JSONNode(try JSONParser.parse(text))
        try root.checkKeys(allowed: ["slug", "title", "description", "lectures"])
        course = NewCourse(slug: try root.required("slug").string(), title: try root.required("title").string(),
                           summary: try root.optionalString("description") ?? "")
        do {
            try course.validate()
        } catch {
            throw JSONDecodingError(path: "$.\(error.field)", message: error.message)
        }
        let entries = try root.required("lectures").array()
        guard entries.count <= Self.maxLectures else {
            throw JSONDecodingError(path: "$.lectures", message: "more than \(Self.maxLectures) lectures")
        }
        var seen: Set<Int> = []
        lectures = []
        for entry in entries {
            try entry.checkKeys(allowed: ["number", "title", "date", "video", "captions", "transcript"])
            let numberNode = try entry.required("number")
            let number = try numberNode.int(in: 0...100_000)
            guard seen.insert(number).inserted else {
                throw JSONDecodingError(path: numberNode.path, message: "lecture \(number) is listed twice")
            }
            lectures.append(LectureEntry(
                number: number, title: try entry.required("title").string(), date: try entry.optionalString("date"),
                videoURL: try entry.optionalString("video"), captionsPath: try Self.relativePath(entry, "captions"),
                transcriptPath: try Self.relativePath(entry, "transcript")))
        }
    }

    /// A path inside the course directory: relative, without `..` components.
    private static func relativePath(_ entry: JSONNode, _ key: String) throws -> String? {
        guard let node = try entry.optional(key) else { return nil }
        let path = try node.string()
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !components.contains(where: { $0 == ".." || $0.isEmpty }) else {
            throw JSONDecodingError(path: node.path, message: "expected a path inside the course directory, got \(path)")
        }
        return path
    }
}
