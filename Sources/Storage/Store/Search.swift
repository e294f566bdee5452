import Captions
import SQLite

/// A search over caption cues and transcript sections.
public struct SearchRequest: Sendable, Equatable {
    /// The query as typed: words, `"exact phrases"`, `prefix*`, `OR`, `-excluded`.
    public var query: String
    /// Only this course.
    public var courseSlug: String?
    /// Only this lecture number of `courseSlug` (ignored without a course).
    public var lectureNumber: Int?
    /// Hits per page, clamped to 1...`maxLimit`.
    public var limit: Int
    /// Hits to skip, clamped to 0...`maxOffset`.
    public var offset: Int
    /// Cues before and after each caption hit to return as context, clamped to 0...`maxContext`.
    public var context: Int
    /// Only caption tracks in this language (and transcripts of lectures whose main track is in it).
    public var language: String?

    /// Most hits per page.
    public static let maxLimit = 100
    /// Deepest page start.
    public static let maxOffset = 1_000
    /// Most context cues on each side of a hit.
    public static let maxContext = 5
    /// Longest query read, in characters; the rest is ignored.
    public static let maxQueryLength = 1_000

    /// Creates a request; out-of-range numbers are clamped.
    public init(query: String, courseSlug: String? = nil, lectureNumber: Int? = nil,
                limit: Int = 20, offset: Int = 0, context: Int = 0, language: String? = nil) {
        self.query = String(query.prefix(Self.maxQueryLength))
        self.courseSlug = courseSlug
        self.lectureNumber = lectureNumber
        self.limit = min(max(limit, 1), Self.maxLimit)
        self.offset = min(max(offset, 0), Self.maxOffset)
        self.context = min(max(context, 0), Self.maxContext)
        self.language = language.flatMap { $0.isEmpty ? nil : String($0.prefix(35)) }
    }
}

/// One search result: a caption cue or a transcript section.
public struct SearchHit: Sendable, Equatable {
    /// What matched.
    public enum Kind: String, Sendable, Equatable {
        case caption, transcript
    }

    public var kind: Kind
    /// The course's slug.
    public var courseSlug: String
    /// The lecture's number and title.
    public var lectureNumber: Int
    public var lectureTitle: String
    /// The cue that matched (caption hits).
    public var cue: CaptionCue?
    /// The section's anchor and title (transcript hits).
    public var sectionAnchor: String?
    /// The cue's text or the section's heading.
    public var text: String
    /// The matching text around the matches, with where it was cut (rendered by the HTML module).
    public var snippet: SearchSnippet
    /// Cues just before and after a caption hit, in time order, when context was asked for.
    public var contextBefore: [CaptionCue]
    public var contextAfter: [CaptionCue]
    /// bm25 score; lower is better.
    public var rank: Double
    /// The text the snippet is cut from.
    var matchedText: String

    /// The lecture page link that jumps to the cue (`?t=2238#t2238`) or the section (`#anchor`).
    public var url: String {
        let page = "/courses/\(courseSlug)/lectures/\(lectureNumber)"
        if let cue { return "\(page)?t=\(cue.startSecond)#t\(cue.startSecond)" }
        return "\(page)#\(sectionAnchor ?? "")"
    }
}

/// A page of search results.
public struct SearchResults: Sendable, Equatable {
    /// The query as it was searched.
    public var query: String
    /// Hits over all pages.
    public var total: Int
    /// This page's hits, best first.
    public var hits: [SearchHit]
    /// A corrected query when this one found nothing and the index knows words close to the typed ones.
    public var suggestion: String?
}

/// Full-text search over captions and transcripts with the FTS5 indexes of migration 0006.
///
/// Ranking is bm25 over both columns. To keep a common word nearly as fast as a rare one, each index
/// ranks at most `rankingWindow` matches: all of them when there are fewer (the ranking is then
/// exact), otherwise the first ones in course order (lecture by lecture, where a subject is
/// introduced); the matches after the window follow in course order. `total` counts every match.
public enum Search {
    /// Most matches of one index ranked by bm25 per search.
    public static let rankingWindow = 500

