import Foundation
import Grading
import HTTPServer
import JSON
import SQLite
import Store

/// Exercise pages and submissions: the page and its form, the result page, and the JSON API.
///
/// The routes to an exercise find it themselves instead of through ``RequireExercise``: the page
/// reads the exercise and whether the student may see it in one read, and a submission finds it in
/// the same write transaction that checks the rules and reserves the attempt, so posting a
/// submission costs two reads (session, course) and two writes around one grading.
struct SubmissionRoutes: Controller {
    let database: DatabasePool
    let library: ExerciseLibrary
    let service: SubmissionService
    let viewing: GradeViewing
    let guards: RouteGuards
    let console: @Sendable (String) -> Void

    init(_ context: AppContext) {
        database = context.database
        library = context.exercises
        service = SubmissionService(database: database, library: library, queue: context.gradingQueue)
        viewing = GradeViewing(library: library)
        guards = context.guards
        console = context.console
    }

    func addRoutes(to router: Router) {
        let members = router.group(middleware: [guards.member])
        members.get("/courses/:course/exercises/:slug", use: exercisePage)
        members.get("/courses/:course/exercises/:slug/downloads/:file", use: download)
        members.get("/api/courses/:course/exercises/:slug/submissions", use: list)
        router.group(middleware: [CSRFCheck.form, guards.member])
            .post("/courses/:course/exercises/:slug", maxBodyBytes: SubmissionText.maxBodyBytes, use: submitForm)
        router.group(middleware: [CSRFCheck.header, guards.member])
            .post("/api/courses/:course/exercises/:slug/submissions", maxBodyBytes: SubmissionText.maxBodyBytes, use: submitAPI)
        let signedIn = router.group(middleware: [guards.signedIn])
        signedIn.get("/submissions/:id", use: resultPage)
        signedIn.get("/api/submissions/:id", use: submissionJSON)
    }

    // MARK: The exercise

