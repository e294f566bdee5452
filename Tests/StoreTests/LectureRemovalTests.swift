import Captions
import SQLite
import Store
import XCTest

final class LectureRemovalTests: XCTestCase {
    private var db: Connection!
    private var courseID: Int64 = 0

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try Schema.migrate(db)
        let doomed = LectureContent(number: 3, title: "Zeppelins", cues: [
            Cue(start: 0, end: 2_000, text: "The zeppelin floats."),
            Cue(start: 2_000, end: 4_000, text: "[laughter] A second zeppelin."),
        ], transcript: try Transcript(markdown: "Intro.\n\n# Airships\n\nEvery zeppelin is an airship.\n"))
        let kept = LectureContent(number: 4, title: "Quokkas", cues: [Cue(start: 0, end: 1_000, text: "A quokka smiles.")])
        courseID = try LectureImport.importLecture(doomed, courseSlug: "ios", db).lecture.courseID
        try LectureImport.importLecture(kept, courseSlug: "ios", db)
    }

    private func total(_ query: String) throws -> Int {
        try Search.run(SearchRequest(query: query), db).total
    }

    func testDeletingALectureRemovesItsRowsAndItsSearchIndexEntries() throws {
        XCTAssertEqual(try total("zeppelin"), 3, "two cues and one transcript section")
        XCTAssertEqual(try Search.run(SearchRequest(query: "zeppelln"), db).suggestion, "zeppelin")

        let deleted = try XCTUnwrap(try Lecture.delete(courseID: courseID, number: 3, db))
        XCTAssertEqual(deleted.title, "Zeppelins")
        XCTAssertNil(try Lecture.find(courseID: courseID, number: 3, db))
        XCTAssertEqual(try CaptionCue.all(lectureID: deleted.id, db), [])
        XCTAssertEqual(try LectureSection.all(lectureID: deleted.id, db), [])
        XCTAssertEqual(try total("zeppelin"), 0)
        XCTAssertEqual(try total("airship"), 0)
        XCTAssertNil(try Search.run(SearchRequest(query: "zeppelln"), db).suggestion, "the word left the vocabulary")
        XCTAssertEqual(try total("quokka"), 1, "the other lecture is untouched")
        // The indexes agree with their content tables (rank 1: compared row by row with the content).
        for index in ["caption_cue_search", "transcript_section_search", "lecture_term_search"] {
            try db.execute(sql: "INSERT INTO \(index) (\(index), rank) VALUES ('integrity-check', 1)")
        }
    }

    func testDeletingAMissingLectureChangesNothing() throws {
        XCTAssertNil(try Lecture.delete(courseID: courseID, number: 99, db))
        XCTAssertEqual(try Lecture.all(courseID: courseID, db).map(\.number), [3, 4])
    }
}
