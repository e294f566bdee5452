import Foundation
@testable import LecternApp
import Store
import XCTest

/// The Canvas and Moodle gradebook files, checked against the column layouts those systems import.
final class LMSExportTests: XCTestCase {
    func testCanvasAndMoodleFilesHaveTheirColumnsAndScoreFormats() async throws {
        let fixture = try await CourseworkFixture()
        _ = try fixture.submit(.studentA, try CourseworkFixture.reference())
        let canvas = try fixture.send(.instructor, "GET", "/api/courses/cs193p/gradebook/canvas.csv")
        let moodle = try fixture.send(.instructor, "GET", "/api/courses/cs193p/gradebook/moodle.csv")
        let student = try fixture.send(.studentA, "GET", "/api/courses/cs193p/gradebook/canvas.csv")
        await fixture.stop()

        XCTAssertEqual(canvas.status, 200)
        XCTAssertEqual(canvas.header("Content-Type"), "text/csv; charset=utf-8")
        // Canvas: the five identity columns, one column per assignment, and the Points Possible row.
        XCTAssertEqual(canvas.text, "Student,ID,SIS User ID,SIS Login ID,Section,Stuck to the corners\r\n"
                       + "    Points Possible,,,,,100\r\n"
                       + "Alice Liddell,,,alice,,100\r\n"
                       + "Bob,,,bob,,\r\n")
        // Moodle: identity columns, items titled as Moodle's export titles real items, two decimals.
        XCTAssertEqual(moodle.text, "First name,Last name,Username,Email address,Stuck to the corners (Real),Course total (Real)\r\n"
                       + "Alice,Liddell,alice,,100.00,100.00\r\n"
                       + "Bob,,bob,,,0.00\r\n")
        for file in [canvas.text, moodle.text] {
            let records = try StrictCSV.parse(file)
            XCTAssertEqual(Set(records.map(\.fields.count)).count, 1, "every row has every column")
        }
        XCTAssertEqual(student.status, 403)
    }

    func testScoreFormatsAndNames() {
        XCTAssertEqual(LMSGradebookExport.canvasNumber(6.666), "6.67")
        XCTAssertEqual(LMSGradebookExport.canvasNumber(80), "80")
        XCTAssertEqual(LMSGradebookExport.moodleNumber(6.5), "6.50")
        XCTAssertEqual(LMSGradebookExport.moodleNumber(0), "0.00")
        XCTAssertEqual(LMSGradebookExport.names("Ada King Lovelace").first, "Ada King")
        XCTAssertEqual(LMSGradebookExport.names("Ada King Lovelace").last, "Lovelace")
        XCTAssertEqual(LMSGradebookExport.names("Prince").last, "")
    }
}
