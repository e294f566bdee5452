import HTML
import HTTPServer
import JSON

/// `/api/docs`: the OpenAPI document as a plain page, made from the same document that
/// `/api/openapi.json` serves: every operation with its access, parameters, body and answers, then
/// every schema. No script, so it works under the site's Content Security Policy.
enum APIDocsPage {
    /// The HTTP methods of a path item, in the order they are listed.
    static let methods = ["get", "put", "post", "patch", "delete"]

    static func response(_ document: JSONValue) -> Response {
        let paths = document["paths"]?.objectValue ?? JSONObject()
        let schemas = document["components"]?["schemas"]?.objectValue ?? JSONObject()
        return PageLayout.response(title: "API") {
            h1 { "Lectern API" }
            p { document["info"]?["description"]?.stringValue ?? "" }
            p {
                "The machine-readable description (OpenAPI 3.1) is "
                a(.href("/api/openapi.json")) { "/api/openapi.json" }
                ". Programs sign in with a bearer token: a session from POST /api/v1/session, or a personal token from "
                a(.href("/account")) { "your account" }
                "."
            }
            nav(.aria("label", "Operations")) {
                h2 { "Operations" }
                ul {
                    for (path, item) in paths {
                        for method in methods {
                            if let operation = item[method] {
                                li { a(.href("#" + anchor(operation, method, path))) { "\(method.uppercased()) \(path)" } }
                            }
                        }
                    }
                }
            }
            for (path, item) in paths {
                for method in methods {
                    if let operation = item[method] {
                        operationSection(operation, method: method, path: path)
                    }
                }
            }
            h2(.id("schemas")) { "Schemas" }
            for (name, schema) in schemas {
                schemaSection(name, schema)
            }
        }
    }

    private static func anchor(_ operation: JSONValue, _ method: String, _ path: String) -> String {
        operation["operationId"]?.stringValue ?? (method + path.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined())
    }

    private static func operationSection(_ operation: JSONValue, method: String, path: String) -> HTML {
        section(.id(anchor(operation, method, path)), .class("api-operation")) {
            h2 { code { "\(method.uppercased()) \(path)" } }
            p { operation["summary"]?.stringValue ?? "" }
            if let description = operation["description"]?.stringValue { p { description } }
            p { "Who: " + access(operation["security"]) }
            if let parameters = operation["parameters"]?.arrayValue, !parameters.isEmpty {
                h3 { "Parameters" }
                ScrollingTable(label: "Parameters of \(method.uppercased()) \(path)") {
                    table {
                        thead { tr { th { "Name" }; th { "In" }; th { "Type" }; th { "Description" } } }
                        tbody {
                            for parameter in parameters {
                                parameterRow(resolve(parameter))
                            }
                        }
                    }
                }
            }
            if let body = operation["requestBody"] {
                h3 { "Body" }
                if let description = body["description"]?.stringValue { p { description } }
                ul {
                    for (mediaType, media) in body["content"]?.objectValue ?? JSONObject() {
                        li { code { mediaType }; ": "; typeName(media["schema"]) }
                    }
                }
            }
            h3 { "Answers" }
            dl {
                for (status, response) in operation["responses"]?.objectValue ?? JSONObject() {
                    dt { code { status } }
                    dd {
                        resolve(response)["description"]?.stringValue ?? ""
                        for (mediaType, media) in resolve(response)["content"]?.objectValue ?? JSONObject() {
                            " "
                            code { mediaType }
                            " "
                            typeName(media["schema"])
                        }
                    }
                }
            }
        }
    }

    private static func parameterRow(_ parameter: JSONValue) -> HTML {
        tr {
            td { code { parameter["name"]?.stringValue ?? "" }; parameter["required"]?.boolValue == true ? " (required)" : "" }
            td { parameter["in"]?.stringValue ?? "" }
            td { typeName(parameter["schema"]) }
            td { parameter["description"]?.stringValue ?? "" }
        }
    }

    private static func schemaSection(_ name: String, _ schema: JSONValue) -> HTML {
        section(.id("schema-" + name), .class("api-schema")) {
            h3 { name }
            if let description = schema["description"]?.stringValue { p { description } }
            if let properties = schema["properties"]?.objectValue, !properties.isEmpty {
                let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
                ScrollingTable(label: "Fields of \(name)") {
                    table {
                        thead { tr { th { "Field" }; th { "Type" }; th { "Description" } } }
                        tbody {
                            for (field, property) in properties {
                                tr {
                                    td { code { field }; required.contains(field) ? "" : " (optional)" }
                                    td { typeName(property) }
                                    td { property["description"]?.stringValue ?? "" }
                                }
                            }
                        }
                    }
                }
            } else {
                p { typeName(schema) }
            }
        }
    }

    /// Who may call an operation, from its `security`.
    static func access(_ security: JSONValue?) -> String {
        guard let requirements = security?.arrayValue, !requirements.isEmpty else { return "anyone, no sign-in" }
        let scopes = requirements.compactMap { $0["bearer"]?.arrayValue }.flatMap { $0.compactMap(\.stringValue) }
        if scopes.isEmpty { return "signed in (a session or any token)" }
        return "signed in: a session, or a token with the \(scopes.joined(separator: ", ")) scope"
    }

    /// A response or parameter given by `$ref` to the shared components, resolved.
    private static func resolve(_ value: JSONValue) -> JSONValue {
        guard let reference = value["$ref"]?.stringValue else { return value }
        let parts = reference.split(separator: "/").dropFirst()
        var node: JSONValue? = document
        for part in parts { node = node?[String(part)] }
        return node ?? value
    }

    /// The served document, for resolving references.
    private static var document: JSONValue? { try? OpenAPIDocument.assembled.get() }

    /// A schema in a few words: `string`, `integer or null`, `array of Cue`, a link to a named schema.
    static func typeName(_ schema: JSONValue?) -> HTML {
        guard let schema else { return .text("any") }
        if let reference = schema["$ref"]?.stringValue, let name = reference.split(separator: "/").last {
            return a(.href("#schema-\(name)")) { String(name) }
        }
        if let values = schema["enum"]?.arrayValue {
            return .text("one of " + values.map { $0.stringValue ?? $0.serialized() }.joined(separator: ", "))
        }
        if let constant = schema["const"] { return .text(constant.stringValue ?? constant.serialized()) }
        if let composed = schema["allOf"]?.arrayValue?.first { return typeName(composed) }
        var types: [String] = []
        if let type = schema["type"]?.stringValue { types = [type] }
        if let list = schema["type"]?.arrayValue { types = list.compactMap(\.stringValue) }
        if types.first == "array" {
            return HTML.fragment { "array of "; typeName(schema["items"]) }
        }
        var text = types.isEmpty ? "any" : types.joined(separator: " or ")
        if let minimum = schema["minimum"]?.intValue, let maximum = schema["maximum"]?.intValue { text += " \(minimum)…\(maximum)" }
        if let maxLength = schema["maxLength"]?.intValue { text += ", at most \(maxLength) characters" }
        return .text(text)
    }
}
