import Foundation
import SQLite
import Store
import XCTest

final class CourseTests: XCTestCase {
    private var db: Connection!

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try Schema.migrate(db)
    }

    func testInsertFindAndListInSlugOrder() throws {
        let created = Date(timeIntervalSince1970: 1_380_585_600)
        let inserted = try Course.insert(NewCourse(slug: "physics-2", title: "Physics Ⅱ", summary: "Forces"), at: created, db)
        try Course.insert(NewCourse(slug: "algebra", title: "Algebra"), db)
        XCTAssertEqual(try Course.find(slug: "physics-2", db), inserted)
        XCTAssertEqual(try Course.find(id: inserted.id, db)?.createdAt, created)
        XCTAssertNil(try Course.find(slug: "nope", db))
        XCTAssertEqual(try Course.all(db).map(\.slug), ["algebra", "physics-2"])
        XCTAssertEqual(try Course.count(db), 2)
    }

    func testInvalidOrDuplicateCoursesAreRefusedWithTheField() throws {
        try Course.insert(NewCourse(slug: "dup", title: "First"), db)
        let attempts: [(NewCourse, String)] = [
            (NewCourse(slug: "dup", title: "Second"), "slug"),
            (NewCourse(slug: "Has Spaces", title: "t"), "slug"),
            (NewCourse(slug: "", title: "t"), "slug"),
            (NewCourse(slug: String(repeating: "a", count: 65), title: "t"), "slug"),
            (NewCourse(slug: "ok", title: ""), "title"),
        ]
        for (course, field) in attempts {
            XCTAssertThrowsError(try Course.insert(course, db), course.slug) { error in
                XCTAssertEqual((error as? ValidationError)?.field, field, "\(error)")
            }
        }
        XCTAssertEqual(try Course.count(db), 1)
    }

    func testSampleCourseIsSeededOnlyIntoAnEmptyDatabase() throws {
        let sample = NewCourse(slug: SampleCourse.slug, title: "Sample", summary: "From course.json")
        let seeded = try XCTUnwrap(SampleCourse.seedIfEmpty(db, course: sample))
        XCTAssertEqual(seeded.slug, "cs193p")
        XCTAssertEqual(seeded.title, "Sample")
        XCTAssertNil(try SampleCourse.seedIfEmpty(db, course: sample))
        XCTAssertEqual(try Course.all(db).map(\.slug), ["cs193p"])

        let other = try Connection(path: ":memory:")
        try Schema.migrate(other)
        try Course.insert(NewCourse(slug: "mine", title: "Mine"), other)
        XCTAssertNil(try SampleCourse.seedIfEmpty(other, course: sample), "an installation that has courses keeps them as they are")
    }
}
