import Foundation
import Grading
import HTTPServer
import JSON
import SQLite
import Store

/// Exercise pages and submissions: the page and its form, the result page, and the JSON API.
struct SubmissionRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        let auth = context.authenticator
        let library = ExerciseLibrary(database: database)
        let service = SubmissionService(database: database, library: library, queue: context.gradingQueue)
        let bodyLimit = SubmissionText.maxBodyBytes
        let viewing = GradeViewing(database: database, library: library)

        /// The page of an exercise for the signed-in user, with an optional refused text and message.
        @Sendable func exercisePage(_ access: CourseAccess, _ record: ExerciseRecord, text: String? = nil,
                                    message: String? = nil, diagnostics: [String] = [],
                                    status: HTTPStatus = .ok) async throws -> Response {
            let userID = access.principal.user.id
            let exerciseID = record.id
            let (attempts, time) = try await database.read { db in
                (try SubmissionRecord.all(userID: userID, exerciseID: exerciseID, db),
                 try StudentTime.load(userID: userID, courseID: record.courseID, db))
            }
            let hidden = access.isStaff ? [] : try await viewing.hiddenChecks(of: record, userID: userID)
            return ExercisePage.response(access: access, record: record, exercise: try library.exercise(record),
                                         window: time.window(exerciseID: exerciseID, policy: record.policy), attempts: attempts,
                                         text: text, message: message, diagnostics: diagnostics, status: status,
                                         hiddenScores: hidden.isEmpty ? nil : hidden.map(\.sentence).joined(separator: "; ") + ".")
        }

        router.get("/courses/:course/exercises/:slug") { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            let record = try await service.exercise(slug: try context.parameters.require("slug"), in: access.course)
            try await ExerciseVisibility.require(record, access, database: database)
            return try await exercisePage(access, record)
        }

        // The starter as a file, in each form the exercise accepts (`starter.layout`, `starter.swift`, …).
        router.get("/courses/:course/exercises/:slug/downloads/:file") { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            let record = try await service.exercise(slug: try context.parameters.require("slug"), in: access.course)
            try await ExerciseVisibility.require(record, access, database: database)
            let name = try context.parameters.require("file")
            guard let download = ExerciseDownload.starters(of: try library.exercise(record)).first(where: { $0.fileName == name }) else {
                throw HTTPError.notFound("This exercise has no file \(name).")
            }
            return Response(status: .ok, contentType: download.mediaType, body: .bytes(Array(download.text.utf8)))
                .withHeader("Content-Disposition", "attachment; filename=\"\(download.fileName)\"")
        }

        router.post("/courses/:course/exercises/:slug", maxBodyBytes: bodyLimit) { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            let form = try request.form()
            try principal.checkCSRF(request, form: form)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            let record = try await service.exercise(slug: try context.parameters.require("slug"), in: access.course)
            try await ExerciseVisibility.require(record, access, database: database)
            let (text, declaredForm) = try SubmissionText.fromForm(request, form)
            do {
                let outcome = try await service.submit(text, form: declaredForm, to: record, by: principal.user.id)
                return .redirect(to: "/submissions/\(outcome.submission.id)")
            } catch let error as HTTPError where [403, 409, 429].contains(error.status.code) {
                var page = try await exercisePage(access, record, text: text, message: error.message, status: error.status)
                for field in error.headers { page = page.withHeader(field.name, field.value) }
                return page
            } catch let unreadable as SubmissionService.Unreadable {
                return try await exercisePage(access, record, text: text, message: unreadable.message,
                                              diagnostics: unreadable.diagnostics, status: .unprocessableContent)
            }
        }

        router.get("/submissions/:id") { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            let (content, isStaff) = try await SubmissionAccess.load(id: Int64(try context.parameters.int("id")), for: principal, database: database)
            let pictures = try await service.pictures(for: content.submission, viewerID: principal.user.id)
            // A storyboard or source file is read again to show what it was understood as: reading, not grading.
            var conversion: ConvertedSubmission?
            let form = SubmissionForm.detect(content.submission.text)
            if form != .text, let exercise = try await library.exercise(id: content.submission.exerciseID,
                                                                        version: content.submission.exerciseVersion),
               case .success(let converted) = Grader.convert(content.submission.text, form: form, for: exercise) {
                conversion = converted
            }
            let view = try await viewing.view(content.submission, of: content.exercise, isStaff: isStaff)
            let submissionID = content.submission.id
            let exerciseID = content.submission.exerciseID
            let requests = try await database.read { db in
                (try RegradeRequest.all(submissionID: submissionID, db), try RegradeRequest.cutoff(exerciseID: exerciseID, db))
            }
            return SubmissionPage.response(content, pictures: pictures, viewer: principal, isStaff: isStaff, conversion: conversion,
                                           view: view, regradeRequests: requests)
        }

        router.post("/api/courses/:course/exercises/:slug/submissions", maxBodyBytes: bodyLimit) { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            try principal.checkCSRF(request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            let record = try await service.exercise(slug: try context.parameters.require("slug"), in: access.course)
            try await ExerciseVisibility.require(record, access, database: database)
            let (text, declaredForm) = try SubmissionText.fromAPIWithForm(request)
            let outcome: SubmissionService.Outcome
            do {
                outcome = try await service.submit(text, form: declaredForm, to: record, by: principal.user.id)
            } catch let unreadable as SubmissionService.Unreadable {
                throw HTTPError.unprocessable(unreadable.message, code: "unreadable",
                                              errors: DiagnosticErrors.fieldErrors(unreadable.diagnostics, field: "text"))
            }
            let reused: Bool
            if case .reused = outcome { reused = true } else { reused = false }
            let view = try await viewing.view(outcome.submission, of: record, isStaff: access.isStaff)
            return Response.json(status: reused ? .ok : .created, capacity: 2048) { json in
                SubmissionJSON.write(outcome.submission, exercise: record, course: access.course, username: principal.user.username,
                                     reused: reused, view: view, to: &json)
            }.withHeader("Location", "/api/submissions/\(outcome.submission.id)")
        }

        router.get("/api/submissions/:id") { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            let (content, isStaff) = try await SubmissionAccess.load(id: Int64(try context.parameters.int("id")), for: principal, database: database)
            let view = try await viewing.view(content.submission, of: content.exercise, isStaff: isStaff)
            return Response.json(capacity: 2048) { json in
                SubmissionJSON.write(content.submission, exercise: content.exercise, course: content.course,
                                     username: content.owner.username, includeText: true, view: view, to: &json)
            }
        }

        router.get("/api/courses/:course/exercises/:slug/submissions") { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            let record = try await service.exercise(slug: try context.parameters.require("slug"), in: access.course)
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
            let all = try await database.read { db in try SubmissionRecord.all(userID: subjectID, exerciseID: exerciseID, db) }
            let after = page.cursor.flatMap { Int($0.key) } ?? Int.max
            let remaining = all.filter { $0.attempt < after }
            let submissions = Array(remaining.prefix(page.limit))
            var next: String?
            if remaining.count > submissions.count, let last = submissions.last {
                next = PageRequest.nextLink(request, cursor: Cursor(list: "submissions", scope: "\(exerciseID)/\(subjectID)",
                                                                    key: String(last.attempt)))
            }
            var views: [GradeView] = []
            for submission in submissions { views.append(try await viewing.view(submission, of: record, isStaff: access.isStaff)) }
            return Response.json(capacity: 1024 + submissions.count * 1024) { json in
                json.beginArray()
                for (submission, view) in zip(submissions, views) {
                    SubmissionJSON.write(submission, exercise: record, course: access.course, username: subject.username, view: view, to: &json)
                }
                json.endArray()
            }.withNextLink(next)
        }
    }
}
