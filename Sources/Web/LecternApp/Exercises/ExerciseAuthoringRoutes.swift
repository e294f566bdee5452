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
struct ExerciseAuthoringRoutes: Controller {
    /// The largest exercise body: its files and the JSON around them.
    static let bodyLimit = ExerciseSource.maxBodyBytes + 64 * 1024

    let database: DatabasePool
    let library: ExerciseLibrary
    let service: ExerciseAuthoringService
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        library = context.exercises
        let queue = context.gradingQueue
        let regrades = RegradeService(database: database, library: library, workers: context.regradeWorkers, queue: queue)
        service = ExerciseAuthoringService(database: database, workers: context.gradingWorkers,
                                           options: { queue.options(pictures: $0) }, regrades: regrades,
                                           libraryDirectory: context.configuration.exercisesDirectory)
        guards = context.guards
    }

    /// The course's staff (404 outside it, 403 for its students), then the CSRF token of a change,
    /// then the exercise of the path: in that order, as always.
    func addRoutes(to router: Router) {
        let staff = router.group(middleware: [guards.staff])
        let staffExercise = router.group(middleware: [guards.staff, guards.exercise])
        let staffForms = router.group(middleware: [guards.staff, CSRFCheck.form])
        let exerciseForms = router.group(middleware: [guards.staff, CSRFCheck.form, guards.exercise])
        let staffAPI = router.group(middleware: [guards.staff, CSRFCheck.header])
        let exerciseAPI = router.group(middleware: [guards.staff, CSRFCheck.header, guards.exercise])
        staff.get("/courses/:course/new-exercise", use: newExercisePage)
        staffForms.post("/courses/:course/new-exercise", maxBodyBytes: Self.bodyLimit, use: createFromForm)
        staffExercise.get("/courses/:course/exercises/:slug/edit", use: editPage)
        exerciseForms.post("/courses/:course/exercises/:slug/edit", maxBodyBytes: Self.bodyLimit, use: saveForm)
        exerciseForms.post("/courses/:course/exercises/:slug/publish", maxBodyBytes: 4096, use: publishForm)
        exerciseForms.post("/courses/:course/exercises/:slug/unpublish", maxBodyBytes: 4096, use: unpublishForm)
        exerciseForms.post("/courses/:course/exercises/:slug/feedback", maxBodyBytes: 64 * 1024, use: feedbackForm)
        exerciseForms.post("/courses/:course/exercises/:slug/duplicate", maxBodyBytes: 4096, use: duplicateForm)
        exerciseForms.post("/courses/:course/exercises/:slug/delete", maxBodyBytes: 4096, use: deleteForm)
        staff.get("/courses/:course/library", use: libraryPage)
        staffForms.post("/courses/:course/library/:slug/copy", maxBodyBytes: 4096, use: copyFromLibraryForm)
        staffAPI.post("/api/courses/:course/exercises", maxBodyBytes: Self.bodyLimit, use: create)
        staffExercise.get("/api/courses/:course/exercises/:slug", use: show)
        exerciseAPI.put("/api/courses/:course/exercises/:slug", maxBodyBytes: Self.bodyLimit, use: update)
        exerciseAPI.delete("/api/courses/:course/exercises/:slug", use: delete)
        exerciseAPI.post("/api/courses/:course/exercises/:slug/publish", use: publish)
        exerciseAPI.post("/api/courses/:course/exercises/:slug/unpublish", use: unpublish)
        exerciseAPI.post("/api/courses/:course/exercises/:slug/duplicate", use: duplicate)
        staffAPI.post("/api/courses/:course/exercise-preview", maxBodyBytes: Self.bodyLimit, use: preview)
        staff.get("/api/courses/:course/library", use: libraryList)
        staffAPI.post("/api/courses/:course/library/:slug/copy", use: copyFromLibrary)
    }

    // MARK: Pages

    /// The editor for a new exercise of `?kind=` (layout by default).
    func newExercisePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let form = ExerciseEditorForm.blank(kind: request.query["kind"] ?? "layout", course: access.course.slug)
        return ExerciseEditorPage.response(try await subject(access, nil), form: form, principal: access.principal)
    }

    /// Preview or create from the new-exercise form.
    func createFromForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let access = try context.course
        return try await editorPost(request, access, nil, form)
    }

    /// The editor with the exercise's latest saved version.
    func editPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let record = try context.exercise
        let (source, _) = try await service.latest(record)
        let notice: String? = request.query["saved"] != nil ? "Saved." : request.query["published"] != nil ? "Published." : nil
        return ExerciseEditorPage.response(try await subject(access, record), form: ExerciseEditorForm(source), notice: notice,
                                           principal: access.principal)
    }

    /// Preview or save from the editor.
    func saveForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let access = try context.course
        return try await editorPost(request, access, try context.exercise, form)
    }

    /// Publishes the latest saved version; a failing one shows the editor with why (422).
    func publishForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.form  // the route is behind the CSRF form check
        let access = try context.course
        let record = try context.exercise
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

    func unpublishForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.form  // the route is behind the CSRF form check
        let access = try context.course
        let record = try context.exercise
        try await service.unpublish(record, by: access.principal.user)
        return .redirect(to: "/courses/\(access.course.slug)/exercises/\(record.slug)/edit")
    }

    /// What students see of each check, and how much.
    func feedbackForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let access = try context.course
        let record = try context.exercise
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

    func duplicateForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let access = try context.course
        let record = try context.exercise
        do {
            let copy = try await service.duplicate(record, as: form["slug"] ?? "", in: access.course, by: access.principal.user)
            return .redirect(to: "/courses/\(access.course.slug)/exercises/\(copy.slug)/edit")
        } catch let invalid as ExerciseAuthoringService.Invalid {
            throw HTTPError.unprocessable(invalid.errors.map(\.description).joined(separator: "; "))
        }
    }

    /// Deletes an exercise nobody submitted to; otherwise says why not (409).
    func deleteForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.form  // the route is behind the CSRF form check
        let access = try context.course
        let record = try context.exercise
        do {
            try await service.delete(record, by: access.principal.user)
        } catch let inUse as ExerciseInUse {
            return AccountPages.Notice.response(title: "Not deleted", message: inUse.message,
                                       link: ("Back to the exercise", "/courses/\(access.course.slug)/exercises/\(record.slug)/edit"),
                                       status: .conflict, principal: access.principal)
        }
        return .redirect(to: "/courses/\(access.course.slug)")
    }

    /// The exercise library, with what the course already has.
    func libraryPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let courseID = access.course.id
        let slugs = try await database.read { db in try ExerciseRecord.all(courseID: courseID, db).map(\.slug) }
        return ExerciseLibraryPage.response(course: access.course, catalog: try await service.library(), courseSlugs: slugs,
                                            principal: access.principal)
    }

    func copyFromLibraryForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let access = try context.course
        do {
            let copy = try await service.copy(librarySlug: try context.parameters.require("slug"), as: form["slug"], into: access.course,
                                              by: access.principal.user)
            return .redirect(to: "/courses/\(access.course.slug)/exercises/\(copy.slug)/edit")
        } catch let invalid as ExerciseAuthoringService.Invalid {
            throw HTTPError.unprocessable(invalid.errors.map(\.description).joined(separator: "; "))
        }
    }

    // MARK: API

    func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        do {
            let record = try await service.create(try Self.source(of: request), in: access.course, by: access.principal.user)
            return try await stateResponse(record, status: .created)
                .withHeader("Location", "/api/courses/\(access.course.slug)/exercises/\(record.slug)")
        } catch let error as ExerciseFieldError {
            return Self.errors([error])
        } catch let invalid as ExerciseAuthoringService.Invalid {
            return Self.errors(invalid.errors)
        }
    }

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.course  // the caller may read this course
        return try await stateResponse(try context.exercise)
    }

    func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let record = try context.exercise
        do {
            _ = try await service.save(try Self.source(of: request), to: record, by: access.principal.user)
            return try await stateResponse(record)
        } catch let error as ExerciseFieldError {
            return Self.errors([error])
        } catch let invalid as ExerciseAuthoringService.Invalid {
            return Self.errors(invalid.errors)
        }
    }

    func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        try await service.delete(try context.exercise, by: access.principal.user)
        return Response.status(.noContent)
    }

    func publish(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let record = try context.exercise
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

    func unpublish(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        try await service.unpublish(try context.exercise, by: access.principal.user)
        return Response.status(.noContent)
    }

    func duplicate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let record = try context.exercise
        let slug = try request.json(limits: JSONLimits(maxBytes: 4096))["slug"]?.stringValue ?? ""
        do {
            let copy = try await service.duplicate(record, as: slug, in: access.course, by: access.principal.user)
            return try await stateResponse(copy, status: .created)
                .withHeader("Location", "/api/courses/\(access.course.slug)/exercises/\(copy.slug)")
        } catch let invalid as ExerciseAuthoringService.Invalid {
            return Self.errors(invalid.errors)
        }
    }

    /// Checks and grades a draft without storing it.
    func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parsed: ExerciseSource
        do {
            parsed = try Self.source(of: request)
        } catch let error as ExerciseFieldError {
            return Self.errors([error])
        }
        let preview = try await service.preview(parsed)
        return Response.json(capacity: 64 * 1024) { json in ExercisePreviewJSON.write(preview, to: &json) }
    }

    /// The library's exercises.
    func libraryList(_ request: Request, context: AppRequestContext) async throws -> Response {
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

    func copyFromLibrary(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
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

    // MARK: Shared parts

    /// The exercise of a JSON body.
    private static func source(of request: Request) throws -> ExerciseSource {
        guard request.mediaType == "application/json" else { throw HTTPError(.unsupportedMediaType, message: "expected an application/json body") }
        return try ExerciseSource.parse(request.body)
    }

    /// What the editor page needs besides the form.
    private func subject(_ access: CourseAccess, _ record: ExerciseRecord?) async throws -> ExerciseEditorPage.Subject {
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
    private func editorPost(_ request: Request, _ access: CourseAccess, _ record: ExerciseRecord?,
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

    /// The exercise's latest saved version and its state, as the API answers.
    private func stateResponse(_ record: ExerciseRecord, status: HTTPStatus = .ok) async throws -> Response {
        let (source, state) = try await service.latest(record)
        let recordID = record.id
        let current = try await database.read { db in try ExerciseRecord.find(id: recordID, db) } ?? record
        return Response.json(status: status, capacity: 8192) { json in
            ExerciseSourceJSON.write(current, source: source, state: state, to: &json)
        }
    }

    /// A 422 problem (`application/problem+json`) whose `errors` name each field (and line) refused.
    static func errors(_ errors: [ExerciseFieldError]) -> Response {
        ErrorRenderer.problem(HTTPError.unprocessable(
            errors.map(\.description).joined(separator: "; "), code: "invalid_exercise",
            errors: errors.map { HTTPError.FieldError(field: $0.field, line: $0.line, message: $0.message) }))
    }
}
