import HTML
import HTTPServer

/// The HTML page for an error answer (404, 403, 422…), in the site's own layout, so a person who
/// follows a stale link still has the navigation, the stylesheet and who they are signed in as.
/// API paths get JSON instead.
enum ErrorPage {
    /// The error's page as the answer, with the error's status.
    static func response(_ error: HTTPError, userArea: UserArea? = nil) -> Response {
        Response.html(page(error, userArea: userArea).render(capacity: 16 * 1024), status: error.status)
    }

    /// The page alone, for the server's error renderer, which adds the status itself.
    static func page(_ error: HTTPError, userArea: UserArea? = nil) -> HTML {
        PageLayout.page(title: "\(error.status.code) \(error.status.reason)", userArea: userArea) {
            h1 { "\(error.status.code) \(error.status.reason)" }
            p { error.message }
            p { a(.href("/")) { "Back to the home page" } }
        }
    }
}

/// Renders error pages of HTML requests with the header's user area: the error renderer of the
/// server knows nothing of accounts, so this middleware, which does, renders them first.
/// Redirects (a 303 to the sign-in page) and API errors pass through untouched.
/// The user area reads the request's one principal resolution (``PrincipalResolution``).
struct ErrorPageMiddleware: Middleware {
    let renderer: ErrorRenderer

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let thrown as any HTTPResponseError where thrown.status.code >= 400 && !renderer.wantsJSON(request) {
            let error = HTTPError(thrown)
            let principal = try? await context.optionalPrincipal
            var response = ErrorPage.response(error, userArea: UserArea(principal))
            for field in error.headers { response.headers.add(field.name, field.value) }
            return response
        }
    }
}
