import HTTPServer

/// The API's description: `GET /api/openapi.json` (OpenAPI 3.1, public, with an `ETag`) and
/// `GET /api/docs` (the same document as a page). Both are made once from ``OpenAPIDocument``.
struct APIDescriptionRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let served: Result<(json: [UInt8], page: Response), OpenAPIDocument.AssemblyError> =
            OpenAPIDocument.assembled.flatMap { document in
                OpenAPIDocument.bytes.map { ($0, APIDocsPage.response(document)) }
            }
        if case .failure(let error) = served { context.console("The API description is broken: \(error)") }

        router.get("/api/openapi.json") { request, _ in
            let json = try Self.check(served).json
            return Response(contentType: "application/json", body: .bytes(json)).publicCacheable(for: request)
        }

        router.get("/api/docs") { _, _ in
            try Self.check(served).page.withHeader("Cache-Control", "public, max-age=\(Response.publicMaxAge)")
        }
    }

    private static func check<T>(_ result: Result<T, OpenAPIDocument.AssemblyError>) throws(HTTPError) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let error):
            throw HTTPError(.serviceUnavailable, code: "description_unavailable", message: "The API description is broken: \(error)")
        }
    }
}
