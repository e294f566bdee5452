import Foundation
import HTML
import HTTPServer
import JSON
import SQLite
import Store

/// `GET /api/courses/:course/similarity?exercise=SLUG` and the review page
/// `GET /courses/:course/exercises/:slug/similarity`, for instructors.
struct SimilarityRoutes: Controller {
    let service: SimilarityService
    let resolvers: Resolvers
    let guards: RouteGuards

    init(_ context: AppContext) {
        service = SimilarityService(database: context.database, library: context.exercises, workers: context.regradeWorkers)
        resolvers = context.resolvers
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        router.group(middleware: [guards.staff]).get("/api/courses/:course/similarity", use: report)
        router.group(middleware: [guards.staff, guards.exercise]).get("/courses/:course/exercises/:slug/similarity", use: page)
    }

    /// The exercise is the `exercise` query parameter here, resolved as the path's would be.
    func report(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let slug = request.query["exercise"], !slug.isEmpty else {
            throw ValidationError(field: "exercise", message: "required: the exercise's slug")
        }
        let found = try await service.report(try await resolvers.exercise(slug, in: try context.course.course))
        return Response.json(capacity: 256 + found.pairs.count * 96) { json in SimilarityJSON.write(found, to: &json) }
    }

    func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        SimilarityPage.response(try context.course, try await service.report(try context.exercise))
    }
}

/// The API form of a similarity report: the pairs, most alike first.
enum SimilarityJSON {
    static func write(_ report: SimilarityService.Report, to json: inout JSONWriter) {
        json.beginObject()
        json.key("pairs")
        json.beginArray()
        for pair in report.pairs {
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

/// The review page: each pair's two submissions side by side, with the score.
enum SimilarityPage {
    /// Most pairs shown side by side (the API lists them all).
    static let maxShown = 50

    static func response(_ access: CourseAccess, _ report: SimilarityService.Report) -> Response {
        let slug = access.course.slug
        return PageLayout.response(title: "Similar work: \(report.exercise.title)", userArea: UserArea(access.principal)) {
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