    /// Runs a search in one read transaction. Any query string is safe: the FTS5 expression is built
    /// from the query's tokens, never from its text.
    public static func run(_ request: SearchRequest, _ db: Connection) throws -> SearchResults {
        let query = SearchQuery(parsing: request.query)
        return try db.transaction(.deferred) { db in
            let matched = try JoinedWords.splitting(try PrefixExpansion.expanding(query, db), db)
            guard case .expression(let expression) = joiningAdjacentWords(matched),
                  let scope = try SearchScope(request, db)
            else {
                return SearchResults(query: request.query, total: 0, hits: [], suggestion: nil)
            }
            let (candidates, total) = try page(expression, scope: scope, upTo: request.offset + request.limit, db)
            let hits = try candidates.dropFirst(request.offset).compactMap { candidate in
                try hit(candidate, query: query, context: request.context, db)
            }
            let suggestion = total == 0 ? try Suggestion.correct(query, scope: scope, db) : nil
            return SearchResults(query: request.query, total: total, hits: hits, suggestion: suggestion)
        }
    }

    /// Most adjacent word pairs of a query also tried joined.
    static let maxJoinedPairs = 4

    /// The query's expression, OR the same query with two adjacent words joined into one (`auto layout`
    /// also as `autolayout`), for each such pair: text that writes the two words as one is found too.
    /// (The other way round, `autolayout` finding "Auto Layout", is `JoinedWords.splitting`.)
    static func joiningAdjacentWords(_ query: SearchQuery) -> FTS5Match {
        let base = query.fts5Expression(stemmed: true, wordColumn: wordColumn, exactColumn: exactColumn)
        guard case .expression(let expression) = base else { return base }
        var variants: [String] = []
        for index in query.clauses.indices.dropLast() where variants.count < maxJoinedPairs {
            guard case .word(let first)? = query.clauses[index].alternatives.first,
                  case .word(let second)? = query.clauses[index + 1].alternatives.first,
                  query.clauses[index].alternatives.count == 1, query.clauses[index + 1].alternatives.count == 1,
                  first.allSatisfy(\.isLetter), second.allSatisfy(\.isLetter)
            else { continue }
            var clauses = query.clauses
            clauses.replaceSubrange(index...(index + 1), with: [SearchQuery.Clause([.word(first + second)])])
            if case .expression(let joined) = SearchQuery(clauses: clauses, excluded: query.excluded)
                .fts5Expression(stemmed: true, wordColumn: wordColumn, exactColumn: exactColumn) {
                variants.append(joined)
            }
        }
        guard !variants.isEmpty else { return base }
        return .expression(([expression] + variants).map { "(\($0))" }.joined(separator: " OR "))
    }

    static let wordColumn = FTS5Column("stemmed_text")
    static let exactColumn = FTS5Column("exact_text")

    /// The first `count` matches of both indexes in result order, and the number of all matches.
    private static func page(_ expression: String, scope: SearchScope, upTo count: Int,
                             _ db: Connection) throws -> (candidates: [SearchIndex.Candidate], total: Int) {
        var ranked: [SearchIndex.Candidate] = []
        var windows: [(SearchIndex, [SearchIndex.Candidate])] = []
        var total = 0
        for index in [SearchIndex.captions, SearchIndex.transcripts] {
            let window = try index.candidates(expression, scope: scope, db)
            windows.append((index, window))
            ranked = merge(ranked, window)
            total += try window.count < rankingWindow ? window.count : index.count(expression, scope: scope, db)
        }
        for (index, window) in windows where window.count == rankingWindow && ranked.count < count {
            ranked += try index.matches(expression, scope: scope, after: window.map(\.rowID).max() ?? 0,
                                        limit: count - ranked.count, db)
        }
        return (Array(ranked.prefix(count)), total)
    }

    /// A candidate loaded, with its snippet and, for a cue, `context` cues on each side.
    private static func hit(_ candidate: SearchIndex.Candidate, query: SearchQuery, context: Int,
                            _ db: Connection) throws -> SearchHit? {
        guard var hit = try candidate.index.hit(rowID: candidate.rowID, rank: candidate.rank, db) else { return nil }
        hit.snippet = Snippet.cut(hit.matchedText, query: query)
        if context > 0, let cue = hit.cue {
            let around = try CaptionCue.range(lectureID: cue.lectureID, language: cue.language,
                                              positions: max(0, cue.position - context)...(cue.position + context), db)
            hit.contextBefore = around.filter { $0.position < cue.position }
            hit.contextAfter = around.filter { $0.position > cue.position }
        }
        return hit
    }

    /// True when the expression matches a cue or a section within the scope.
    static func hasHits(_ expression: String, scope: SearchScope, _ db: Connection) throws -> Bool {
        try !SearchIndex.captions.candidates(expression, scope: scope, limit: 1, db).isEmpty
            || !SearchIndex.transcripts.candidates(expression, scope: scope, limit: 1, db).isEmpty
    }

