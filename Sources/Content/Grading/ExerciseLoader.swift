import JSON

extension Exercise {
    /// Loads an exercise from its folder's files (paths relative to the folder).
    ///
    /// Expects `exercise.json`, `statement.md`, `reference.EXT`, `starter.EXT` and, in `examples/`,
    /// pairs `NAME.EXT` + `NAME.expected.json`, where EXT is `layout` or `json` by kind. Any other
    /// file is an error (a misspelt name would otherwise be silently ignored). The reference must
    /// parse and, for layout exercises, be complete and conflict-free in every scenario.
    public static func load(files: ExerciseFiles) throws(ExerciseError) -> Exercise {
        let manifestText = try files.text("exercise.json")
        let root: JSONNode
        do {
            root = JSONNode(try JSONParser.parse(manifestText, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 32)))
        } catch {
            throw ExerciseError("exercise.json \(error.line):\(error.column)", error.message)
        }
        let manifest: Manifest
        do {
            manifest = try Manifest.read(root)
        } catch {
            throw ExerciseError("exercise.json \(error.path)", error.message)
        }
        let ext = manifest.kind.fileExtension
        try checkFileNames(files, ext: ext)
        let reference = try files.text("reference.\(ext)")
        let definition: Definition
        switch manifest.kind {
        case .layout:
            definition = .layout(try LayoutExercise.load(root, points: manifest.points, reference: reference))
        case .dynamics:
            definition = .dynamics(try DynamicsExercise.load(root, points: manifest.points))
        }
        var exercise = Exercise(slug: manifest.slug, title: manifest.title, kind: manifest.kind, points: manifest.points,
                                lecture: manifest.lecture, statement: try files.text("statement.md"),
                                starter: try files.text("starter.\(ext)"), reference: reference,
                                examples: try loadExamples(files, ext: ext), definition: definition, version: files.version)
        exercise.accepts = manifest.accepts
        return exercise
    }

    /// Loads an exercise from a raw file map; see `load(files:)`.
    public static func load(files: [String: [UInt8]]) throws(ExerciseError) -> Exercise {
        try load(files: ExerciseFiles(files))
    }

    private static func checkFileNames(_ files: ExerciseFiles, ext: String) throws(ExerciseError) {
        let fixed = ["exercise.json", "statement.md", "reference.\(ext)", "starter.\(ext)"]
        for name in fixed where files.contents[name] == nil {
            throw ExerciseError(name, "missing file")
        }
        // An exercise may ship its reference and starter in Xcode's forms too, for download.
        let forms = (ext == "layout" ? Exercise.sourceForms : Exercise.codeFormExtensions).flatMap { ["reference.\($0)", "starter.\($0)"] }
        for path in files.sortedPaths where !fixed.contains(path) && !forms.contains(path) {
            guard path.hasPrefix("examples/"), !path.dropFirst(9).contains("/"),
                  path.hasSuffix(".expected.json") || path.hasSuffix(".\(ext)") else {
                throw ExerciseError(path, "unexpected file; an exercise holds exercise.json, statement.md, reference.\(ext), "
                                    + "starter.\(ext) and examples/NAME.\(ext) with examples/NAME.expected.json")
            }
        }
    }

    private static func loadExamples(_ files: ExerciseFiles, ext: String) throws(ExerciseError) -> [ExerciseExample] {
        var examples: [ExerciseExample] = []
        for path in files.sortedPaths where path.hasPrefix("examples/") && path.hasSuffix(".expected.json") {
            let name = String(path.dropFirst(9).dropLast(14))
            guard !name.isEmpty else { throw ExerciseError(path, "an example needs a name") }
            let submissionPath = "examples/\(name).\(ext)"
            guard files.contents[submissionPath] != nil else {
                throw ExerciseError(path, "no submission \(submissionPath) for this expectation")
            }
            let expectation = try files.text(path)
            do {
                let node = JSONNode(try JSONParser.parse(expectation, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 8)))
                try node.checkKeys(allowed: ["score", "messages", "diagnostics"])
                examples.append(ExerciseExample(name: name, submission: try files.text(submissionPath),
                                                expectedScore: try node.required("score").int(in: 0...100_000),
                                                expectedMessages: try node.required("messages").strings(),
                                                expectedDiagnostics: try node["diagnostics"]?.strings()))
            } catch let error as JSONParseError {
                throw ExerciseError("\(path) \(error.line):\(error.column)", error.message)
            } catch let error as JSONDecodingError {
                throw ExerciseError("\(path) \(error.path)", error.message)
            } catch {
                throw ExerciseError(path, "\(error)")
            }
        }
        for path in files.sortedPaths where path.hasPrefix("examples/") && !path.hasSuffix(".expected.json") {
            let name = String(path.dropFirst(9).dropLast(ext.count + 1))
            guard examples.contains(where: { $0.name == name }) else {
                throw ExerciseError(path, "no examples/\(name).expected.json with the score and messages it must get")
            }
        }
        return examples
    }
}

