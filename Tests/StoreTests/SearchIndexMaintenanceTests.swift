import Captions
import SQLite
import Store
import XCTest

/// The caption index stays exactly in step with the cues when imports move a lecture's cues in through
/// the staging table, also across the upgrade to migration 0007, and prefix queries find what a prefix
/// scan of the index finds.
final class SearchIndexMaintenanceTests: XCTestCase {
    private var db: Connection!

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try Schema.migrate(db)
    }

    private func cues(_ texts: [String]) -> [Cue] {
        texts.enumerated().map { index, text in Cue(start: index * 2_000, end: index * 2_000 + 1_500, text: text) }
    }

    /// Fails (SQLITE_CORRUPT) when the index holds a row twice, misses one, or disagrees with the cue text.
    private func checkIndexMatchesContent() throws {
        try db.execute(sql: "INSERT INTO caption_cue_search (caption_cue_search, rank) VALUES ('integrity-check', 1)")
        try db.execute(sql: "INSERT INTO transcript_section_search (transcript_section_search, rank) VALUES ('integrity-check', 1)")
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM caption_cue_search_docsize"),
                       try db.fetchValue(Int.self, sql: "SELECT count(*) FROM caption_cues"))
    }

    private func total(_ query: String) throws -> Int {
        try Search.run(SearchRequest(query: query), db).total
    }

    func testImportsReimportsAndDeletesKeepTheIndexExact() throws {
        try LectureImport.importLecture(LectureContent(number: 1, title: "One", cues: cues(["Springs bounce.", "Gravity pulls."])),
                                        courseSlug: "c", db)
        try LectureImport.importLecture(LectureContent(number: 2, title: "Two", cues: cues(["Stack views align."])),
                                        courseSlug: "c", db)
        try checkIndexMatchesContent()

        try LectureImport.importLecture(LectureContent(number: 1, title: "One", cues: cues(["Ёлка collisions.", "[ Music ]"])),
                                        courseSlug: "c", db)
        try checkIndexMatchesContent()
        XCTAssertEqual(try total("springs"), 0, "the replaced cues are gone from the index")
        XCTAssertEqual(try total("collision"), 1)
        XCTAssertEqual(try total("\"елка\""), 1, "exact text is indexed with ё folded")

        try db.execute(sql: "DELETE FROM lectures WHERE number = 2")
        try checkIndexMatchesContent()
        XCTAssertEqual(try total("stack"), 0)
    }

    func testAFailedImportLeavesNothingForTheNextOne() throws {
        let backwards = LectureContent(number: 1, title: "Broken", cues: cues(["Fine so far."])
            + [Cue(start: -1_000, end: 0, text: "Starts before the recording.")])
        XCTAssertThrowsError(try LectureImport.importLecture(backwards, courseSlug: "c", db))
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM caption_cues"), 0)

        try LectureImport.importLecture(LectureContent(number: 1, title: "Fixed", cues: cues(["Springs bounce."])),
                                        courseSlug: "c", db)
        try checkIndexMatchesContent()
        XCTAssertEqual(try db.fetchAll(sql: "SELECT text FROM caption_cues ORDER BY id").map { row -> String in try row.get(0) },
                       ["Springs bounce."], "no row of the failed import is left over")
        XCTAssertEqual(try total("fine"), 0)
        XCTAssertEqual(try total("springs"), 1)
    }

    func testUpgradeMergesEightSegmentsAtATimeAndKeepsTheIndex() throws {
        let upgraded = try Connection(path: ":memory:")
        try Migrator(Array(Schema.migrations.prefix { $0.name < "0007" })).migrate(upgraded)
        // A lecture stored as the schema of that time stored it.
        try upgraded.execute(sql: "INSERT INTO courses (slug, title, created_at) VALUES ('c', 'c', 0)")
        try upgraded.execute(sql: "INSERT INTO lectures (course_id, number, title, updated_at) VALUES (1, 1, 'Old', 0)")
        try upgraded.execute(sql: """
            INSERT INTO caption_cues (lecture_id, position, start_ms, end_ms, text, stemmed_text)
            VALUES (1, 0, 0, 1000, 'Keyframes animate layers.', ?)
            """, arguments: [Stemmer.stemmedText("Keyframes animate layers.")])
        try upgraded.execute(sql: "INSERT INTO lecture_terms (lecture_id, terms) VALUES (1, 'animate keyframes layers')")
        func automerge() throws -> Int? {
            try upgraded.fetchValue(Int.self, sql: "SELECT v FROM caption_cue_search_config WHERE k = 'automerge'")
        }
        XCTAssertNil(try automerge(), "FTS5's default before the upgrade")

        XCTAssertEqual(try Schema.migrate(upgraded), Array(Schema.migrations.map(\.name).drop { $0 < "0007" }))
        XCTAssertEqual(try automerge(), 8)
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT v FROM caption_cue_search_config WHERE k = 'automerge'"), 8,
                       "a new database gets the same setting")
        db = upgraded
        try LectureImport.importLecture(LectureContent(number: 2, title: "New", cues: cues(["Layers and keyframes."])),
                                        courseSlug: "c", db)
        try checkIndexMatchesContent()
        XCTAssertEqual(try total("keyframes"), 2, "cues indexed before and after the upgrade are found")
    }

    func testPrefixesFindWhatAPrefixScanOfTheIndexFinds() throws {
        // "zet…" begins more words than a query expands, so it stays a prefix scan.
        let many = (0..<20).map { "zet" + String(UnicodeScalar(UInt8(97 + $0))) + "x" }
        try LectureImport.importLecture(LectureContent(number: 1, title: "Words", cues: cues([
            "Constraints and a constraint.", "Constructors construct.", "Animation, animator, animate!",
            "Magic constraints.", "Magic only.", "[ Constrained music ]", many.joined(separator: " "),
        ])), courseSlug: "c", db)

        for (query, prefix) in [("constr*", "constr"), ("anim*", "anim"), ("zet*", "zet"), ("x*", "x")] {
            let scanned = try db.fetchAll(sql: """
                SELECT c.position FROM caption_cue_search s JOIN caption_cues c ON c.id = s.rowid
                WHERE caption_cue_search MATCH ? AND c.non_speech = 0 ORDER BY c.position
                """, arguments: ["exact_text : \"\(prefix)\" *"]).map { row -> Int in try row.get(0) }
            let found = try Search.run(SearchRequest(query: query, limit: 100), db).hits.compactMap(\.cue?.position)
            XCTAssertEqual(found.sorted(), scanned, query)
        }
        XCTAssertEqual(try total("zet*"), 1)
        XCTAssertEqual(try total("constr*"), 3, "a bracketed note is not a spoken word")
        XCTAssertEqual(try Search.run(SearchRequest(query: "magic -constr*"), db).hits.map(\.cue?.position), [4])
        XCTAssertEqual(try Search.run(SearchRequest(query: "constr* OR anim*"), db).total, 4)

        let snippet = try XCTUnwrap(Search.run(SearchRequest(query: "constr*"), db).hits.first { $0.cue?.position == 0 }?.snippet.marked)
        XCTAssertEqual(snippet, "<mark>Constraints</mark> and a <mark>constraint</mark>.")
    }
}
