import Foundation
import Grading
import HTTPServer
import JSON
import SQLite
import Store

/// Writing a course's exercises, for its instructors and admins: the editor pages (forms that work
/// without JavaScript) and the JSON API, both over `ExerciseAuthoringService`.
///
/// API: `POST /api/courses/:course/exercises` (201 + Location, or 422 `{"errors":[{"field","line","message"}]}`),
/// `GET`, `PUT` and `DELETE /api/courses/:course/exercises/:slug`, `POST …/:slug/publish`, `…/unpublish`,
/// `…/duplicate`, `POST /api/courses/:course/exercise-preview`, `GET /api/courses/:course/library` and
/// `POST /api/courses/:course/library/:slug/copy`.
struct ExerciseAuthoringRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        let auth = context.authenticator
        let library = context.exercises
        let queue = context.gradingQueue
        let regrades = RegradeService(database: database, library: library, workers: context.regradeWorkers, queue: queue)
        let service = ExerciseAuthoringService(database: database, workers: context.gradingWorkers,
                                               options: { queue.options(pictures: $0) }, regrades: regrades,
                                               libraryDirectory: context.configuration.exercisesDirectory)
        let bodyLimit = ExerciseSource.maxBodyBytes + 64 * 1024

        /// The course's staff (404 outside it, 403 for its students), CSRF checked for changes.
        @Sendable func staff(_ request: Request, _ context: RequestContext, form: FormParameters? = nil) async throws -> CourseAccess {
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            try access.requireStaff()
            try principal.checkCSRF(request, form: form)
            return access
        }

        @Sendable func exercise(_ access: CourseAccess, _ context: RequestContext) async throws -> ExerciseRecord {
            let slug = try context.parameters.require("slug")
            let courseID = access.course.id
            guard let record = try await database.read({ db in try ExerciseRecord.find(courseID: courseID, slug: slug, db) }) else {
                throw HTTPError.notFound("No exercise \(slug).")
            }
            return record
        }

        @Sendable func source(of request: Request) throws -> ExerciseSource {
            guard request.mediaType == "application/json" else { throw HTTPError(.unsupportedMediaType, message: "expected an application/json body") }
            return try ExerciseSource.parse(request.body)
        }

        /// What the editor page needs besides the form.
        @Sendable func subject(_ access: CourseAccess, _ record: ExerciseRecord?) async throws -> ExerciseEditorPage.Subject {
            guard let record else {
                return ExerciseEditorPage.Subject(course: access.course, record: nil, state: nil, feedback: FeedbackPolicy(ExerciseFeedbackRecord()),
                                                  checkNames: [], submissions: 0)
            }
            let recordID = record.id
            let (state, feedback, submissions) = try await database.read { db in
                (try ExerciseAuthoring.state(exerciseID: recordID, db), try ExerciseFeedbackRecord.find(exerciseID: recordID, db),
                 try ExerciseAuthoring.submissionCount(exerciseID: recordID, db))
            }
            let latest = try await library.exercise(id: record.id, version: state.draftVersion ?? record.version)
            return ExerciseEditorPage.Subject(course: access.course, record: record, state: state, feedback: FeedbackPolicy(feedback),
                                              checkNames: latest.map(FeedbackPolicy.checkPoints) ?? [], submissions: submissions)
        }

        /// The editor's answer to Preview or Save of a form: the page with the preview, the page with
        /// the problems (422), or where to go after saving.
        @Sendable func editorPost(_ request: Request, _ access: CourseAccess, _ record: ExerciseRecord?,
                                  _ form: FormParameters) async throws -> Response {
            let fields = ExerciseEditorForm(form)
            var fixed = fields
            if let record { fixed.values["slug"] = record.slug }
            let page = try await subject(access, record)
            let source: ExerciseSource
            do {
                source = try fixed.source()
            } catch {
                return ExerciseEditorPage.response(page, form: fixed, errors: [error], principal: access.principal, status: .unprocessableContent)
            }
            if form["action"] == "preview" {
                let preview = try await service.preview(source)
                return ExerciseEditorPage.response(page, form: fixed, errors: preview.errors, preview: preview, principal: access.principal)
            }
            do {
                if let record {
                    _ = try await service.save(source, to: record, by: access.principal.user)
                    return .redirect(to: "/courses/\(access.course.slug)/exercises/\(record.slug)/edit?saved=1")
                }
                let created = try await service.create(source, in: access.course, by: access.principal.user)
                return .redirect(to: "/courses/\(access.course.slug)/exercises/\(created.slug)/edit?saved=1")
            } catch let invalid as ExerciseAuthoringService.Invalid {
                return ExerciseEditorPage.response(page, form: fixed, errors: invalid.errors, principal: access.principal,
                                                   status: .unprocessableContent)
            }
        }

        // MARK: Pages

        router.get("/courses/:course/new-exercise") { request, context in
            let access = try await staff(request, context)
            let form = ExerciseEditorForm.blank(kind: request.query["kind"] ?? "layout", course: access.course.slug)
            return ExerciseEditorPage.response(try await subject(access, nil), form: form, principal: access.principal)
        }

        router.post("/courses/:course/new-exercise", maxBodyBytes: bodyLimit) { request, context in
            let form = try request.form()
            let access = try await staff(request, context, form: form)
            return try await editorPost(request, access, nil, form)
        }

        router.get("/courses/:course/exercises/:slug/edit") { request, context in
            let access = try await staff(request, context)
            let record = try await exercise(access, context)
            let (source, _) = try await service.latest(record)
            let notice: String? = request.query["saved"] != nil ? "Saved." : request.query["published"] != nil ? "Published." : nil
            return ExerciseEditorPage.response(try await subject(access, record), form: ExerciseEditorForm(source), notice: notice,
                                               principal: access.principal)
        }

        router.post("/courses/:course/exercises/:slug/edit", maxBodyBytes: bodyLimit) { request, context in
            let form = try request.form()
            let access = try await staff(request, context, form: form)
            return try await editorPost(request, access, try await exercise(access, context), form)
        }

        router.post("/courses/:course/exercises/:slug/publish", maxBodyBytes: 4096) { request, context in
            let form = try request.form()
            let access = try await staff(request, context, form: form)
            let record = try await exercise(access, context)
            do {
                let published = try await service.publish(record, by: access.principal.user)
                if let run = published.regrade { return .redirect(to: "/courses/\(access.course.slug)/regrades/\(run.id)") }
                return .redirect(to: "/courses/\(access.course.slug)/exercises/\(record.slug)/edit?published=1")
            } catch let invalid as ExerciseAuthoringService.Invalid {
                let (source, _) = try await service.latest(record)
                return ExerciseEditorPage.response(try await subject(access, record), form: ExerciseEditorForm(source), errors: invalid.errors,
                                                   notice: "Not published: the latest saved version does not pass the checks.",
                                                   principal: access.principal, status: .unprocessableContent)
            }
        }

        router.post("/courses/:course/exercises/:slug/unpublish", maxBodyBytes: 4096) { request, context in
            let form = try request.form()
            let access = try await staff(request, context, form: form)
            let record = try await exercise(access, context)
            try await service.unpublish(record, by: access.principal.user)
            return .redirect(to: "/courses/\(access.course.slug)/exercises/\(record.slug)/edit")
        }

        router.post("/courses/:course/exercises/:slug/feedback", maxBodyBytes: 64 * 1024) { request, context in
            let form = try request.form()
            let access = try await staff(request, context, form: form)
            let record = try await exercise(access, context)
            let names = form.values(for: "check"), choices = form.values(for: "visibility")
            let known = try await subject(access, record).checkNames.map(\.name)
            var entries: [FeedbackPolicy.Entry] = []
            for (name, choice) in zip(names, choices).prefix(known.count) {
                guard known.contains(name), let visibility = FeedbackPolicy.Visibility(rawValue: choice) else {
                    throw HTTPError.unprocessable("visibility.\(name): expected now, afterDeadline or never for a scenario or check")
                }
                entries.append(FeedbackPolicy.Entry(name: name, visibility: visibility))
            }
            guard let level = FeedbackPolicy.Level(rawValue: form["feedback"] ?? "") else {
                throw HTTPError.unprocessable("feedback: expected full, hint or passFail")
            }
            try await FeedbackPolicyUpdate.save(FeedbackPolicy(entries: entries, level: level), of: record, by: access.principal.user,
                                                database: database)
            return .redirect(to: "/courses/\(access.course.slug)/exercises/\(record.slug)/edit#feedback")
        }

        router.post("/courses/:course/exercises/:slug/duplicate", maxBodyBytes: 4096) { request, context in
            let form = try request.form()
            let access = try await staff(request, context, form: form)
            let record = try await exercise(access, context)
            do {
                let copy = try await service.duplicate(record, as: form["slug"] ?? "", in: access.course, by: access.principal.user)
                return .redirect(to: "/courses/\(access.course.slug)/exercises/\(copy.slug)/edit")
            } catch let invalid as ExerciseAuthoringService.Invalid {
                throw HTTPError.unprocessable(invalid.errors.map(\.description).joined(separator: "; "))
            }
        }

        router.post("/courses/:course/exercises/:slug/delete", maxBodyBytes: 4096) { request, context in
            let form = try request.form()
            let access = try await staff(request, context, form: form)
            let record = try await exercise(access, context)
            do {
                try await service.delete(record, by: access.principal.user)
            } catch let inUse as ExerciseInUse {
                return AccountPages.notice(title: "Not deleted", message: inUse.message,
                                           link: ("Back to the exercise", "/courses/\(access.course.slug)/exercises/\(record.slug)/edit"),
                                           status: .conflict, principal: access.principal)
            }
            return .redirect(to: "/courses/\(access.course.slug)")
        }

        router.get("/courses/:course/library") { request, context in
            let access = try await staff(request, context)
            let courseID = access.course.id
            let slugs = try await database.read { db in try ExerciseRecord.all(courseID: courseID, db).map(\.slug) }
            return ExerciseLibraryPage.response(course: access.course, catalog: try await service.library(), courseSlugs: slugs,
                                                principal: access.principal)
        }

        router.post("/courses/:course/library/:slug/copy", maxBodyBytes: 4096) { request, context in
            let form = try request.form()
            let access = try await staff(request, context, form: form)
            do {
                let copy = try await service.copy(librarySlug: try context.parameters.require("slug"), as: form["slug"], into: access.course,
                                                  by: access.principal.user)
                return .redirect(to: "/courses/\(access.course.slug)/exercises/\(copy.slug)/edit")
            } catch let invalid as ExerciseAuthoringService.Invalid {
                throw HTTPError.unprocessable(invalid.errors.map(\.description).joined(separator: "; "))
            }
        }

        // MARK: API

        router.post("/api/courses/:course/exercises", maxBodyBytes: bodyLimit) { request, context in
            let access = try await staff(request, context)
            do {
                let record = try await service.create(try source(of: request), in: access.course, by: access.principal.user)
                return try await stateResponse(record, status: .created)
                    .withHeader("Location", "/api/courses/\(access.course.slug)/exercises/\(record.slug)")
            } catch let error as ExerciseFieldError {
                return Self.errors([error])
            } catch let invalid as ExerciseAuthoringService.Invalid {
                return Self.errors(invalid.errors)
            }
        }

        @Sendable func stateResponse(_ record: ExerciseRecord, status: HTTPStatus = .ok) async throws -> Response {
            let (source, state) = try await service.latest(record)
            let recordID = record.id
            let current = try await database.read { db in try ExerciseRecord.find(id: recordID, db) } ?? record
            return Response.json(status: status, capacity: 8192) { json in
                ExerciseSourceJSON.write(current, source: source, state: state, to: &json)
            }
        }

        router.get("/api/courses/:course/exercises/:slug") { request, context in
            let access = try await staff(request, context)
            return try await stateResponse(try await exercise(access, context))
        }

        router.put("/api/courses/:course/exercises/:slug", maxBodyBytes: bodyLimit) { request, context in
            let access = try await staff(request, context)
            let record = try await exercise(access, context)
            do {
                _ = try await service.save(try source(of: request), to: record, by: access.principal.user)
                return try await stateResponse(record)
            } catch let error as ExerciseFieldError {
                return Self.errors([error])
            } catch let invalid as ExerciseAuthoringService.Invalid {
                return Self.errors(invalid.errors)
            }
        }

        router.delete("/api/courses/:course/exercises/:slug") { request, context in
            let access = try await staff(request, context)
            try await service.delete(try await exercise(access, context), by: access.principal.user)
            return Response.status(.noContent)
        }

        router.post("/api/courses/:course/exercises/:slug/publish") { request, context in
            let access = try await staff(request, context)
            let record = try await exercise(access, context)
            do {
                let published = try await service.publish(record, by: access.principal.user)
                return Response.json { json in
                    json.beginObject()
                    json.field("version", published.version)
                    json.field("previousVersion", published.previousVersion)
                    if let run = published.regrade {
                        json.key("regrade")
                        json.beginObject()
                        json.field("id", run.id)
                        json.field("url", "/api/regrades/\(run.id)")
                        json.endObject()
                    } else {
                        json.key("regrade")
                        json.null()
                    }
                    json.endObject()
                }
            } catch let invalid as ExerciseAuthoringService.Invalid {
                return Self.errors(invalid.errors)
            }
        }

        router.post("/api/courses/:course/exercises/:slug/unpublish") { request, context in
            let access = try await staff(request, context)
            try await service.unpublish(try await exercise(access, context), by: access.principal.user)
            return Response.status(.noContent)
        }

        router.post("/api/courses/:course/exercises/:slug/duplicate") { request, context in
            let access = try await staff(request, context)
            let record = try await exercise(access, context)
            let slug = try request.json(limits: JSONLimits(maxBytes: 4096))["slug"]?.stringValue ?? ""
            do {
                let copy = try await service.duplicate(record, as: slug, in: access.course, by: access.principal.user)
                return try await stateResponse(copy, status: .created)
                    .withHeader("Location", "/api/courses/\(access.course.slug)/exercises/\(copy.slug)")
            } catch let invalid as ExerciseAuthoringService.Invalid {
                return Self.errors(invalid.errors)
            }
        }

        router.post("/api/courses/:course/exercise-preview", maxBodyBytes: bodyLimit) { request, context in
            _ = try await staff(request, context)
            let parsed: ExerciseSource
            do {
                parsed = try source(of: request)
            } catch let error as ExerciseFieldError {
                return Self.errors([error])
            }
            let preview = try await service.preview(parsed)
            return Response.json(capacity: 64 * 1024) { json in ExercisePreviewJSON.write(preview, to: &json) }
        }

        router.get("/api/courses/:course/library") { request, context in
            _ = try await staff(request, context)
            let catalog = try await service.library()
            return Response.json { json in
                json.beginArray()
                for exercise in catalog.exercises {
                    json.beginObject()
                    json.field("slug", exercise.slug)
                    json.field("title", exercise.title)
                    json.field("kind", exercise.kind.rawValue)
                    json.field("points", exercise.points)
                    json.field("version", exercise.version)
                    json.endObject()
                }
                json.endArray()
            }
        }

        router.post("/api/courses/:course/library/:slug/copy") { request, context in
            let access = try await staff(request, context)
            let slug = request.body.isEmpty ? nil : try request.json(limits: JSONLimits(maxBytes: 4096))["slug"]?.stringValue
            do {
                let copy = try await service.copy(librarySlug: try context.parameters.require("slug"), as: slug, into: access.course,
                                                  by: access.principal.user)
                return try await stateResponse(copy, status: .created)
                    .withHeader("Location", "/api/courses/\(access.course.slug)/exercises/\(copy.slug)")
            } catch let invalid as ExerciseAuthoringService.Invalid {
                return Self.errors(invalid.errors)
            }
        }
    }

    /// A 422 problem (`application/problem+json`) whose `errors` name each field (and line) refused.
    static func errors(_ errors: [ExerciseFieldError]) -> Response {
        ErrorRenderer.problem(HTTPError.unprocessable(
            errors.map(\.description).joined(separator: "; "), code: "invalid_exercise",
            errors: errors.map { HTTPError.FieldError(field: $0.field, line: $0.line, message: $0.message) }))
    }
}
