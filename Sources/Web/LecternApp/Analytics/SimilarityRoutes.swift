import Foundation
import HTML
import HTTPServer
import JSON
import SQLite
import Store

/// `GET /api/courses/:course/similarity?exercise=SLUG` and the review page
/// `GET /courses/:course/exercises/:slug/similarity`, for instructors.
struct SimilarityRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        let auth = context.authenticator
        let service = SimilarityService(database: database, library: ExerciseLibrary(database: database), workers: context.regradeWorkers)

        @Sendable func report(_ request: Request, _ context: RequestContext, slug: String?) async throws -> (CourseAccess, SimilarityService.Report) {
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal,
                                                        database: database)
            try access.requireStaff()
            guard let slug, !slug.isEmpty else { throw ValidationError(field: "exercise", message: "required: the exercise's slug") }
            let courseID = access.course.id
            guard let record = try await database.read({ db in try ExerciseRecord.find(courseID: courseID, slug: slug, db) }) else {
                throw HTTPError.notFound("No exercise \(slug).")
            }
            return (access, try await service.report(record))
        }

        router.get("/api/courses/:course/similarity") { request, context in
            let (_, found) = try await report(request, context, slug: request.query["exercise"])
            return Response.json(capacity: 256 + found.pairs.count * 96) { json in
                json.beginObject()
                json.key("pairs")
                json.beginArray()
                for pair in found.pairs {
                    json.beginObject()
                    json.field("a", pair.a)
                    json.field("b", pair.b)
                    json.field("score", pair.score)
                    json.field("submissions", pair.submissions)
                    json.endObject()
                }
                json.endArray()
                json.endObject()
            }
        }

        router.get("/courses/:course/exercises/:slug/similarity") { request, context in
            let (access, found) = try await report(request, context, slug: try context.parameters.require("slug"))
            return SimilarityPage.response(access, found)
        }
    }
}

/// The review page: each pair's two submissions side by side, with the score.
enum SimilarityPage {
    /// Most pairs shown side by side (the API lists them all).
    static let maxShown = 50

    static func response(_ access: CourseAccess, _ report: SimilarityService.Report) -> Response {
        let slug = access.course.slug
        return PageLayout.response(title: "Similar work: \(report.exercise.title)", userArea: UserArea.html(access.principal)) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses/\(slug)")) { access.course.title }
                " › "
                a(.href("/courses/\(slug)/exercises/\(report.exercise.slug)/analytics")) { "Analytics" }
            }
            h1 { "Similar work: \(report.exercise.title)" }
            p(.class("notice")) {
                "Pairs of students whose counted submissions are the same or nearly the same once guides, metrics and behaviors are renamed, "
                "lines reordered and text reformatted. This is for you to review; nobody is penalised automatically."
            }
            p(.class("meta")) {
                "\(report.compared) students compared; \(report.excluded) left out (the reference, the starter, or no longer than the reference)"
                if report.skipped > 0 { "; \(report.skipped) not compared (at most \(SimilarityService.maxCompared))" }
                "."
            }
            if report.pairs.isEmpty { p { "No pair is similar enough to review." } }
            for pair in report.pairs.prefix(maxShown) {
                section(.class("similar-pair"), .aria("label", "\(pair.a) and \(pair.b)")) {
                    h2 { "\(pair.a) and \(pair.b): \(PageFormat.percent(pair.score)) alike" }
                    div(.class("conversion-pair")) {
                        for (index, name) in [pair.a, pair.b].enumerated() {
                            figure {
                                figcaption { a(.href("/submissions/\(pair.submissions[index])")) { name } }
                                pre(.attr("tabindex", "0")) { HTML.element("code") { pair.texts[index] } }
                            }
                        }
                    }
                }
            }
        }
    }
}
