import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// The instructors' gradebook (page, CSV, JSON, drill-downs), regrades and grade verification.
struct GradebookRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        let auth = context.authenticator
        let library = ExerciseLibrary(database: database)
        let regrades = RegradeService(database: database, library: library, workers: context.regradeWorkers,
                                      queue: context.gradingQueue)

        /// The course access of an instructor (or admin): 404 outside the course, 403 for its students.
        @Sendable func staffAccess(_ request: Request, _ context: RequestContext) async throws -> CourseAccess {
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            try access.requireStaff()
            return access
        }

        @Sendable func gradebook(_ course: Course) async throws -> Gradebook {
            let courseID = course.id
            return try await database.read { db in
                Gradebook.build(students: try User.members(courseID: courseID, role: .student, db),
                                exercises: try ExerciseRecord.all(courseID: courseID, db),
                                scores: try SubmissionScore.all(courseID: courseID, db))
            }
        }

        @Sendable func exercise(_ access: CourseAccess, _ slug: String) async throws -> ExerciseRecord {
            let courseID = access.course.id
            guard let record = try await database.read({ db in try ExerciseRecord.find(courseID: courseID, slug: slug, db) }) else {
                throw HTTPError.notFound("No exercise \(slug).")
            }
            return record
        }

        /// A regrade run of the course, or 404.
        @Sendable func run(_ access: CourseAccess?, id: Int64, principal: Principal) async throws -> (RegradeRun, ExerciseRecord, CourseAccess) {
            let found: (RegradeRun, ExerciseRecord, Course)? = try await database.read { db in
                guard let run = try RegradeRun.find(id: id, db), let exercise = try ExerciseRecord.find(id: run.exerciseID, db),
                      let course = try Course.find(id: exercise.courseID, db) else { return nil }
                return (run, exercise, course)
            }
            guard let (run, exercise, course) = found, access == nil || access?.course.id == course.id else {
                throw HTTPError.notFound("No regrade \(id).")
            }
            let resolved = try await CourseAccess.resolve(courseSlug: course.slug, principal: principal, database: database)
            guard resolved.isStaff else { throw HTTPError.notFound("No regrade \(id).") }
            return (run, exercise, resolved)
        }

        router.get("/courses/:course/gradebook") { request, context in
            let access = try await staffAccess(request, context)
            return GradebookPages.gradebook(access, try await gradebook(access.course), sort: request.query["sort"], filter: request.query["filter"])
        }

        router.get("/api/courses/:course/gradebook.csv") { request, context in
            let access = try await staffAccess(request, context)
            let csv = try await gradebook(access.course).csv()
            return Response(status: .ok, contentType: "text/csv; charset=utf-8", body: .bytes(Array(csv.utf8)))
                .withHeader("Content-Disposition", "attachment; filename=\"\(access.course.slug)-gradebook.csv\"")
        }

        router.get("/api/courses/:course/gradebook") { request, context in
            let access = try await staffAccess(request, context)
            let page = try PageRequest(request.query, list: "gradebook", scope: access.course.slug, defaultLimit: 200, maxLimit: 1000)
            let book = try await gradebook(access.course)
            // Students by username (unique), as `User.members` lists them.
            var rows = book.rows
            if let after = page.cursor?.key { rows.removeAll { $0.student.username <= after } }
            var next: String?
            if rows.count > page.limit {
                rows.removeSubrange(page.limit...)
                if let last = rows.last {
                    next = PageRequest.nextLink(request, cursor: Cursor(list: "gradebook", scope: access.course.slug,
                                                                        key: last.student.username))
                }
            }
            return Response.json(capacity: 1024 + rows.count * 512) { json in
                json.beginObject()
                json.field("course", access.course.slug)
                json.key("exercises")
                json.beginArray()
                for exercise in book.exercises {
                    json.beginObject()
                    json.field("slug", exercise.slug)
                    json.field("title", exercise.title)
                    json.field("points", exercise.points)
                    json.field("scorePolicy", exercise.scorePolicy.rawValue)
                    json.endObject()
                }
                json.endArray()
                json.key("students")
                json.beginArray()
                for row in rows {
                    json.beginObject()
                    json.field("username", row.student.username)
                    json.field("displayName", row.student.displayName)
                    json.key("scores")
                    json.beginObject()
                    for (exercise, cell) in zip(book.exercises, row.cells) {
                        json.key(exercise.slug)
                        json.beginObject()
                        json.field("counted", cell.counted)
                        json.field("attempts", cell.attempts)
                        json.field("late", cell.late)
                        json.field("submission", cell.submissionID)
                        json.endObject()
                    }
                    json.endObject()
                    json.field("total", row.total)
                    json.endObject()
                }
                json.endArray()
                json.field("next", next)
                json.endObject()
            }.withNextLink(next)
        }

        router.get("/courses/:course/gradebook/students/:username") { request, context in
            let access = try await staffAccess(request, context)
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
            return GradebookPages.student(access, student: student, exercises: exercises, submissions: submissions)
        }

        router.get("/courses/:course/gradebook/exercises/:slug") { request, context in
            let access = try await staffAccess(request, context)
            let record = try await exercise(access, try context.parameters.require("slug"))
            let courseID = access.course.id
            let exerciseID = record.id
            let (book, runs) = try await database.read { db in
                (Gradebook.build(students: try User.members(courseID: courseID, role: .student, db), exercises: [record],
                                 scores: try SubmissionScore.all(courseID: courseID, db).filter { $0.exerciseID == exerciseID }),
                 try RegradeRun.all(exerciseID: exerciseID, db))
            }
            return GradebookPages.exercise(access, exercise: record, book: book, runs: runs)
        }

        // Regrades: start a dry run, look at it, apply or discard it (API and forms).
        router.post("/api/courses/:course/exercises/:slug/regrades") { request, context in
            let access = try await staffAccess(request, context)
            try access.principal.checkCSRF(request)
            let started = try await regrades.startDryRun(try await exercise(access, try context.parameters.require("slug")), by: access.principal.user)
            return Response.json(status: .accepted) { json in RegradeJSON.write(started, comparison: nil, to: &json) }
                .withHeader("Location", "/api/regrades/\(started.id)")
        }

        router.post("/courses/:course/exercises/:slug/regrades", maxBodyBytes: 4096) { request, context in
            let access = try await staffAccess(request, context)
            try access.principal.checkCSRF(request, form: try request.form())
            let started = try await regrades.startDryRun(try await exercise(access, try context.parameters.require("slug")), by: access.principal.user)
            return .redirect(to: "/courses/\(access.course.slug)/regrades/\(started.id)")
        }

        router.get("/api/regrades/:id") { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            let (found, _, _) = try await run(nil, id: Int64(try context.parameters.int("id")), principal: principal)
            let comparison = try await regrades.comparison(run: found)
            return Response.json { json in RegradeJSON.write(found, comparison: comparison, to: &json) }
        }

        router.get("/courses/:course/regrades/:id") { request, context in
            let access = try await staffAccess(request, context)
            let (found, record, _) = try await run(access, id: Int64(try context.parameters.int("id")), principal: access.principal)
            return GradebookPages.regrade(access, run: found, exercise: record, comparison: try await regrades.comparison(run: found))
        }

        for action in ["apply", "discard"] {
            @Sendable func perform(_ found: RegradeRun, _ access: CourseAccess) async throws {
                let done = action == "apply"
                    ? try await regrades.apply(runID: found.id, courseID: access.course.id, by: access.principal.user)
                    : try await regrades.discard(runID: found.id, courseID: access.course.id, by: access.principal.user)
                guard done else { throw HTTPError.conflict("Regrade \(found.id) is \(found.status.rawValue), not ready.") }
            }
            router.post("/api/regrades/:id/\(action)") { request, context in
                let principal = try await auth.requirePrincipal(for: request)
                try principal.checkCSRF(request)
                let (found, _, access) = try await run(nil, id: Int64(try context.parameters.int("id")), principal: principal)
                try await perform(found, access)
                return Response.status(.accepted).withHeader("Location", "/api/regrades/\(found.id)")
            }
            router.post("/courses/:course/regrades/:id/\(action)", maxBodyBytes: 4096) { request, context in
                let access = try await staffAccess(request, context)
                try access.principal.checkCSRF(request, form: try request.form())
                let (found, _, _) = try await run(access, id: Int64(try context.parameters.int("id")), principal: access.principal)
                try await perform(found, access)
                return .redirect(to: "/courses/\(access.course.slug)/regrades/\(found.id)")
            }
        }

        router.post("/api/submissions/:id/verify") { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            try principal.checkCSRF(request)
            let (content, _) = try await SubmissionAccess.load(id: Int64(try context.parameters.int("id")), for: principal, database: database)
            let (reproduced, recomputed) = try await regrades.verify(content.submission, for: principal.user.id)
            return Response.json { json in
                json.beginObject()
                json.field("id", content.submission.id)
                json.field("reproduced", reproduced)
                json.field("version", content.submission.exerciseVersion)
                json.field("graderVersion", content.submission.graderVersion)
                json.field("storedScore", content.submission.score)
                json.field("recomputedScore", recomputed?.score)
                if let recomputed, !reproduced {
                    json.field("recomputedChecks", StoredGradeParts.value(recomputed.checksJSON))
                }
                json.endObject()
            }
        }
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
}
