import Digest
import HTTPServer
import JSON
import SQLite
import Store

/// `GET /api/search?q=…&course=…&lecture=…&lang=…&limit=20&offset=0&context=0&cursor=…`: caption and
/// transcript hits, best first, with `<mark>` snippets, the total, a "did you mean" suggestion when
/// nothing matched, each hit's lecture video and cue times, and a `next` link (also as `Link`)
/// while there are more hits. Pages go by `cursor` (from `next`) or by `offset` (to jump to a page).
/// Public data: cacheable, with an `ETag`.
struct SearchRoutes: Controller {
    /// The list name inside search cursors.
    static let cursorList = "search"

    let database: DatabasePool

    init(_ context: AppContext) { database = context.database }

    func addRoutes(to router: Router) {
        router.get("/api/search", use: search)
    }

    /// One page of hits for the query.
    func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        var search = try SearchParameters(request.query)
        let scope = search.fingerprint
        if let text = request.query["cursor"], !text.isEmpty {
            let cursor = try Cursor(decoding: text, list: Self.cursorList, scope: scope)
            guard let offset = Int(cursor.key), (0...SearchRequest.maxOffset).contains(offset) else {
                throw Cursor.invalid("is not a cursor this API gave out")
            }
            search.request.offset = offset
        }
        let searchRequest = search.request
        let (results, videos) = try await database.read { db in
            let results = try Search.run(searchRequest, db)
            return (results, try Self.videos(of: results, db))
        }
        let nextOffset = searchRequest.offset + results.hits.count
        var next: String?
        if !results.hits.isEmpty, nextOffset < results.total, nextOffset <= SearchRequest.maxOffset {
            next = PageRequest.nextLink(request, cursor: Cursor(list: Self.cursorList, scope: scope, key: String(nextOffset)))
        }
        return Response.json(capacity: 512 + results.hits.count * 576) { json in
            LectureJSON.writeResults(results, videos: videos, next: next, to: &json)
        }.withNextLink(next).publicCacheable(for: request)
    }

    /// The video URL of each lecture the hits are in, by `course/number`.
    static func videos(of results: SearchResults, _ db: Connection) throws -> [String: String] {
        var videos: [String: String] = [:]
        var looked: Set<String> = []
        for hit in results.hits {
            let key = "\(hit.courseSlug)/\(hit.lectureNumber)"
            guard looked.insert(key).inserted, let course = try Course.find(slug: hit.courseSlug, db),
                  let lecture = try Lecture.find(courseID: course.id, number: hit.lectureNumber, db),
                  let video = lecture.videoURL else { continue }
            videos[key] = video
        }
        return videos
    }
}

/// The search parameters of a query string, shared by the API and the search page.
struct SearchParameters {
    /// The store request.
    var request: SearchRequest

    /// Reads `q`, `course`, `lecture`, `lang` (a caption track language), `limit`, `offset` and `context`;
    /// a malformed number is a 400 naming the parameter.
    init(_ query: FormParameters, defaultLimit: Int = 20) throws(HTTPError) {
        let course = query["course"].flatMap { $0.isEmpty ? nil : $0 }
        let lecture = try Self.number(query, "lecture", in: 0...100_000)
        if lecture != nil, course == nil {
            throw HTTPError(.badRequest, message: "lecture: needs course as well, e.g. course=cs193p&lecture=9",
                            errors: [HTTPError.FieldError(field: "lecture", message: "needs course as well")])
        }
        request = SearchRequest(
            query: query["q"] ?? "", courseSlug: course, lectureNumber: lecture,
            limit: try Self.number(query, "limit", in: 1...SearchRequest.maxLimit) ?? defaultLimit,
            offset: try Self.number(query, "offset", in: 0...SearchRequest.maxOffset) ?? 0,
            context: try Self.number(query, "context", in: 0...SearchRequest.maxContext) ?? 0,
            language: query["lang"])
    }

    /// What a cursor of this search must match: the query and its filters (not the page size).
    var fingerprint: String {
        let parts = [request.query, request.courseSlug ?? "", request.lectureNumber.map(String.init) ?? "",
                     request.language ?? "", String(request.context)]
        return Hex.encode(SHA256.hash(Array(parts.joined(separator: "\u{1F}").utf8)).prefix(8))
    }

    private static func number(_ query: FormParameters, _ name: String, in range: ClosedRange<Int>) throws(HTTPError) -> Int? {
        guard let text = query[name], !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            let message = "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(text.prefix(40))"
            throw HTTPError(.badRequest, message: "\(name): \(message)", errors: [HTTPError.FieldError(field: name, message: message)])
        }
        return value
    }
}
