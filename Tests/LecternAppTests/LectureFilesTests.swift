import Foundation
import LecternApp
import SQLite
import Store
import XCTest

/// Reading lecture files and course directories, and importing them as `lectern import lecture` does.
final class LectureFilesTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "lectern-lecture-files-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testSampleCourseDirectoryReadsWithSkippedChrome() throws {
        let (course, lectures) = try LectureFiles.course(directory: SampleContent.coursesDirectory + "/cs193p")
        XCTAssertEqual(course.title, try SampleContent.manifestTitle())
        XCTAssertEqual(lectures.map(\.content.number), [8, 9, 10])
        XCTAssertEqual(lectures.map { $0.captionFormat?.rawValue }, ["webVTT", "plain", "srt"])
        let plain = lectures[1]
        XCTAssertEqual(plain.skippedLines.first?.line, 1, "the page title before the first timestamp is skipped")
        XCTAssertTrue(plain.skippedLines.allSatisfy { !$0.text.isEmpty })
        XCTAssertTrue(plain.summary.hasPrefix("lecture 9 \"Auto Layout: rules instead of numbers\": "), plain.summary)
        XCTAssertTrue(plain.summary.contains("\(plain.content.cues.count) cues (plain, \(plain.skippedLines.count) lines skipped)"))
    }

    func testImportIsIdempotent() throws {
        let sample = SampleContent.coursesDirectory + "/cs193p/lecture-10"
        let loaded = try LectureFiles.lecture(number: 10, title: "By example", captionsPath: sample + "/captions.srt",
                                              transcriptPath: sample + "/transcript.md")
        let db = try Connection(path: directory + "/import.sqlite")
        try Schema.migrate(db)
        let first = try LectureImport.importLecture(loaded.content, courseSlug: "demo", db)
        let snapshot = try db.fetchAll(sql: "SELECT position, start_ms, end_ms, text FROM caption_cues ORDER BY position")
        let second = try LectureImport.importLecture(loaded.content, courseSlug: "demo", db)
        XCTAssertFalse(first.replaced)
        XCTAssertTrue(second.replaced)
        XCTAssertEqual(first.lecture.cueCount, second.lecture.cueCount)
        XCTAssertEqual(try db.fetchAll(sql: "SELECT position, start_ms, end_ms, text FROM caption_cues ORDER BY position"), snapshot)
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM lectures"), 1)
    }

    func testUnreadableFilesNameTheFileAndLine() throws {
        let captions = directory + "/broken.srt"
        try Data("1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\nnot a timing line\ntext\n".utf8).write(to: URL(fileURLWithPath: captions))
        XCTAssertThrowsError(try LectureFiles.lecture(number: 1, title: "t", captionsPath: captions, transcriptPath: nil)) { error in
            XCTAssertTrue("\(error)".hasPrefix(captions + ": line "), "\(error)")
        }
        XCTAssertThrowsError(try LectureFiles.lecture(number: 1, title: "t", captionsPath: directory + "/missing.vtt",
                                                      transcriptPath: nil)) { error in
            XCTAssertTrue("\(error)".contains("missing.vtt"), "\(error)")
        }
        try Data(#"{"slug": "x", "title": "T", "lectures": [{"number": 1}]}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/course.json"))
        XCTAssertThrowsError(try LectureFiles.course(directory: directory)) { error in
            XCTAssertTrue("\(error)".contains("course.json") && "\(error)".contains("$.lectures[0]"), "\(error)")
        }
    }
}