/// The fields every exercise has.
private struct Manifest {
    let slug: String
    let title: String
    let kind: Exercise.Kind
    let points: Int
    let lecture: LectureMoment
    let accepts: [SubmissionForm]

    static func read(_ node: JSONNode) throws(JSONDecodingError) -> Manifest {
        let kindNode = try node.required("kind")
        let kind = Exercise.Kind(rawValue: try kindNode.string(oneOf: Exercise.Kind.allCases.map(\.rawValue))) ?? .layout
        let specific = kind == .layout ? ["views", "scenarios", "style"] : ["scene", "allowedBehaviors", "checks"]
        try node.checkKeys(allowed: ["slug", "title", "kind", "points", "lecture", "accepts"] + specific)
        let slugNode = try node.required("slug")
        let slug = try slugNode.string()
        guard isSlug(slug) else {
            throw slugNode.error("expected 1 to 64 lowercase letters, digits and dashes, not starting or ending with a dash")
        }
        let titleNode = try node.required("title")
        let title = try titleNode.string()
        guard (1...120).contains(title.count), !title.contains("\n") else { throw titleNode.error("expected a one-line title of 1 to 120 characters") }
        return Manifest(slug: slug, title: title, kind: kind, points: try node.required("points").int(in: 1...1000),
                        lecture: try readLecture(node.required("lecture")), accepts: try readAccepts(node["accepts"]))
    }

    /// `"accepts": ["text", "storyboard", "swift", "objc"]`: at least one form, each once; all when absent.
    static func readAccepts(_ node: JSONNode?) throws(JSONDecodingError) -> [SubmissionForm] {
        guard let node else { return SubmissionForm.allCases }
        let names = SubmissionForm.allCases.map(\.rawValue)
        var forms: [SubmissionForm] = []
        for element in try node.array().prefix(names.count + 1) {
            let form = SubmissionForm(rawValue: try element.string(oneOf: names)) ?? .text
            guard !forms.contains(form) else { throw element.error("\(form.rawValue) is listed twice") }
            forms.append(form)
        }
        guard !forms.isEmpty else { throw node.error("expected at least one of \(names.joined(separator: ", "))") }
        return forms
    }

    static func isSlug(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return (1...64).contains(scalars.count) && scalars.first != "-" && scalars.last != "-"
            && scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    static func readLecture(_ node: JSONNode) throws(JSONDecodingError) -> LectureMoment {
        try node.checkKeys(allowed: ["course", "lecture", "at"])
        let courseNode = try node.required("course")
        let course = try courseNode.string()
        guard isSlug(course) else { throw courseNode.error("expected a course slug") }
        let atNode = try node.required("at")
        let at = try atNode.string()
        guard let seconds = timestampSeconds(at) else { throw atNode.error("expected a time as MM:SS or H:MM:SS") }
        return LectureMoment(course: course, lecture: try node.required("lecture").int(in: 1...10_000), at: at, seconds: seconds)
    }

    /// `MM:SS` or `H:MM:SS` (minutes and seconds below 60) in seconds.
    static func timestampSeconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
              parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }
}
