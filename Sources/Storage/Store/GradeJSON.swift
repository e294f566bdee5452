import JSON

/// The JSON text form of a grade's parts, where a grade is kept whole in one column rather than as
/// rows: the history of replaced grades, a regrade's dry-run results, a verification's recomputed
/// checks, and the grades stored before grades became rows. Only the Store reads and writes it;
/// reading is strict, so a value that does not fit is an error, never an empty list.
///
/// Checks are `[{"name":…,"passed":…,"points":…,"message":…}]`, diagnostics `["…", …]`, pictures
/// `[{"name":…,"title":…,"svg":…}]`.
enum GradeJSON {
    /// Why a stored JSON value is not the grade part it should be.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private static let limits = JSONLimits(maxBytes: 64 << 20, maxStringBytes: 32 << 20)

    static func encode(_ checks: [StoredCheck]) -> String {
        var writer = JSONWriter(capacity: 64 + 160 * checks.count)
        writer.value(checks)
        return writer.string
    }

    static func encode(_ diagnostics: [String]) -> String {
        var writer = JSONWriter(capacity: 64 + diagnostics.reduce(0) { $0 + $1.utf8.count + 8 })
        writer.value(diagnostics)
        return writer.string
    }

    static func encode(_ pictures: [StoredPicture]) -> String {
        var writer = JSONWriter(capacity: 64 + pictures.reduce(0) { $0 + $1.svg.utf8.count + 128 })
        writer.value(pictures)
        return writer.string
    }

    static func checks(_ json: String) throws(Malformed) -> [StoredCheck] {
        try items(json, "checks").enumerated().map { (index, item) throws(Malformed) in
            guard let name = item["name"]?.stringValue, let passed = item["passed"]?.boolValue,
                  let points = item["points"]?.doubleValue, let message = item["message"]?.stringValue else {
                throw Malformed(description: "check \(index + 1) lacks a name, passed, points or message")
            }
            return StoredCheck(name: name, passed: passed, points: points, message: message)
        }
    }

    static func diagnostics(_ json: String) throws(Malformed) -> [String] {
        try items(json, "diagnostics").enumerated().map { (index, item) throws(Malformed) in
            guard let text = item.stringValue else { throw Malformed(description: "diagnostic \(index + 1) is not text") }
            return text
        }
    }

    static func pictures(_ json: String) throws(Malformed) -> [StoredPicture] {
        try items(json, "pictures").enumerated().map { (index, item) throws(Malformed) in
            guard let name = item["name"]?.stringValue, let title = item["title"]?.stringValue,
                  let svg = item["svg"]?.stringValue else {
                throw Malformed(description: "picture \(index + 1) lacks a name, title or svg")
            }
            return StoredPicture(name: name, title: title, svg: svg)
        }
    }

    private static func items(_ json: String, _ part: String) throws(Malformed) -> [JSONValue] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(json, limits: limits)
        } catch {
            throw Malformed(description: "\(part): \(error)")
        }
        guard let items = value.arrayValue else { throw Malformed(description: "\(part) are not an array") }
        return items
    }
}
