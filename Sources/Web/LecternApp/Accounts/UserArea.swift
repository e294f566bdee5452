import HTML

/// The signed-in user area of the page header: the user's name, their account page and a sign-out
/// button; or a sign-in link for anonymous visitors.
struct UserArea: Component {
    /// Who is signed in; nil for an anonymous visitor.
    let principal: Principal?

    init(_ principal: Principal?) { self.principal = principal }

    var body: HTML {
        guard let principal else {
            return a(.class("sign-in"), .href("/login")) { "Sign in" }
        }
        return HTML.element("span", [.class("signed-in")]) {
            a(.href("/account")) { principal.user.displayName }
            if let csrf = principal.csrfToken {
                form(.class("sign-out"), .method("post"), .action("/logout")) {
                    input(.type("hidden"), .name("csrf"), .value(csrf))
                    button(.type("submit")) { "Sign out" }
                }
            }
        }
    }
}

/// The hidden CSRF input of a state-changing form (nothing for bearer clients, who need none).
struct CSRFField: Component {
    /// Whose session token the form carries.
    let principal: Principal

    init(_ principal: Principal) { self.principal = principal }

    var body: HTML {
        guard let csrf = principal.csrfToken else { return .empty }
        return input(.type("hidden"), .name("csrf"), .value(csrf))
    }
}