    /// Merges two rank-ordered lists into one, best (lowest bm25) first; ties keep captions first.
    private static func merge(_ left: [SearchIndex.Candidate], _ right: [SearchIndex.Candidate]) -> [SearchIndex.Candidate] {
        var merged: [SearchIndex.Candidate] = []
        merged.reserveCapacity(left.count + right.count)
        var i = 0, j = 0
        while i < left.count || j < right.count {
            if j == right.count || (i < left.count && left[i].rank <= right[j].rank) {
                merged.append(left[i])
                i += 1
            } else {
                merged.append(right[j])
                j += 1
            }
        }
        return merged
    }
}

/// One of the two full-text indexes and how to read hits from it.
struct SearchIndex {
    /// A match before it is loaded: its row id and bm25 score (lower is better).
    struct Candidate {
        let index: SearchIndex
        let rowID: Int64
        let rank: Double
    }

    /// The FTS5 table, the base table and its column holding the lecture id.
    let table: String
    let baseTable: String
    /// True when the scope's cue rowid range applies (cue ids are contiguous per lecture).
    let usesCueRange: Bool
    let kind: SearchHit.Kind

    static let captions = SearchIndex(table: "caption_cue_search", baseTable: "caption_cues", usesCueRange: true, kind: .caption)
    static let transcripts = SearchIndex(table: "transcript_section_search", baseTable: "transcript_sections",
                                         usesCueRange: false, kind: .transcript)

    /// `… WHERE <table> MATCH ?1 AND rowid BETWEEN ?2 AND ?3 [AND the lecture's course or the lecture is ?4]
    /// [AND the language is ?4 or ?5]`.
    private func matching(_ select: String, scope: SearchScope) -> String {
        guard scope.needsJoin else {
            return "SELECT \(select) FROM \(table) s WHERE \(table) MATCH ?1 AND s.rowid BETWEEN ?2 AND ?3"
        }
        var filters: [String] = []
        var parameter = 4
        if scope.lectureID != nil || scope.courseID != nil {
            filters.append(scope.lectureID != nil ? "b.lecture_id = ?\(parameter)" : "l.course_id = ?\(parameter)")
            parameter += 1
        }
        if scope.language != nil {
            filters.append(kind == .caption ? "b.language = ?\(parameter)" : "l.caption_language = ?\(parameter)")
        }
        return """
            SELECT \(select) FROM \(table) s JOIN \(baseTable) b ON b.id = s.rowid JOIN lectures l ON l.id = b.lecture_id
            WHERE \(table) MATCH ?1 AND s.rowid BETWEEN ?2 AND ?3\(filters.map { " AND " + $0 }.joined())
            """
    }

    private func arguments(_ expression: String, scope: SearchScope, after: Int64 = -1) -> StatementArguments {
        let scopeRange = usesCueRange ? scope.cueIDs : 0...Int64.max
        let range = max(scopeRange.lowerBound, after + 1)...scopeRange.upperBound
        guard scope.needsJoin else { return [expression, range.lowerBound, range.upperBound] }
        var values: [DatabaseValue] = [.text(expression), .integer(range.lowerBound), .integer(range.upperBound)]
        if let id = scope.lectureID ?? scope.courseID { values.append(.integer(id)) }
        if let language = scope.language { values.append(.text(language)) }
        return StatementArguments(positional: values)
    }

    /// The best matches within the ranking window, best first (ties by row id).
    func candidates(_ expression: String, scope: SearchScope, limit: Int = Search.rankingWindow,
                    _ db: Connection) throws -> [Candidate] {
        let rows = try db.cachedStatement(sql: matching("s.rowid, s.rank", scope: scope) + " LIMIT \(limit)")
            .fetchAll(arguments: arguments(expression, scope: scope))
        return try rows.map { Candidate(index: self, rowID: try $0.get(0), rank: try $0.get(1)) }
            .sorted { ($0.rank, $0.rowID) < ($1.rank, $1.rowID) }
    }

    /// Matches after row `after` in row order, unranked: the ones past the ranking window.
    func matches(_ expression: String, scope: SearchScope, after: Int64, limit: Int, _ db: Connection) throws -> [Candidate] {
        guard after < Int64.max else { return [] }
        var bound = arguments(expression, scope: scope, after: after)
        bound.positional.append(limit.databaseValue)
        let rows = try db.cachedStatement(sql: matching("s.rowid", scope: scope) + " LIMIT ?\(bound.positional.count)")
            .fetchAll(arguments: bound)
        return try rows.map { Candidate(index: self, rowID: try $0.get(0), rank: .infinity) }
    }

