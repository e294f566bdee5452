import Captions
import SQLite
import Store
import XCTest

final class SearchIndexTests: XCTestCase {
    private var db: Connection!

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try Schema.migrate(db)
        let english = LectureContent(number: 9, title: "Auto Layout", cues: [
            Cue(start: 2_238_000, end: 2_241_000, text: "Never use magic numbers in your layout."),
            Cue(start: 2_241_000, end: 2_245_000, text: "A magic constant breaks on the iPad. [laughter]"),
            Cue(start: 2_245_000, end: 2_250_000, text: "Autolayout solves this with constraints & rules <b>."),
            Cue(start: 2_250_000, end: 2_251_000, text: "[ Music ]"),
        ], transcript: try Transcript(markdown: "# Constraint priorities\n\nRequired constraints win over optional ones.\n"))
        let russian = LectureContent(number: 10, title: "Числа", cues: [
            Cue(start: 5_000, end: 9_000, text: "Магические числа в разметке — плохая идея."),
            Cue(start: 9_000, end: 12_000, text: "Ёлка и елка: одно слово."),
        ])
        let other = LectureContent(number: 9, title: "Elsewhere", cues: [Cue(start: 0, end: 1_000, text: "Magic numbers again.")])
        try LectureImport.importLecture(english, courseSlug: "cs193p", db)
        try LectureImport.importLecture(russian, courseSlug: "cs193p", db)
        try LectureImport.importLecture(other, courseSlug: "other", db)
    }

    private func search(_ query: String, course: String? = nil, lecture: Int? = nil, limit: Int = 20,
                        offset: Int = 0) throws -> SearchResults {
        try Search.run(SearchRequest(query: query, courseSlug: course, lectureNumber: lecture, limit: limit, offset: offset), db)
    }

    func testWordFormsMatchByStemInEnglishAndRussian() throws {
        let english = try search("magic number", course: "cs193p")
        XCTAssertEqual(english.total, 1)
        XCTAssertEqual(english.hits.first?.cue?.startMs, 2_238_000)
        XCTAssertEqual(english.hits.first?.snippet.marked, "Never use <mark>magic</mark> <mark>numbers</mark> in your layout.")
        XCTAssertEqual(english.hits.first?.url, "/courses/cs193p/lectures/9?t=2238#t2238")

        let russian = try search("магическими числами")
        XCTAssertEqual(russian.hits.map(\.cue?.text), ["Магические числа в разметке — плохая идея."])
        XCTAssertEqual(try search("ёлка").total, 1, "ё and е are one letter for search")
        XCTAssertEqual(try search("\"елка и елка\"").total, 1, "also in phrases, which match the exact text")
        XCTAssertEqual(try search("\"ёлка и ёлка\"").total, 1)
    }

    func testPhrasesMatchExactWordsOnly() throws {
        XCTAssertEqual(try search("\"magic numbers\"", course: "cs193p").total, 1)
        XCTAssertEqual(try search("\"magic number\"", course: "cs193p").total, 0, "a phrase matches the words as written")
        XCTAssertEqual(try search("\"numbers magic\"").total, 0)
    }

    func testPrefixOrAndExclusion() throws {
        let prefixed = try search("constr*", course: "cs193p", lecture: 9)
        XCTAssertEqual(prefixed.total, 2)
        XCTAssertEqual(Set(prefixed.hits.map(\.kind.rawValue)), ["caption", "transcript"])
        XCTAssertEqual(try search("ipad OR autolayout").total, 2)
        XCTAssertEqual(try search("magic -constant", course: "cs193p").hits.map(\.cue?.startMs), [2_238_000])
    }

    func testNonSpeechNotesAreNotSearchedAsWords() throws {
        XCTAssertEqual(try search("music").total, 0)
        XCTAssertEqual(try search("laughter").total, 0)
    }

    func testFiltersByCourseAndLecture() throws {
        XCTAssertEqual(try search("magic numbers").total, 2)
        XCTAssertEqual(try search("magic numbers", course: "other").hits.map(\.lectureTitle), ["Elsewhere"])
        XCTAssertEqual(try search("magic", course: "cs193p", lecture: 10).total, 0)
        XCTAssertEqual(try search("magic", course: "nope").total, 0)
        XCTAssertEqual(try search("magic", course: "cs193p", lecture: 99).total, 0)
    }

    func testTranscriptHitsLinkToTheirSection() throws {
        let results = try search("priorities")
        XCTAssertEqual(results.hits.map(\.kind), [.transcript])
        XCTAssertEqual(results.hits.first?.url, "/courses/cs193p/lectures/9#constraint-priorities")
        XCTAssertNil(results.hits.first?.cue)
        XCTAssertTrue(results.hits.first?.snippet.marked.contains("<mark>priorities</mark>") ?? false)
    }

    func testPaginationCoversEveryHitOnce() throws {
        let all = try search("magic OR constraints OR числа")
        XCTAssertEqual(all.total, all.hits.count)
        var paged: [String] = []
        for offset in stride(from: 0, to: all.total, by: 2) {
            let page = try search("magic OR constraints OR числа", limit: 2, offset: offset)
            XCTAssertEqual(page.total, all.total)
            paged += page.hits.map(\.url)
        }
        XCTAssertEqual(paged, all.hits.map(\.url))
    }

    func testRankingWindowKeepsPaginationCompleteAndTotalExact() throws {
        let count = Search.rankingWindow + 100
        let cues = (0..<count).map { index in
            Cue(start: index * 1_000, end: index * 1_000 + 900,
                text: index == 10 ? "Window." : "Window with a few more words in it, number \(index).")
        }
        try LectureImport.importLecture(LectureContent(number: 1, title: "Many", cues: cues), courseSlug: "window", db)
        let first = try search("window", course: "window", limit: 100)
        XCTAssertEqual(first.total, count)
        XCTAssertEqual(first.hits.first?.cue?.position, 10, "the shortest matching cue ranks first")
        var seen: [Int] = []
        for offset in stride(from: 0, to: count, by: 100) {
            seen += try search("window", course: "window", limit: 100, offset: offset).hits.compactMap(\.cue?.position)
        }
        XCTAssertEqual(seen.count, count)
        XCTAssertEqual(Set(seen).count, count, "every match appears once across the pages")
        XCTAssertEqual(Array(seen.suffix(100)), Array(Search.rankingWindow..<count), "matches past the window follow in order")
    }

    func testSnippetsEscapeTheText() throws {
        let snippet = try XCTUnwrap(search("rules").hits.first?.snippet.marked)
        XCTAssertEqual(snippet, "Autolayout solves this with constraints & <mark>rules</mark> <b>.", "plain text: the HTML module escapes it")
    }

    func testSuggestionComesFromTheIndexVocabulary() throws {
        let results = try search("autolayot")
        XCTAssertEqual(results.total, 0)
        XCTAssertEqual(results.suggestion, "autolayout")
        XCTAssertEqual(try search("magik numbrs").suggestion, "magic numbers")
        XCTAssertNil(try search("magic").suggestion, "a query with hits needs no suggestion")
        XCTAssertNil(try search("zzzzzzzz").suggestion, "nothing close enough")
    }

    func testHostileQueriesNeverFail() throws {
        let hostile = [
            "\"", "\"\"\"", "(", ")", "((magic", "magic)", "NEAR(magic numbers, 2)", "*", "**", "magic*OR*",
            "-", "- -magic", "OR", "AND OR NOT", "magic:numbers", "exact_text:magic", "{stemmed_text}: magic",
            "^magic", "\u{0}\u{1}\u{7F}", "'; DROP TABLE courses; --", String(repeating: "magic \"(", count: 2_000),
            String(repeating: "x", count: 10_240), "NOT magic", "\u{FEFF}магия*", "🙂 emoji",
        ]
        for query in hostile {
            XCTAssertNoThrow(try search(query), query.debugDescription)
        }
        XCTAssertEqual(try Course.count(db), 2)
    }
}

extension SearchSnippet {
    /// The pieces with `<mark>` around matches and `…` where cut, unescaped: for comparing in tests.
    var marked: String {
        (cutBefore ? "…" : "") + pieces.map { $0.isMatch ? "<mark>\($0.text)</mark>" : $0.text }.joined() + (cutAfter ? "…" : "")
    }
}
