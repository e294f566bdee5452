import JSON

/// An exercise folder as one JSON document, the form the editor and the API exchange:
/// `{"exercise":{…exercise.json…},"statement":"…","reference":"…","starter":"…",
/// "examples":[{"name":"…","text":"…","expected":{…}}]}`.
///
/// `files()` writes it as the folder format (`exercise.json`, `statement.md`, `reference.EXT`,
/// `starter.EXT`, `examples/NAME.EXT` and `examples/NAME.expected.json`), which `Exercise.load`
/// reads; `init(files:)` reads a folder back. Errors name the JSON field (`examples[1].expected`)
/// and, where the folder's loader knows one, the line.
public struct ExerciseSource: Sendable, Equatable {
    /// A wrong submission kept with the exercise and the grade it must get.
    public struct Example: Sendable, Equatable {
        public var name: String
        public var text: String
        /// `{"score":…,"messages":[…]}` and optionally `"diagnostics"`.
        public var expected: JSONValue

        public init(name: String, text: String, expected: JSONValue) {
            self.name = name
            self.text = text
            self.expected = expected
        }
    }

    /// Largest request body, in bytes.
    public static let maxBodyBytes = 2 << 20
    /// Largest statement, reference, starter or example text, in bytes.
    public static let maxTextBytes = 64 << 10
    /// Most examples.
    public static let maxExamples = 50

    /// The `exercise.json` object.
    public var exercise: JSONValue
    public var statement: String
    public var reference: String
    public var starter: String
    public var examples: [Example]
    /// Files of the folder that the JSON form does not carry (`reference.storyboard`, `starter.swift`, …),
    /// written by `lectern layout export`; kept only while the reference and starter they were made from are unchanged.
    public var otherFiles: [String: [UInt8]] = [:]

    public init(exercise: JSONValue, statement: String, reference: String, starter: String, examples: [Example]) {
        self.exercise = exercise
        self.statement = statement
        self.reference = reference
        self.starter = starter
        self.examples = examples
    }

    /// The exercise's slug as written, or "" when absent.
    public var slug: String { exercise["slug"]?.stringValue ?? "" }

    /// The extension of reference, starter and example files, by the declared kind (`layout` when unknown).
    public var fileExtension: String { exercise["kind"]?.stringValue == "dynamics" ? "json" : "layout" }

    /// Reads the JSON form.
    /// - Throws: the first problem, naming the field (`examples[2].name`) or, for malformed JSON, the line.
    public static func parse(_ bytes: [UInt8]) throws(ExerciseFieldError) -> ExerciseSource {
        guard bytes.count <= maxBodyBytes else { throw ExerciseFieldError("$", "the body is larger than \(maxBodyBytes) bytes") }
        let root: JSONNode
        do {
            root = JSONNode(try JSONParser.parse(bytes: bytes, limits: JSONLimits(maxBytes: maxBodyBytes, maxDepth: 32,
                                                                                  maxStringBytes: maxBodyBytes, maxElements: 50_000)))
        } catch {
            throw ExerciseFieldError("$", line: error.line, "\(error.column): \(error.message)")
        }
        do throws(JSONDecodingError) {
            try root.checkKeys(allowed: ["exercise", "statement", "reference", "starter", "examples"])
            guard let exercise = root["exercise"], exercise.value.objectValue != nil else {
                throw JSONDecodingError(path: "$.exercise", message: "expected the exercise.json object")
            }
            var source = ExerciseSource(exercise: exercise.value, statement: try text(root, "statement"),
                                        reference: try text(root, "reference"), starter: try text(root, "starter"), examples: [])
            let examples = try root["examples"]?.array() ?? []
            guard examples.count <= maxExamples else { throw JSONDecodingError(path: "$.examples", message: "at most \(maxExamples) examples") }
            for node in examples {
                try node.checkKeys(allowed: ["name", "text", "expected"])
                guard let nameNode = node["name"] else { throw JSONDecodingError(path: node.path + ".name", message: "required: a string") }
                let name = try nameNode.string()
                guard isExampleName(name) else {
                    throw nameNode.error("expected 1 to 64 lowercase letters, digits and dashes, not starting or ending with a dash")
                }
                guard !source.examples.contains(where: { $0.name == name }) else { throw nameNode.error("\(name) is used twice") }
                guard let expected = node["expected"], expected.value.objectValue != nil else {
                    throw JSONDecodingError(path: node.path + ".expected", message: "expected an object with score and messages")
                }
                source.examples.append(Example(name: name, text: try text(node, "text"), expected: expected.value))
            }
            return source
        } catch {
            let field = String(error.path.dropFirst(error.path.hasPrefix("$.") ? 2 : 1))
            throw ExerciseFieldError(field.isEmpty ? "$" : field, error.message)
        }
    }

