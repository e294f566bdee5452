import HTTPServer
import JSON

/// One area's share of the OpenAPI document: its `paths` and its `components.schemas`, each a
/// JSON object in the text of the document (OpenAPI 3.1, JSON Schema 2020-12).
///
/// An area that adds `/api/...` routes adds their operations in a part of its own (a file
/// `OpenAPIPaths+Area.swift`) and lists it in ``OpenAPIDocument/parts``; the route-table test
/// fails until every route is described.
struct OpenAPIPart: Sendable {
    /// `{"/api/v1/…": {"get": {…}}, …}`: paths written with the versioned prefix and `{name}` parameters.
    let paths: String
    /// `{"Name": {…}, …}`: schemas the paths refer to as `#/components/schemas/Name`.
    var schemas: String = "{}"
}

/// The OpenAPI description of every `/api/...` route: the one source for `GET /api/openapi.json`,
/// the `/api/docs` page and the test that holds the routes and the description to each other.
/// Paths are described under `/api/v1/`; each is also served without `v1` (docs/api.md).
enum OpenAPIDocument {
    /// Every part, in the order their paths appear.
    static let parts: [OpenAPIPart] = [
        .publicReads, .accounts, .coursework, .gradebook, .lectureAdmin,
        .exerciseAuthoring, .classTools,
    ]

    /// Why the document could not be assembled: a part that is not valid JSON, or a path twice.
    struct AssemblyError: Error, CustomStringConvertible {
        let description: String
    }

    /// The assembled document, or why it is broken (a test catches that before it ships).
    static let assembled: Result<JSONValue, AssemblyError> = build()

    private static func build() -> Result<JSONValue, AssemblyError> {
        do throws(AssemblyError) {
            return .success(try assemble())
        } catch {
            return .failure(error)
        }
    }

    /// The document as served: compact JSON.
    static let bytes: Result<[UInt8], AssemblyError> = assembled.map { Array($0.serialized().utf8) }

    /// The base document with every part's paths and schemas merged in, in order.
    static func assemble() throws(AssemblyError) -> JSONValue {
        guard case .object(var document) = try parse(base, "the base document"),
              case .object(var components)? = document["components"] else {
            throw AssemblyError(description: "the base document has no components object")
        }
        var paths = JSONObject()
        var schemas = components["schemas"]?.objectValue ?? JSONObject()
        for (index, part) in parts.enumerated() {
            guard case .object(let partPaths) = try parse(part.paths, "part \(index) paths"),
                  case .object(let partSchemas) = try parse(part.schemas, "part \(index) schemas") else {
                throw AssemblyError(description: "part \(index): paths and schemas must be JSON objects")
            }
            for (path, item) in partPaths {
                guard paths[path] == nil else { throw AssemblyError(description: "\(path) is described twice") }
                paths[path] = item
            }
            for (name, schema) in partSchemas {
                guard schemas[name] == nil else { throw AssemblyError(description: "schema \(name) is defined twice") }
                schemas[name] = schema
            }
        }
        components["schemas"] = .object(schemas)
        document["paths"] = .object(paths)
        document["components"] = .object(components)
        return .object(document)
    }

    private static func parse(_ text: String, _ name: String) throws(AssemblyError) -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw AssemblyError(description: "\(name): \(error)")
        }
    }
}
