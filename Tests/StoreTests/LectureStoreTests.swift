import Captions
import Foundation
import SQLite
import Store
import XCTest

final class LectureStoreTests: XCTestCase {
    private var db: Connection!

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try Schema.migrate(db)
    }

    private let transcript = """
        Opening words before any heading.

        # Magic numbers

        A constant such as `-60` is a *magic number*.

        ```swift
        // # not a heading inside a fence
        let x = 1
        ```

        ## Multipliers

        Fig. 2. Offsets that scale.
        """

    private func lecture(number: Int = 9, title: String = "Auto Layout", cues: [Cue]) throws -> LectureContent {
        LectureContent(number: number, title: title, date: "2026-10-22", videoURL: nil, cues: cues,
                       transcript: try Transcript(markdown: transcript))
    }

    private let cues = [
        Cue(start: 0, end: 3_000, text: "[ Music ]"),
        Cue(start: 3_000, end: 7_000, text: "Welcome back, today: magic numbers.", speakerChange: true),
        Cue(start: 7_000, end: 9_000, text: "Constraints are rules."),
    ]

    func testTranscriptSectionsKeepTheirOwnMarkdown() throws {
        let parsed = try Transcript(markdown: transcript)
        XCTAssertEqual(parsed.sections.map(\.id), ["intro", "magic-numbers", "multipliers"])
        XCTAssertEqual(parsed.sections[0].markdown.trimmingCharacters(in: .whitespacesAndNewlines), "Opening words before any heading.")
        XCTAssertTrue(parsed.sections[1].markdown.contains("// # not a heading inside a fence"))
        for section in parsed.sections {
            XCTAssertEqual(try MarkdownParser.parse(section.markdown), section.blocks, section.id)
        }
    }

    func testImportCreatesTheCourseAndStoresEverythingInOrder() throws {
        let result = try LectureImport.importLecture(try lecture(cues: cues), courseSlug: "ios", db)
        XCTAssertFalse(result.replaced)
        XCTAssertEqual(result.lecture.cueCount, 3)
        XCTAssertEqual(result.lecture.sectionCount, 3)
        let course = try XCTUnwrap(Course.find(slug: "ios", db))
        XCTAssertEqual(try Lecture.all(courseID: course.id, db).map(\.number), [9])
        let stored = try CaptionCue.all(lectureID: result.lecture.id, db)
        XCTAssertEqual(stored.map(\.startMs), [0, 3_000, 7_000])
        XCTAssertEqual(stored.map(\.nonSpeech), [true, false, false])
        XCTAssertEqual(stored.map(\.speakerChange), [false, true, false])
        XCTAssertEqual(stored[1].timestamp, "0:03")
        let sections = try LectureSection.all(lectureID: result.lecture.id, db)
        XCTAssertEqual(sections.map(\.level), [0, 1, 2])
        XCTAssertEqual(try sections[1].blocks(), try Transcript(markdown: transcript).sections[1].blocks)
    }

    func testReimportReplacesTheLectureAndItsIndexEntries() throws {
        let first = try LectureImport.importLecture(try lecture(cues: cues), courseSlug: "ios", db)
        let replacement = [Cue(start: 1_000, end: 2_000, text: "Completely different words.")]
        let second = try LectureImport.importLecture(try lecture(title: "Renamed", cues: replacement), courseSlug: "ios", db)
        XCTAssertTrue(second.replaced)
        XCTAssertEqual(second.lecture.id, first.lecture.id)
        XCTAssertEqual(second.lecture.title, "Renamed")
        XCTAssertEqual(try CaptionCue.all(lectureID: second.lecture.id, db).map(\.text), ["Completely different words."])
        XCTAssertEqual(try Search.run(SearchRequest(query: "constraints"), db).hits.filter { $0.kind == .caption }.count, 0)
        XCTAssertEqual(try Search.run(SearchRequest(query: "different"), db).total, 1)
        // The full-text indexes agree with their content tables after delete and re-insert.
        try db.execute(sql: "INSERT INTO caption_cue_search (caption_cue_search) VALUES ('integrity-check')")
        try db.execute(sql: "INSERT INTO transcript_section_search (transcript_section_search) VALUES ('integrity-check')")
    }

    func testInvalidLecturesAreRefusedWithTheFieldAndNothingIsStored() throws {
        let attempts: [(LectureContent, String)] = [
            (LectureContent(number: -1, title: "t"), "number"),
            (LectureContent(number: 1, title: ""), "title"),
            (LectureContent(number: 1, title: "t", date: "22.10.2026"), "date"),
            (LectureContent(number: 1, title: "t", videoURL: "javascript:alert(1)"), "video"),
        ]
        for (content, field) in attempts {
            XCTAssertThrowsError(try LectureImport.importLecture(content, courseSlug: "ios", db)) { error in
                XCTAssertEqual((error as? ValidationError)?.field, field, "\(error)")
            }
        }
        XCTAssertEqual(try Course.count(db), 0)
    }

    func testSampleSeedingStoresTheGivenCourseAndLecturesOnce() throws {
        let course = NewCourse(slug: "cs193p", title: "From the manifest", summary: "Description")
        let seeded = try XCTUnwrap(SampleCourse.seedIfEmpty(db, course: course, lectures: [try lecture(cues: cues)]))
        XCTAssertEqual(seeded.title, "From the manifest")
        XCTAssertEqual(try Lecture.all(courseID: seeded.id, db).map(\.cueCount), [3])
        XCTAssertNil(try SampleCourse.seedIfEmpty(db, course: course, lectures: []))
    }

    func testManifestIsReadWithPathsInErrors() throws {
        let manifest = try CourseManifest(json: """
            {"slug": "cs193p", "title": "T", "description": "D", "lectures": [
              {"number": 8, "title": "A", "date": "2026-10-20", "video": null, "captions": "l8/c.vtt", "transcript": null}]}
            """)
        XCTAssertEqual(manifest.course, NewCourse(slug: "cs193p", title: "T", summary: "D"))
        XCTAssertEqual(manifest.lectures.first?.captionsPath, "l8/c.vtt")
        XCTAssertNil(manifest.lectures.first?.transcriptPath)

        let bad = [
            (#"{"slug": "cs193p", "title": "T", "lectures": [{"number": 1, "title": "A", "captions": "../x"}]}"#, "$.lectures[0].captions"),
            (#"{"slug": "cs193p", "title": "T", "lectures": [{"number": 1, "title": "A"}, {"number": 1, "title": "B"}]}"#, "$.lectures[1].number"),
            (#"{"slug": "Bad Slug", "title": "T", "lectures": []}"#, "$.slug"),
            (#"{"slug": "a", "title": "T", "lectures": [], "extra": 1}"#, "extra"),
        ]
        for (json, path) in bad {
            XCTAssertThrowsError(try CourseManifest(json: json), json) { error in
                XCTAssertTrue("\(error)".contains(path), "\(error) should name \(path)")
            }
        }
    }
}
