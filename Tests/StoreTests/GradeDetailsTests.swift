import Foundation
import SQLite
import Store
import XCTest

/// Reading grades back as typed rows: in order, whole, many at once, and never a silent partial grade.
final class GradeDetailsTests: XCTestCase {
    func testManyGradesReadInBatchesEachWhole() throws {
        let db = try Connection(path: ":memory:")
        try Schema.migrate(db)
        let course = try Course.insert(NewCourse(slug: "c", title: "C"), db)
        try ExerciseRecord.upsert(courseID: course.id, ExerciseDefinition(slug: "e", title: "E", kind: "layout", position: 0,
                                                                          version: "v1", points: 3, definitionJSON: "{}"), db)
        let exercise = try XCTUnwrap(ExerciseRecord.find(courseID: course.id, slug: "e", db))
        let user = try User.insert(NewUser(username: "u"), passwordHash: nil, db)
        var expected: [Int64: [StoredCheck]] = [:]
        for index in 0..<1_203 {
            let checks = (0..<(index % 4)).map { StoredCheck(name: "check \($0)", passed: ($0 + index) % 2 == 0, points: Double($0), message: "#\(index)") }
            let grade = StoredGrade(exerciseVersion: "v1", graderVersion: "g", score: 1, maxScore: 3, checks: checks,
                                    diagnostics: index % 5 == 0 ? ["1:1: problem \(index)"] : [])
            let stored = try SubmissionRecord.insert(userID: user.id, exerciseID: exercise.id, text: "t", normalizedHash: "h\(index)",
                                                     grade: grade, latePenalty: 0, db)
            expected[stored.id] = checks
        }
        let ids = expected.keys.sorted()
        let read = try GradeDetails.all(submissionIDs: ids.reversed() + [ids[0]], db)
        XCTAssertEqual(read.count, ids.count, "every grade once, past the batch size of \(GradeDetails.batchSize)")
        for id in ids { XCTAssertEqual(try read[id]?.get().checks, expected[id], "submission \(id)") }
        XCTAssertEqual(try read[ids[5]]?.get().diagnostics, [StoredDiagnostic("1:1: problem 5")])

        try db.execute(sql: "DELETE FROM grade_checks WHERE submission_id = ? AND position = 2", arguments: [ids[3]])
        let after = try GradeDetails.all(submissionIDs: [ids[3], ids[7]], db)
        XCTAssertThrowsError(try after[ids[3]]?.get(), "2 of 3 checks is not a grade with 2 checks")
        XCTAssertEqual(try after[ids[7]]?.get().checks, expected[ids[7]], "one unreadable grade does not hide the others")
        XCTAssertEqual(try GradeDetails.all(submissionIDs: [], db).count, 0)
        XCTAssertThrowsError(try GradeDetails.find(submissionID: 999_999, db), "no such submission")
    }
}
