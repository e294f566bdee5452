import CLI
import Foundation
import LecternApp

/// `lectern user add`: creates an account (or enrolls an existing one) from the command line.
let userCommand = CommandSpec(
    name: "user",
    abstract: "Manage user accounts.",
    subcommands: [userAddCommand, userImportCommand, userLinkCommand])

/// `lectern user add [--db PATH] [--course SLUG --role student|instructor] [--password-stdin] [--admin] USERNAME`.
let userAddCommand = CommandSpec(
    name: "add",
    abstract: "Create a user, or enroll an existing one in a course.",
    discussion: """
        With --password-stdin the password (at least 10 characters) is read from the first line of \
        standard input; without it, a one-time set-password link is printed for the user to choose one.
        """,
    options: [Common.database.spec, Common.publicURL.spec, AddUser.course.spec, AddUser.role.spec, AddUser.name.spec,
              AddUser.email.spec],
    flags: [AddUser.passwordStdin.spec, AddUser.admin.spec],
    arguments: [Accounts.username.spec],
    run: { arguments in
        var password: String?
        if arguments[AddUser.passwordStdin] {
            password = readLine(strippingNewline: true) ?? ""
        }
        return try await AccountTool.add(username: arguments[Accounts.username] ?? "", displayName: arguments[AddUser.name],
                                         email: arguments[AddUser.email], isAdmin: arguments[AddUser.admin], password: password,
                                         courseSlug: arguments[AddUser.course], role: arguments[AddUser.role],
                                         in: accountTarget(arguments)).emit()
    })

/// `lectern user import --course SLUG FILE`: imports a roster CSV (username, display name, email).
let userImportCommand = CommandSpec(
    name: "import",
    abstract: "Import a roster (CSV: username, display name, email) into a course as students.",
    options: [Common.database.spec, Common.publicURL.spec, ImportRoster.course.spec],
    arguments: [ImportRoster.file.spec],
    run: { arguments in
        try await AccountTool.importRoster(path: arguments[ImportRoster.file] ?? "-", courseSlug: arguments[ImportRoster.course] ?? "",
                                           in: accountTarget(arguments)).emit()
    })

/// `lectern user link USERNAME`: a new one-time set-password link for an existing account.
let userLinkCommand = CommandSpec(
    name: "link",
    abstract: "Print a new one-time set-password link for an existing account (not an admin).",
    discussion: """
        Links are a credential: the web pages and the API give one only for an account they have just \
        created. This command, run by whoever operates the server, is the way to give one to an \
        existing account, for example when the first link expired.
        """,
    options: [Common.database.spec, Common.publicURL.spec],
    arguments: [Accounts.linkUsername.spec],
    run: { arguments in
        try await AccountTool.link(username: arguments[Accounts.linkUsername] ?? "", in: accountTarget(arguments)).emit()
    })

/// A refused user command: exit status 1 with the reason.
/// The database and public URL options, for the account tools.
private func accountTarget(_ arguments: ParsedArguments) -> AccountTool.Target {
    AccountTool.Target(databasePath: arguments[Common.database], publicURL: arguments[Common.publicURL])
}

private enum Accounts {
    static let username = Argument("username", help: "The sign-in name: letters, digits, '.', '_' and '-'.")
    static let linkUsername = Argument("username", help: "The account's sign-in name.")
}

private enum AddUser {
    static let course = Option<String?>("course", valueName: "slug", help: "Enroll the user in this course.")
    static let role = Option("role", valueName: "role", help: "The role in the course.", default: "student",
                             kind: .choice(["student", "instructor"]))
    static let name = Option<String?>("name", valueName: "display name", help: "The name shown on pages (default: the username).")
    static let email = Option<String?>("email", valueName: "address", help: "The user's e-mail address.")
    static let passwordStdin = Flag("password-stdin", help: "Read the password from standard input.")
    static let admin = Flag("admin", help: "Make the user a site administrator.")
}

private enum ImportRoster {
    static let course = Option<String?>("course", valueName: "slug", help: "The course to enroll the students in.", required: true)
    static let file = Argument("file", help: "The CSV file, or - for standard input.")
}
