import Captions
import SQLite
import Store
import XCTest

/// Caption tracks, corrections and joined words in the store, and the upgrade that adds tracks.
final class CaptionCorrectionStoreTests: XCTestCase {
    private var db: Connection!

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try Schema.migrate(db)
    }

    private func cues(_ texts: [String]) -> [Cue] {
        texts.enumerated().map { index, text in Cue(start: index * 2_000, end: index * 2_000 + 1_500, text: text) }
    }

    private func total(_ query: String, language: String? = nil) throws -> Int {
        try Search.run(SearchRequest(query: query, language: language), db).total
    }

    func testUpgradeKeepsCuesAndTheirIndexAsAnEnglishMainTrack() throws {
        let upgraded = try Connection(path: ":memory:")
        try Migrator(Array(Schema.migrations.prefix { $0.name < "0010" })).migrate(upgraded)
        try upgraded.execute(sql: "INSERT INTO courses (slug, title, created_at) VALUES ('c', 'c', 0)")
        try upgraded.execute(sql: "INSERT INTO lectures (course_id, number, title, updated_at) VALUES (1, 1, 'Old', 0)")
        try upgraded.execute(sql: """
            INSERT INTO caption_cues (id, lecture_id, position, start_ms, end_ms, text, stemmed_text)
            VALUES (41, 1, 0, 0, 1000, 'Springs bounce.', ?)
            """, arguments: [Stemmer.stemmedText("Springs bounce.")])
        XCTAssertEqual(try Schema.migrate(upgraded).first, "0010-caption-tracks")
        db = upgraded
        let stored = try CaptionCue.all(lectureID: 1, db)
        XCTAssertEqual(stored.map(\.id), [41])
        XCTAssertEqual(stored.map(\.language), ["en"])
        XCTAssertEqual(try total("spring"), 1)
        try db.execute(sql: "UPDATE caption_cues SET text = 'Gravity pulls.', stemmed_text = 'graviti pull' WHERE id = 41")
        XCTAssertEqual(try total("spring"), 0, "the rebuilt table's triggers keep the index current")
        XCTAssertEqual(try total("gravity"), 1)
        try db.execute(sql: "INSERT INTO caption_cue_search (caption_cue_search, rank) VALUES ('integrity-check', 1)")
    }

    func testJoinedAndSplitWordsFindEachOther() throws {
        try LectureImport.importLecture(LectureContent(number: 1, title: "One", cues: cues([
            "Auto Layout places the views.", "Then autolayout runs again.", "A car on auto pilot.",
        ])), courseSlug: "c", db)
        XCTAssertEqual(try total("autolayout"), 2, "the joined word finds the split words")
        XCTAssertEqual(try total("auto layout"), 2, "the split words find the joined word")
        XCTAssertEqual(try total("\"auto layout\""), 1, "a phrase stays exact")
    }

    func testTracksAreSearchedByLanguage() throws {
        let lecture = try LectureImport.importLecture(LectureContent(number: 1, title: "One", cues: cues(["Gravity pulls."])),
                                                      courseSlug: "c", db).lecture
        try CaptionTrack.store(cues(["La gravedad tira."]), language: "es", lectureID: lecture.id, db)
        XCTAssertEqual(try CaptionTrack.languages(lectureID: lecture.id, db), ["en", "es"])
        XCTAssertEqual(try total("gravedad"), 1)
        XCTAssertEqual(try total("gravedad", language: "en"), 0)
        XCTAssertEqual(try total("gravedad", language: "es"), 1)
        XCTAssertEqual(try CaptionCue.all(lectureID: lecture.id, db).map(\.text), ["Gravity pulls."], "the main track")
        XCTAssertThrowsError(try CaptionTrack.store([], language: "not a tag", lectureID: lecture.id, db))
        // Re-importing the lecture replaces its main track and keeps the other.
        try LectureImport.importLecture(LectureContent(number: 1, title: "One", cues: cues(["Gravity still pulls."])),
                                        courseSlug: "c", db)
        XCTAssertEqual(try CaptionTrack.languages(lectureID: lecture.id, db), ["en", "es"])
    }

    func testACorrectionIsFoundAtOnceAndLearnedByDidYouMean() throws {
        let lecture = try LectureImport.importLecture(LectureContent(number: 1, title: "One", cues: cues([
            "The Cassawary solver.", "Constraints.",
        ])), courseSlug: "c", db).lecture
        XCTAssertEqual(try total("cassowary"), 0)
        let changed = try XCTUnwrap(CaptionEdit.correct(lectureID: lecture.id, language: "en", position: 0,
                                                        text: "The Cassowary solver.", startMs: nil, endMs: nil, db))
        XCTAssertEqual(changed.before.text, "The Cassawary solver.")
        XCTAssertEqual(try total("cassowary"), 1)
        XCTAssertEqual(try total("cassawary"), 0)
        XCTAssertEqual(try Search.run(SearchRequest(query: "cassowory"), db).suggestion, "cassowary")
        XCTAssertThrowsError(try CaptionEdit.correct(lectureID: lecture.id, language: "en", position: 0, text: nil,
                                                     startMs: 5_000, endMs: nil, db), "may not pass the next cue")
    }

    func testFindAndReplacePreviewsThenChangesWholeWords() throws {
        try LectureImport.importLecture(LectureContent(number: 1, title: "One", cues: cues([
            "cassawary and Cassawary", "Cassawaryish stays", "nothing here",
        ])), courseSlug: "c", db)
        let course = try XCTUnwrap(Course.find(slug: "c", db))
        let request = CaptionEdit.ReplaceRequest(find: "Cassawary", replacement: "Cassowary")
        let preview = try CaptionEdit.previewReplace(request, courseID: course.id, db)
        XCTAssertEqual(preview.map(\.after), ["Cassowary and Cassowary"])
        XCTAssertEqual(preview.map(\.count), [2])
        XCTAssertEqual(try total("cassowary"), 0, "a preview changes nothing")
        XCTAssertEqual(try CaptionEdit.replace(request, courseID: course.id, db), preview)
        XCTAssertEqual(try total("cassowary"), 1)
    }
}
