import HTTPServer

/// The API's description: `GET /api/openapi.json` (OpenAPI 3.1, public, with an `ETag`) and
/// `GET /api/docs` (the same document as a page). Both are made once from ``OpenAPIDocument``.
struct APIDescriptionRoutes: Controller {
    /// The document's bytes and its page, or why the description could not be assembled.
    let served: Result<(json: [UInt8], page: Response), OpenAPIDocument.AssemblyError>

    init(_ context: AppContext) {
        served = OpenAPIDocument.assembled.flatMap { document in
            OpenAPIDocument.bytes.map { ($0, APIDocsPage.response(document)) }
        }
        if case .failure(let error) = served { context.console("The API description is broken: \(error)") }
    }

    func addRoutes(to router: Router) {
        router.get("/api/openapi.json", use: document)
        router.get("/api/docs", use: page)
    }

    func document(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(contentType: "application/json", body: .bytes(try Self.check(served).json)).publicCacheable(for: request)
    }

    func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        try Self.check(served).page.withHeader("Cache-Control", "public, max-age=\(Response.publicMaxAge)")
    }

    private static func check<T>(_ result: Result<T, OpenAPIDocument.AssemblyError>) throws(HTTPError) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let error):
            throw HTTPError(.serviceUnavailable, code: "description_unavailable", message: "The API description is broken: \(error)")
        }
    }
}
