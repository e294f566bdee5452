import HTML
import HTTPServer

/// The chrome every HTML page shares: the document head with the stylesheet, a header with the
/// site name, the navigation and the signed-in user area, the page's own content in `<main>`,
/// and a footer.
///
/// ```swift
/// let page = PageLayout.page(title: "Lecture 9", userArea: UserArea(principal)) {
///     h1 { "Lecture 9" }
///     p { "…" }
/// }
/// return Response.html(page.render())
/// ```
///
/// Pages are plain HTML that works without JavaScript; `Public/style.css` styles them.
enum PageLayout {
    /// The name in the header and after every page title.
    static let siteName = "Lectern"
    /// The stylesheet every page links, served from `Public/`.
    static let stylesheetPath = "/style.css"

    /// A link in the header navigation.
    struct NavigationLink: Sendable {
        let label: String
        let href: String
    }

    /// The header navigation, in display order.
    static let navigation: [NavigationLink] = [
        NavigationLink(label: "Courses", href: "/courses"),
        NavigationLink(label: "Search", href: "/search"),
    ]

    /// A complete page: the layout around `content`. Pages answer with ``response(title:lang:userArea:scripts:status:content:)``.
    ///
    /// - Parameters:
    ///   - title: The page title, shown in the browser tab as "title · Lectern".
    ///   - lang: The language of the content (`en`, `ru`), for the `lang` attribute.
    ///   - userArea: The signed-in user's name and sign-out form, or a sign-in link; nothing when nil.
    ///   - content: The page body, placed inside `<main>`.
    ///   - scripts: Scripts of `Public/` the page adds as progressive enhancement (deferred; the page
    ///     works without them, and the Content Security Policy allows only these same-origin files).
    static func page(title pageTitle: String, lang: String = "en", userArea: UserArea? = nil, scripts: [String] = [],
                     @HTMLBuilder content: () -> HTML) -> HTML {
        let pageContent = content()
        return document(lang: lang) {
            head {
                meta(.charset("utf-8"))
                meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
                title { pageTitle.isEmpty ? siteName : "\(pageTitle) · \(siteName)" }
                link(.rel("stylesheet"), .href(stylesheetPath))
                for source in scripts { script(.src(source), .flag("defer")) }
            }
            body {
                header(.class("site-header")) {
                    div(.class("site-header-inner")) {
                        a(.class("site-name"), .href("/")) { siteName }
                        nav(.class("site-nav"), .aria("label", "Main")) {
                            for item in navigation {
                                a(.href(item.href)) { item.label }
                            }
                        }
                        if let userArea {
                            div(.class("user-area")) { userArea }
                        }
                    }
                }
                main(.class("page")) { pageContent }
                footer(.class("site-footer")) {
                    p { "\(siteName) · course lectures, captions and exercises" }
                }
            }
        }
    }

    /// A complete page as an HTTP response.
    static func response(title: String, lang: String = "en", userArea: UserArea? = nil, scripts: [String] = [],
                         status: HTTPStatus = .ok, @HTMLBuilder content: () -> HTML) -> Response {
        Response.html(page(title: title, lang: lang, userArea: userArea, scripts: scripts, content: content)
                        .render(capacity: 16 * 1024), status: status)
    }
}