    /// Reads an exercise folder's files back into the JSON form.
    /// - Throws: ``ExerciseError`` when a file the form needs is missing, is not UTF-8, or is not JSON.
    public init(files: ExerciseFiles) throws(ExerciseError) {
        let manifest = try Self.json(files, "exercise.json")
        let ext = manifest["kind"]?.stringValue == "dynamics" ? "json" : "layout"
        self.init(exercise: manifest, statement: try files.text("statement.md"), reference: try files.text("reference.\(ext)"),
                  starter: try files.text("starter.\(ext)"), examples: [])
        for path in files.sortedPaths where path.hasPrefix("examples/") && path.hasSuffix(".expected.json") {
            let name = String(path.dropFirst(9).dropLast(14))
            examples.append(Example(name: name, text: try files.text("examples/\(name).\(ext)"), expected: try Self.json(files, path)))
        }
        let carried = ["exercise.json", "statement.md", "reference.\(ext)", "starter.\(ext)"]
        otherFiles = files.contents.filter { !carried.contains($0.key) && !$0.key.hasPrefix("examples/") }
    }

    /// The folder format's files.
    public func files() -> [String: [UInt8]] {
        let ext = fileExtension
        var files = otherFiles
        files["exercise.json"] = Array((exercise.serialized(pretty: true) + "\n").utf8)
        files["statement.md"] = Array(statement.utf8)
        files["reference.\(ext)"] = Array(reference.utf8)
        files["starter.\(ext)"] = Array(starter.utf8)
        for example in examples {
            files["examples/\(example.name).\(ext)"] = Array(example.text.utf8)
            files["examples/\(example.name).expected.json"] = Array((example.expected.serialized(pretty: true) + "\n").utf8)
        }
        return files
    }

    /// This source with the extra files of `previous` kept when they still describe the same reference and starter.
    public func keepingOtherFiles(of previous: ExerciseSource) -> ExerciseSource {
        var kept = self
        if previous.reference == reference, previous.starter == starter, previous.fileExtension == fileExtension {
            kept.otherFiles = previous.otherFiles
        } else {
            kept.otherFiles = [:]
        }
        return kept
    }

    /// The field of the JSON form an error of the folder's loader or checker is about, with the line when known:
    /// `exercise.json $.scenarios[1].size` → `exercise.scenarios[1].size`; `reference.layout 3:14` → `reference`, line 3;
    /// `examples/NAME.expected.json $.score` → `examples[i].expected.score`.
    public func fieldError(_ error: ExerciseError) -> ExerciseFieldError {
        let parts = error.location.split(separator: " ", maxSplits: 1).map(String.init)
        let file = parts.first ?? ""
        let place = parts.count > 1 ? parts[1] : ""
        var line: Int?
        var path = ""
        if place.hasPrefix("$") {
            path = String(place.dropFirst())
        } else if let first = place.split(separator: ":").first, let number = Int(first) {
            line = number
        }
        let field: String
        if file == "exercise.json" {
            field = "exercise" + path
        } else if file == "statement.md" {
            field = "statement"
        } else if file.hasPrefix("reference.") {
            field = "reference"
        } else if file.hasPrefix("starter.") {
            field = "starter"
        } else if file.hasPrefix("examples/") {
            let isExpectation = file.hasSuffix(".expected.json")
            let name = String(file.dropFirst(9).dropLast(isExpectation ? 14 : fileExtension.count + 1))
            let index = examples.firstIndex { $0.name == name }.map(String.init) ?? name
            field = "examples[\(index)]" + (isExpectation ? ".expected" + path : ".text")
        } else {
            field = file
        }
        return ExerciseFieldError(field, line: line, error.message)
    }

    private static func text(_ node: JSONNode, _ key: String) throws(JSONDecodingError) -> String {
        guard let child = node[key] else { throw JSONDecodingError(path: node.path + ".\(key)", message: "required: a string") }
        let text = try child.string()
        guard text.utf8.count <= maxTextBytes else { throw child.error("longer than \(maxTextBytes) bytes") }
        return text
    }

    private static func json(_ files: ExerciseFiles, _ path: String) throws(ExerciseError) -> JSONValue {
        do {
            return try JSONParser.parse(try files.text(path), limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 32))
        } catch let error as JSONParseError {
            throw ExerciseError("\(path) \(error.line):\(error.column)", error.message)
        } catch let error as ExerciseError {
            throw error
        } catch {
            throw ExerciseError(path, "\(error)")
        }
    }

    /// Example names become file names: the slug alphabet only.
    public static func isExampleName(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return (1...64).contains(scalars.count) && scalars.first != "-" && scalars.last != "-"
            && scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// A problem in the JSON form of an exercise: the field (`exercise.scenarios[1].size`,
/// `reference`, `examples[0].expected.score`), the line within it when known, and what is wrong.
public struct ExerciseFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    public let field: String
    public let line: Int?
    public let message: String

    public init(_ field: String, line: Int? = nil, _ message: String) {
        self.field = field
        self.line = line
        self.message = message
    }

    /// `field line N: message`.
    public var description: String { "\(field)\(line.map { " line \($0)" } ?? ""): \(message)" }
}