    /// `GET /courses/:course/exercises/:slug`: the exercise, its form and the student's attempts.
    func exercisePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        return try await exercisePage(access, try await service.exercise(slug: try context.parameters.require("slug"), in: access))
    }

    /// `GET …/downloads/:file`: the starter as a file, in each form the exercise accepts (`starter.layout`, `starter.swift`, …).
    func download(_ request: Request, context: AppRequestContext) async throws -> Response {
        let record = try await service.exercise(slug: try context.parameters.require("slug"), in: try context.course)
        let name = try context.parameters.require("file")
        guard let download = ExerciseDownload.starters(of: try library.exercise(record)).first(where: { $0.fileName == name }) else {
            throw HTTPError.notFound("This exercise has no file \(name).")
        }
        return Response(status: .ok, contentType: download.mediaType, body: .bytes(Array(download.text.utf8)))
            .withHeader("Content-Disposition", "attachment; filename=\"\(download.fileName)\"")
    }

    // MARK: Submitting

    /// `POST /courses/:course/exercises/:slug` (the form): graded and stored, then the result page;
    /// refused or unreadable, the exercise page again with the text, the reason and its status.
    func submitForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let slug = try context.parameters.require("slug")
        let (text, declaredForm) = try SubmissionText.fromForm(request, try context.form)
        do {
            let outcome = try await service.submit(text, form: declaredForm, slug: slug, in: access)
            return .redirect(to: "/submissions/\(outcome.submission.id)")
        } catch let refusal as SubmissionWindow.Refusal {
            return try await refused(refusal, text: text, slug: slug, access)
        } catch let refusal as GradingRefusal {
            return try await refused(refusal, text: text, slug: slug, access)
        } catch let unreadable as SubmissionService.Unreadable {
            return try await exercisePage(access, try await service.exercise(slug: slug, in: access), text: text,
                                          message: unreadable.message, diagnostics: unreadable.diagnostics, status: .unprocessableContent)
        }
    }

    /// `POST /api/courses/:course/exercises/:slug/submissions`: 201 with the grade (200 when an
    /// identical earlier submission answers); refusals are their own answers.
    func submitAPI(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let principal = try context.principal
        let (text, declaredForm) = try SubmissionText.fromAPIWithForm(request)
        let outcome: SubmissionService.Outcome
        do {
            outcome = try await service.submit(text, form: declaredForm, slug: try context.parameters.require("slug"), in: access)
        } catch let unreadable as SubmissionService.Unreadable {
            throw HTTPError.unprocessable(unreadable.message, code: "unreadable",
                                          errors: DiagnosticErrors.fieldErrors(unreadable.diagnostics, field: "text"))
        }
        let view = try await viewing.view(outcome.grade.checks, of: outcome.submission, exercise: outcome.exercise,
                                          isStaff: access.isStaff, inputs: outcome.viewInputs)
        return Response.json(status: outcome.reused ? .ok : .created, capacity: 2048) { json in
            SubmissionJSON.write(outcome.submission, grade: outcome.grade, exercise: outcome.exercise, course: access.course,
                                 username: principal.user.username, reused: outcome.reused, view: view, to: &json)
        }.withHeader("Location", "/api/submissions/\(outcome.submission.id)")
    }

    // MARK: Reading submissions

    /// `GET /submissions/:id`: the result page, from one read; it never grades.
    func resultPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let principal = try context.principal
        let (content, isStaff) = try await SubmissionAccess.load(id: Int64(try context.parameters.int("id")), for: principal,
                                                                 database: database, library: library,
                                                                 extras: [.pictures, .regradeRequests, .definition])
        let submission = content.submission
        // A storyboard or source file is read again to show what it was understood as: reading, not grading.
        var conversion: ConvertedSubmission?
        let form = SubmissionForm.detect(submission.text)
        if form != .text, let exercise = library.cached(id: submission.exerciseID, version: submission.exerciseVersion),
           case .success(let converted) = Grader.convert(submission.text, form: form, for: exercise) {
            conversion = converted
        }
        var view: GradeView?
        switch content.grade {
        case .success(let details):
            if let inputs = content.viewInputs {
                view = try await viewing.view(details.checks, of: submission, exercise: content.exercise, isStaff: isStaff, inputs: inputs)
            }
        case .failure(let unreadable):
            console("Unreadable grade: \(unreadable)")
        }
        return SubmissionPage.response(content, viewer: principal, isStaff: isStaff, conversion: conversion, view: view)
    }

    /// `GET /api/submissions/:id`: the submission with its grade and text.
    func submissionJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (content, isStaff) = try await SubmissionAccess.load(id: Int64(try context.parameters.int("id")), for: try context.principal,
                                                                 database: database, library: library, extras: [.definition])
        let grade = try readable(content.grade)
        var view: GradeView?
        if let inputs = content.viewInputs {
            view = try await viewing.view(grade.checks, of: content.submission, exercise: content.exercise, isStaff: isStaff, inputs: inputs)
        }
        return Response.json(capacity: 2048) { json in
            SubmissionJSON.write(content.submission, grade: grade, exercise: content.exercise, course: content.course,
                                 username: content.owner.username, includeText: true, view: view, to: &json)
        }
    }

    /// `GET /api/courses/:course/exercises/:slug/submissions[?user=NAME]`: a user's submissions,
    /// newest first, a page at a time (staff may ask for anyone's).
    func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let principal = access.principal
        let record = try await service.exercise(slug: try context.parameters.require("slug"), in: access, publishedOnly: false)
        let requested = request.query["user"] ?? "me"
        let subject: User
        if requested == "me" || requested.caseInsensitiveCompare(principal.user.username) == .orderedSame {
            subject = principal.user
        } else {
            try access.requireStaff()
            guard let found = try await database.read({ db in try User.find(username: requested, db) }) else {
                throw HTTPError.notFound("No user \(requested).")
            }
            subject = found
        }
        let subjectID = subject.id
        let exerciseID = record.id
        let page = try PageRequest(request.query, list: "submissions", scope: "\(exerciseID)/\(subjectID)",
                                   defaultLimit: 100, maxLimit: 500)
        // Newest attempt first; attempt numbers are unique per user and exercise.
        let after = page.cursor.flatMap { Int($0.key) } ?? Int.max
        let isStaff = access.isStaff
        let (remaining, grades, inputs) = try await database.read { db in
            let remaining = try SubmissionRecord.all(userID: subjectID, exerciseID: exerciseID, db).filter { $0.attempt < after }
            return (remaining, try GradeDetails.all(submissionIDs: remaining.prefix(page.limit).map(\.id), db),
                    isStaff ? nil : try GradeViewing.Inputs.read(exerciseID: exerciseID, userID: subjectID, db))
        }
        let submissions = Array(remaining.prefix(page.limit))
        var next: String?
        if remaining.count > submissions.count, let last = submissions.last {
            next = PageRequest.nextLink(request, cursor: Cursor(list: "submissions", scope: "\(exerciseID)/\(subjectID)",
                                                                key: String(last.attempt)))
        }
        var shown: [(SubmissionRecord, GradeDetails, GradeView?)] = []
        for submission in submissions {
            let grade = try readable(grades[submission.id] ?? .failure(UnreadableGrade(submissionID: submission.id, reason: "not found")))
            var view: GradeView?
            if let inputs {
                view = try await viewing.view(grade.checks, of: submission, exercise: record, isStaff: isStaff, inputs: inputs)
            }
            shown.append((submission, grade, view))
        }
        return Response.json(capacity: 1024 + submissions.count * 1024) { json in
            json.beginArray()
            for (submission, grade, view) in shown {
                SubmissionJSON.write(submission, grade: grade, exercise: record, course: access.course, username: subject.username,
                                     view: view, to: &json)
            }
            json.endArray()
        }.withNextLink(next)
    }

    // MARK: Shared by the handlers

    /// The page of an exercise for the signed-in user, with an optional refused text and message.
    private func exercisePage(_ access: CourseAccess, _ record: ExerciseRecord, text: String? = nil,
                              message: String? = nil, diagnostics: [String] = [],
                              status: HTTPStatus = .ok) async throws -> Response {
        let userID = access.principal.user.id
        let exerciseID = record.id
        let (attempts, time, inputs) = try await database.read { db in
            (try SubmissionRecord.all(userID: userID, exerciseID: exerciseID, db),
             try StudentTime.load(userID: userID, courseID: record.courseID, db),
             access.isStaff ? nil : try GradeViewing.Inputs.read(exerciseID: exerciseID, userID: userID, db))
        }
        let hidden = try inputs.map { try viewing.hiddenChecks(of: record, inputs: $0) } ?? []
        return ExercisePage.response(access: access, record: record, exercise: try library.exercise(record),
                                     window: time.window(exerciseID: exerciseID, policy: record.policy), attempts: attempts,
                                     text: text, message: message, diagnostics: diagnostics, status: status,
                                     hiddenScores: hidden.isEmpty ? nil : hidden.map(\.sentence).joined(separator: "; ") + ".")
    }

    /// The exercise page again with a refused submission's text, the refusal's message, status and headers.
    private func refused(_ refusal: some HTTPResponseError, text: String, slug: String, _ access: CourseAccess) async throws -> Response {
        var page = try await exercisePage(access, try await service.exercise(slug: slug, in: access), text: text,
                                          message: refusal.message, status: refusal.status)
        for field in refusal.headers { page = page.withHeader(field.name, field.value) }
        return page
    }

    /// The grade of a submission for the JSON API; a grade whose rows cannot be read is logged and
    /// answered 500, naming the submission (the stored data is at fault, not the request).
    private func readable(_ grade: Result<GradeDetails, UnreadableGrade>) throws -> GradeDetails {
        switch grade {
        case .success(let details):
            return details
        case .failure(let unreadable):
            console("Unreadable grade: \(unreadable)")
            throw HTTPError(.internalServerError, code: "grade_unreadable",
                            message: "The grade of submission \(unreadable.submissionID) could not be read.")
        }
    }
}
