import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// The instructors' gradebook (page, CSV, JSON, drill-downs), regrades and grade verification.
struct GradebookRoutes: Controller {
    let database: DatabasePool
    let regrades: RegradeService
    let resolvers: Resolvers
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        regrades = RegradeService(database: database, library: context.exercises, workers: context.regradeWorkers,
                                  queue: context.gradingQueue)
        resolvers = context.resolvers
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        let staff = router.group(middleware: [guards.staff])
        staff.get("/courses/:course/gradebook", use: page)
        staff.get("/api/courses/:course/gradebook.csv", use: csv)
        staff.get("/api/courses/:course/gradebook", use: json)
        staff.get("/courses/:course/gradebook/students/:username", use: student)
        staff.group(middleware: [guards.exercise]).get("/courses/:course/gradebook/exercises/:slug", use: exercise)
        staff.get("/courses/:course/regrades/:id", use: regradePage)
        // Regrades: start a dry run, look at it, apply or discard it (API and forms).
        router.group(middleware: [guards.staff, CSRFCheck.header, guards.exercise])
            .post("/api/courses/:course/exercises/:slug/regrades", use: startRegrade)
        router.group(middleware: [guards.staff, CSRFCheck.form, guards.exercise])
            .post("/courses/:course/exercises/:slug/regrades", maxBodyBytes: 4096, use: startRegradeForm)
        let staffForms = router.group(middleware: [guards.staff, CSRFCheck.form])
        staffForms.post("/courses/:course/regrades/:id/apply", maxBodyBytes: 4096, use: applyForm)
        staffForms.post("/courses/:course/regrades/:id/discard", maxBodyBytes: 4096, use: discardForm)
        router.group(middleware: [guards.signedIn]).get("/api/regrades/:id", use: regrade)
        let signedInChanges = router.group(middleware: [guards.signedIn, CSRFCheck.header])
        signedInChanges.post("/api/regrades/:id/apply", use: apply)
        signedInChanges.post("/api/regrades/:id/discard", use: discard)
        signedInChanges.post("/api/submissions/:id/verify", use: verify)
    }

    // MARK: The gradebook

    func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        return GradebookPages.Overview.response(access, try await Gradebook.load(access.course, from: database), sort: request.query["sort"], filter: request.query["filter"])
    }

    func csv(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let csv = try await Gradebook.load(access.course, from: database).csv()
        return Response(status: .ok, contentType: "text/csv; charset=utf-8", body: .bytes(Array(csv.utf8)))
            .withHeader("Content-Disposition", "attachment; filename=\"\(access.course.slug)-gradebook.csv\"")
    }

    func json(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let page = try PageRequest(request.query, list: "gradebook", scope: access.course.slug, defaultLimit: 200, maxLimit: 1000)
        let book = try await Gradebook.load(access.course, from: database)
        // Students by username (unique), as `User.members` lists them.
        var rows = book.rows
        if let after = page.cursor?.key { rows.removeAll { $0.student.username <= after } }
        var next: String?
        if rows.count > page.limit {
            rows.removeSubrange(page.limit...)
            if let last = rows.last {
                next = PageRequest.nextLink(request, cursor: Cursor(list: "gradebook", scope: access.course.slug, key: last.student.username))
            }
        }
        return Response.json(capacity: 1024 + rows.count * 512) { json in
            GradebookJSON.write(book, rows: rows, course: access.course.slug, next: next, to: &json)
        }.withNextLink(next)
    }

    func student(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let username = try context.parameters.require("username")
        let courseID = access.course.id
        let found: (User, [ExerciseRecord], [Int64: [SubmissionRecord]])? = try await database.read { db in
            guard let student = try User.find(username: username, db),
                  try User.role(userID: student.id, courseID: courseID, db) != nil else { return nil }
            let exercises = try ExerciseRecord.all(courseID: courseID, db)
            var submissions: [Int64: [SubmissionRecord]] = [:]
            for exercise in exercises {
                submissions[exercise.id] = try SubmissionRecord.all(userID: student.id, exerciseID: exercise.id, db)
            }
            return (student, exercises, submissions)
        }
        guard let (student, exercises, submissions) = found else { throw HTTPError.notFound("No student \(username) in this course.") }
        return GradebookPages.StudentRecord.response(access, student: student, exercises: exercises, submissions: submissions)
    }

    func exercise(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let record = try context.exercise
        let courseID = access.course.id
        let exerciseID = record.id
        let (book, runs) = try await database.read { db in
            (Gradebook.build(students: try User.members(courseID: courseID, role: .student, db), exercises: [record],
                             scores: try SubmissionScore.all(courseID: courseID, db).filter { $0.exerciseID == exerciseID }),
             try RegradeRun.all(exerciseID: exerciseID, db))
        }
        return GradebookPages.ExerciseScores.response(access, exercise: record, book: book, runs: runs)
    }

    // MARK: Regrades

    func startRegrade(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let started = try await regrades.startDryRun(try context.exercise, by: access.principal.user)
        return Response.json(status: .accepted) { json in RegradeJSON.write(started, comparison: nil, to: &json) }
            .withHeader("Location", "/api/regrades/\(started.id)")
    }

    func startRegradeForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let started = try await regrades.startDryRun(try context.exercise, by: access.principal.user)
        return .redirect(to: "/courses/\(access.course.slug)/regrades/\(started.id)")
    }

    func regrade(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (found, _, _) = try await run(try context.parameters.int("id"), of: nil, for: try context.principal)
        let comparison = try await regrades.comparison(run: found)
        return Response.json { json in RegradeJSON.write(found, comparison: comparison, to: &json) }
    }

    func regradePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let (found, record, _) = try await run(try context.parameters.int("id"), of: access, for: access.principal)
        return GradebookPages.RegradeProgress.response(access, run: found, exercise: record, comparison: try await regrades.comparison(run: found))
    }

    func apply(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await finishByAPI(.apply, context)
    }

    func discard(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await finishByAPI(.discard, context)
    }

    func applyForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await finishByForm(.apply, context)
    }

    func discardForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await finishByForm(.discard, context)
    }

    func verify(_ request: Request, context: AppRequestContext) async throws -> Response {
        let principal = try context.principal
        let (content, _) = try await SubmissionAccess.load(id: Int64(try context.parameters.int("id")), for: principal, database: database)
        let (reproduced, recomputed) = try await regrades.verify(content.submission, stored: content.grade, for: principal.user.id)
        return Response.json { json in
            RegradeJSON.verification(content.submission, reproduced: reproduced, recomputed: recomputed, to: &json)
        }
    }

    // MARK: Lookups shared by the handlers

    /// A regrade run (in `access`'s course when given) that `principal` teaches, or 404.
    private func run(_ id: Int, of access: CourseAccess?, for principal: Principal) async throws
        -> (RegradeRun, ExerciseRecord, CourseAccess) {
        let id = Int64(id)
        let found: (RegradeRun, ExerciseRecord, Course)? = try await database.read { db in
            guard let run = try RegradeRun.find(id: id, db), let exercise = try ExerciseRecord.find(id: run.exerciseID, db),
                  let course = try Course.find(id: exercise.courseID, db) else { return nil }
            return (run, exercise, course)
        }
        guard let (run, exercise, course) = found, access == nil || access?.course.id == course.id else {
            throw HTTPError.notFound("No regrade \(id).")
        }
        let resolved = try await resolvers.course(course.slug, for: principal)
        guard resolved.isStaff else { throw HTTPError.notFound("No regrade \(id).") }
        return (run, exercise, resolved)
    }

    /// What finishes a dry run.
    private enum Finish { case apply, discard }

    private func finishByAPI(_ finish: Finish, _ context: AppRequestContext) async throws -> Response {
        let (found, _, access) = try await run(try context.parameters.int("id"), of: nil, for: try context.principal)
        try await perform(finish, found, access)
        return Response.status(.accepted).withHeader("Location", "/api/regrades/\(found.id)")
    }

    private func finishByForm(_ finish: Finish, _ context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let (found, _, _) = try await run(try context.parameters.int("id"), of: access, for: access.principal)
        try await perform(finish, found, access)
        return .redirect(to: "/courses/\(access.course.slug)/regrades/\(found.id)")
    }

    private func perform(_ finish: Finish, _ found: RegradeRun, _ access: CourseAccess) async throws {
        let done = switch finish {
        case .apply: try await regrades.apply(runID: found.id, courseID: access.course.id, by: access.principal.user)
        case .discard: try await regrades.discard(runID: found.id, courseID: access.course.id, by: access.principal.user)
        }
        guard done else { throw HTTPError.conflict("Regrade \(found.id) is \(found.status.rawValue), not ready.") }
    }
}

/// The API form of a regrade run.
enum RegradeJSON {
    static func write(_ run: RegradeRun, comparison: [RegradeService.Comparison]?, to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", run.id)
        json.field("status", run.status.rawValue)
        json.field("version", run.exerciseVersion)
        json.field("graderVersion", run.graderVersion)
        json.field("total", run.total)
        json.field("done", run.done)
        json.field("error", run.error)
        if let comparison {
            json.key("students")
            json.beginArray()
            for row in comparison {
                json.beginObject()
                json.field("username", row.username)
                json.field("before", row.before)
                json.field("after", row.after)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
    }

    /// The answer of `POST /api/submissions/:id/verify`: whether grading the submission again
    /// reproduced its stored grade.
    static func verification(_ submission: SubmissionRecord, reproduced: Bool, recomputed: StoredGrade?,
                             to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", submission.id)
        json.field("reproduced", reproduced)
        json.field("version", submission.exerciseVersion)
        json.field("graderVersion", submission.graderVersion)
        json.field("storedScore", submission.score)
        json.field("recomputedScore", recomputed?.score)
        if let recomputed, !reproduced {
            json.key("recomputedChecks")
            GradeViewJSON.write(recomputed.checks, messages: true, to: &json)
        }
        json.endObject()
    }
}
