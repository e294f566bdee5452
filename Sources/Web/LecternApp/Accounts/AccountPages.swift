import Foundation
import HTML
import HTTPServer
import Store

/// The HTML of the sign-in, account and set-password pages.
enum AccountPages {
    /// The sign-in page.
    enum SignIn {
        /// The sign-in form, with a message after a failed attempt.
        static func response(csrf: String, next: String, username: String = "", message: String? = nil,
                             status: HTTPStatus = .ok) -> Response {
            PageLayout.response(title: "Sign in", userArea: UserArea(nil), status: status) {
                h1 { "Sign in" }
                if let message { p(.class("form-error"), .role("alert")) { message } }
                form(.class("form-stack"), .method("post"), .action("/login")) {
                    input(.type("hidden"), .name("csrf"), .value(csrf))
                    input(.type("hidden"), .name("next"), .value(next))
                    label(.for("username")) { "Username" }
                    input(.type("text"), .id("username"), .name("username"), .value(username), .attr("autocomplete", "username"),
                          .flag("required"))
                    label(.for("password")) { "Password" }
                    input(.type("password"), .id("password"), .name("password"), .attr("autocomplete", "current-password"),
                          .flag("required"))
                    button(.type("submit")) { "Sign in" }
                }
            }
        }
    }

    /// The signed-in user's account page: their details and API tokens.
    enum YourAccount {
        /// The account page: who you are, your courses, your API tokens (with their scopes and last
        /// use, to the minute), and a form for a new one.
        static func response(_ principal: Principal, tokens: [APIToken], newToken: String? = nil) -> Response {
            PageLayout.response(title: "Your account", userArea: UserArea(principal)) {
                h1 { "Your account" }
                p { "Signed in as \(principal.user.displayName) (\(principal.user.username))\(principal.user.isAdmin ? ", site admin" : "")." }
                h2 { "API tokens" }
                p {
                    "Programs use a token as “Authorization: Bearer TOKEN”. A token is shown once, when it is created. "
                    "The API is described on "
                    a(.href("/api/docs")) { "the API page" }
                    "."
                }
                if let newToken {
                    div(.class("new-token"), .role("status")) {
                        p { "Your new token (copy it now: it will not be shown again):" }
                        pre { code { newToken } }
                    }
                }
                if tokens.isEmpty {
                    p(.class("muted")) { "You have no tokens." }
                } else {
                    ScrollingTable(label: "API tokens") {
                        table(.class("tokens")) {
                            thead {
                                tr {
                                    th { "Name" }; th { "Scopes" }; th { "Created" }; th { "Last used" }; th { "Status" }
                                    th { span(.class("visually-hidden")) { "Action" } }
                                }
                            }
                            tbody {
                                for token in tokens {
                                    tr {
                                        td { token.name }
                                        td { token.scopes }
                                        td { PageFormat.dateTime(token.createdAt) }
                                        td { token.lastUsedAt.map(PageFormat.dateTime) ?? "never" }
                                        td {
                                            if token.revokedAt == nil {
                                                StatusBadge("active", tone: .ok)
                                            } else {
                                                StatusBadge("revoked", tone: .neutral)
                                            }
                                        }
                                        td {
                                            if token.revokedAt == nil {
                                                form(.method("post"), .action("/account/tokens/\(token.id)/revoke")) {
                                                    CSRFField(principal)
                                                    button(.type("submit"), .class("button-danger"), .aria("label", "Revoke \(token.name)")) {
                                                        "Revoke"
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                h3 { "New token" }
                form(.class("form-stack"), .method("post"), .action("/account/tokens")) {
                    CSRFField(principal)
                    label(.for("token-name")) { "Name" }
                    p(.class("form-hint"), .id("token-name-hint")) { "Where you will use it, e.g. “laptop script”." }
                    input(.type("text"), .id("token-name"), .name("name"), .aria("describedby", "token-name-hint"), .flag("required"))
                    fieldset(.class("token-scopes")) {
                        legend { "What it may do" }
                        p(.class("form-hint")) { "Every token can read. No token can create or revoke tokens." }
                        for (name, hint) in [("submit", "submit and verify your exercises"),
                                             ("staff", "change gradebooks, policies, regrades and lectures of courses you teach")] {
                            div(.class("checkbox")) {
                                input(.type("checkbox"), .id("scope-\(name)"), .name("scope"), .value(name))
                                label(.for("scope-\(name)")) { "\(name): \(hint)" }
                            }
                        }
                    }
                    button(.type("submit")) { "Create token" }
                }
            }
        }
    }

    /// The page where a set-up or reset link leads: choose a password.
    enum ChoosePassword {
        /// The form that sets a password from a one-time link.
        static func response(token: String, user: User, message: String? = nil, status: HTTPStatus = .ok) -> Response {
            PageLayout.response(title: "Choose a password", userArea: UserArea(nil), status: status) {
                h1 { "Choose a password" }
                p { "Welcome, \(user.displayName). Choose a password of at least \(PasswordHasher.minimumLength) characters for \(user.username)." }
                if let message { p(.class("form-error"), .role("alert")) { message } }
                form(.class("form-stack"), .method("post"), .action("/set-password")) {
                    input(.type("hidden"), .name("token"), .value(token))
                    label(.for("password")) { "Password" }
                    input(.type("password"), .id("password"), .name("password"), .attr("autocomplete", "new-password"),
                          .attr("minlength", String(PasswordHasher.minimumLength)), .flag("required"))
                    button(.type("submit")) { "Set password" }
                }
            }
        }
    }

    /// A short page that says what happened and links on.
    enum Notice {
        /// A short page with one message and a link.
        static func response(title: String, message: String, link: (label: String, href: String), status: HTTPStatus = .ok,
                             principal: Principal? = nil) -> Response {
            PageLayout.response(title: title, userArea: UserArea(principal), status: status) {
                h1 { title }
                p { message }
                p { a(.href(link.href)) { link.label } }
            }
        }
    }
}
