import HTML
import HTTPServer

/// The HTML page for an error answer (404, 403, 422…), in the site's own layout, so a person who
/// follows a stale link still has the navigation and the stylesheet. API paths get JSON instead.
enum ErrorPage {
    static func render(_ error: HTTPError) -> [UInt8] {
        PageLayout.render(title: "\(error.status.code) \(error.status.reason)") {
            h1 { "\(error.status.code) \(error.status.reason)" }
            p { error.message }
            p { a(.href("/courses")) { "Back to the courses" } }
        }.render()
    }
}
