import HTTPServer
import JSON
import Store

/// `GET /api/search?q=…&course=…&lecture=…&lang=…&limit=20&offset=0&context=0`: caption and transcript hits,
/// best first, with `<mark>` snippets, the total and a "did you mean" suggestion when nothing matched.
struct SearchRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        router.get("/api/search") { request, _ in
            let search = try SearchParameters(request.query)
            let results = try await database.read { db in try Search.run(search.request, db) }
            return Response.json(capacity: 512 + results.hits.count * 512) { json in
                LectureJSON.writeResults(results, to: &json)
            }
        }
    }
}

/// The search parameters of a query string, shared by the API and the search page.
struct SearchParameters {
    /// The store request.
    let request: SearchRequest

    /// Reads `q`, `course`, `lecture`, `lang` (a caption track language), `limit`, `offset` and `context`;
    /// a malformed number is a 400.
    init(_ query: FormParameters, defaultLimit: Int = 20) throws(HTTPError) {
        let course = query["course"].flatMap { $0.isEmpty ? nil : $0 }
        let lecture = try Self.number(query, "lecture", in: 0...100_000)
        if lecture != nil, course == nil {
            throw HTTPError.badRequest("lecture: needs course as well, e.g. course=cs193p&lecture=9")
        }
        request = SearchRequest(
            query: query["q"] ?? "", courseSlug: course, lectureNumber: lecture,
            limit: try Self.number(query, "limit", in: 1...SearchRequest.maxLimit) ?? defaultLimit,
            offset: try Self.number(query, "offset", in: 0...SearchRequest.maxOffset) ?? 0,
            context: try Self.number(query, "context", in: 0...SearchRequest.maxContext) ?? 0,
            language: query["lang"])
    }

    private static func number(_ query: FormParameters, _ name: String, in range: ClosedRange<Int>) throws(HTTPError) -> Int? {
        guard let text = query[name], !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw HTTPError.badRequest("\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(text.prefix(40))")
        }
        return value
    }
}
