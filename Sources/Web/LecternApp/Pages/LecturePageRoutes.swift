import HTML
import HTTPServer
import SQLite
import Store

/// The reading pages: `GET /courses`, `/courses/:course`, `/courses/:course/lectures/:number[?t=SECONDS]`
/// and `/search?q=…&course=…&lecture=…&offset=…`. Public; the header shows who is signed in.
struct LecturePageRoutes: Controller {
    let database: DatabasePool

    init(_ context: AppContext) { database = context.database }

    // A broken or unknown credential only means "not signed in" on these pages.
    func addRoutes(to router: Router) {
        router.get("/courses", use: courses)
        router.get("/courses/:course", use: course)
        router.get("/courses/:course/lectures/:number", use: lecture)
        router.get("/search", use: search)
    }

    /// Every course; an admin also gets the form that creates one.
    func courses(_ request: Request, context: AppRequestContext) async throws -> Response {
        let courses = try await database.read { db in try Course.all(db) }
        let principal = try? await context.optionalPrincipal
        return CoursePages.Index.response(courses, userArea: UserArea(principal),
                                creator: principal?.user.isAdmin == true ? principal : nil)
    }

    /// A course's lectures and exercises; a student's progress, an instructor's overview.
    func course(_ request: Request, context: AppRequestContext) async throws -> Response {
        let slug = try context.parameters.require("course")
        let (course, lectures, allExercises) = try await database.read { db in
            let course = try CatalogLookup.course(slug, db)
            return (course, try Lecture.all(courseID: course.id, db), try ExerciseRecord.all(courseID: course.id, db))
        }
        let principal = try? await context.optionalPrincipal
        // Instructors get a link to the gradebook; anybody else (members or not) just the course.
        let teaches = await Self.teaches(slug, principal, database)
        let courseID = course.id
        let (exercises, progress, overview) = try await database.read { db in
            let isStudent = try principal.map { try User.role(userID: $0.user.id, courseID: courseID, db) == .student } ?? false
            let visible = try ExerciseVisibility.visible(allExercises, courseID: courseID, isStaff: teaches, db)
            return (visible,
                    isStudent ? try principal.map { try MyProgress.load(userID: $0.user.id, courseID: courseID, exercises: visible, db) } : nil,
                    teaches ? try AnalyticsService.course(courseID, db) : [])
        }
        return CoursePages.Home.response(course, lectures: lectures, exercises: exercises, showsGradebook: teaches,
                                userArea: UserArea(principal), progress: progress, overview: overview)
    }

    /// A lecture with its transcript and captions; its instructors also get the cue editor.
    func lecture(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (course, lecture) = try await CatalogLookup.lecture(context.parameters, database)
        let (sections, cues, all, languages, chapters) = try await database.read { db in
            (try LectureSection.all(lectureID: lecture.id, db), try CaptionCue.all(lectureID: lecture.id, db),
             try Lecture.all(courseID: course.id, db), try CaptionTrack.languages(lectureID: lecture.id, db),
             try LectureChapter.all(lectureID: lecture.id, db))
        }
        let linkedSecond = request.query["t"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
        let principal = try? await context.optionalPrincipal
        let teaches = await Self.teaches(course.slug, principal, database)
        let position = all.firstIndex { $0.number == lecture.number }
        let neighbours = LecturePage.Neighbours(
            previous: position.flatMap { $0 > 0 ? all[$0 - 1] : nil },
            next: position.flatMap { $0 + 1 < all.count ? all[$0 + 1] : nil })
        var cueEditor: CueEditForm?
        if let principal, teaches, !cues.isEmpty {
            let linked = linkedSecond.flatMap { LecturePage.linkedCueIndex(second: $0, in: cues) }.map { cues[$0] }
            cueEditor = CueEditForm(linked, course: course, lecture: lecture, principal: principal)
        }
        return LecturePage.response(course: course, lecture: lecture, sections: sections, cues: cues,
                                    linkedSecond: linkedSecond, neighbours: neighbours, canEdit: teaches, languages: languages,
                                    chapters: chapters,
                                    userArea: UserArea(principal), cueEditor: cueEditor)
    }

    /// The search page.
    func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = try SearchParameters(request.query)
        let search = parameters.request
        let (courses, results) = try await database.read { db in
            (try Course.all(db), search.query.isEmpty ? nil : try Search.run(search, db))
        }
        return SearchPage.response(search, results: results, courses: courses, userArea: UserArea(try? await context.optionalPrincipal))
    }

    /// Whether the signed-in user teaches the course (instructors and admins).
    private static func teaches(_ slug: String, _ principal: Principal?, _ database: DatabasePool) async -> Bool {
        guard let principal else { return false }
        return (try? await CourseAccess.resolve(courseSlug: slug, principal: principal, database: database))?.isStaff ?? false
    }
}