    /// Every match in the scope.
    func count(_ expression: String, scope: SearchScope, _ db: Connection) throws -> Int {
        try db.cachedStatement(sql: matching("count(*)", scope: scope)).fetchOne(arguments: arguments(expression, scope: scope))?
            .get(0) ?? 0
    }

    /// The hit for a matched row.
    func hit(rowID: Int64, rank: Double, _ db: Connection) throws -> SearchHit? {
        switch kind {
        case .caption:
            guard let row = try db.cachedStatement(sql: """
                SELECT c.id, c.lecture_id, c.position, c.start_ms, c.end_ms, c.text, c.speaker_change, c.non_speech,
                       l.number, l.title, co.slug, c.language, c.speaker, c.identifier, c.settings
                FROM caption_cues c JOIN lectures l ON l.id = c.lecture_id JOIN courses co ON co.id = l.course_id
                WHERE c.id = ?
                """).fetchOne(arguments: [rowID]) else { return nil }
            let cue = CaptionCue(id: try row.get(0), lectureID: try row.get(1), language: try row.get(11),
                                 position: try row.get(2), startMs: try row.get(3), endMs: try row.get(4),
                                 text: try row.get(5), speakerChange: try row.get(6), nonSpeech: try row.get(7),
                                 speaker: try row.get(12), identifier: try row.get(13), settings: try row.get(14))
            return SearchHit(kind: .caption, courseSlug: try row.get(10), lectureNumber: try row.get(8),
                             lectureTitle: try row.get(9), cue: cue, sectionAnchor: nil, text: cue.text, snippet: .empty,
                             contextBefore: [], contextAfter: [], rank: rank, matchedText: cue.text)
        case .transcript:
            guard let row = try db.cachedStatement(sql: """
                SELECT t.anchor, t.title, t.plain_text, l.number, l.title, co.slug
                FROM transcript_sections t JOIN lectures l ON l.id = t.lecture_id JOIN courses co ON co.id = l.course_id
                WHERE t.id = ?
                """).fetchOne(arguments: [rowID]) else { return nil }
            let title: String = try row.get(1)
            let body: String = try row.get(2)
            return SearchHit(kind: .transcript, courseSlug: try row.get(5), lectureNumber: try row.get(3),
                             lectureTitle: try row.get(4), cue: nil, sectionAnchor: try row.get(0), text: title, snippet: .empty,
                             contextBefore: [], contextAfter: [], rank: rank,
                             matchedText: title.isEmpty ? body : title + " · " + body)
        }
    }
}

/// The course and lecture a search is limited to, resolved to row ids.
struct SearchScope {
    var courseID: Int64?
    var lectureID: Int64?
    /// Only cues of this language's tracks.
    var language: String?
    /// True when matches must be checked against the course or lecture: not needed when the only
    /// course is the one asked for.
    var needsJoin = false
    /// The cue row ids worth looking at: a lecture's cues are stored together, so a lecture filter
    /// becomes a rowid range the FTS5 index can seek to.
    var cueIDs: ClosedRange<Int64>

    /// Nil when the course or lecture does not exist (nothing can match).
    init?(_ request: SearchRequest, _ db: Connection) throws {
        cueIDs = 0...Int64.max
        if let language = request.language {
            self.language = language
            needsJoin = true
        }
        if let slug = request.courseSlug {
            guard let course = try Course.find(slug: slug, db) else { return nil }
            courseID = course.id
            let several = try Course.count(db) > 1
            needsJoin = needsJoin || several
        }
        guard let courseID, let number = request.lectureNumber else { return }
        needsJoin = true
        let row = try db.cachedStatement(sql: """
            SELECT l.id, (SELECT min(id) FROM caption_cues WHERE lecture_id = l.id),
                   (SELECT max(id) FROM caption_cues WHERE lecture_id = l.id)
            FROM lectures l WHERE l.course_id = ? AND l.number = ?
            """).fetchOne(arguments: [courseID, number])
        guard let row else { return nil }
        lectureID = try row.get(0)
        let first: Int64? = try row.get(1), last: Int64? = try row.get(2)
        if let first, let last {
            cueIDs = first...last
        } else {
            cueIDs = 0...0
        }
    }
}
