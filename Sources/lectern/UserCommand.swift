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
    options: [
        databaseOption,
        publicURLOption,
        OptionSpec("course", valueName: "slug", help: "Enroll the user in this course."),
        OptionSpec("role", valueName: "role", help: "The role in the course.", default: "student",
                   kind: .choice(["student", "instructor"])),
        OptionSpec("name", valueName: "display name", help: "The name shown on pages (default: the username)."),
        OptionSpec("email", valueName: "address", help: "The user's e-mail address."),
    ],
    flags: [
        FlagSpec("password-stdin", help: "Read the password from standard input."),
        FlagSpec("admin", help: "Make the user a site administrator."),
    ],
    arguments: [ArgumentSpec("username", help: "The sign-in name: letters, digits, '.', '_' and '-'.")],
    run: { arguments in
        var password: String?
        if arguments.flag("password-stdin") {
            password = readLine(strippingNewline: true) ?? ""
        }
        return try await AccountTool.add(username: arguments.argument("username") ?? "", displayName: arguments.option("name"),
                                         email: arguments.option("email"), isAdmin: arguments.flag("admin"), password: password,
                                         courseSlug: arguments.option("course"), role: arguments.option("role") ?? "student",
                                         in: accountTarget(arguments)).emit()
    })

/// `lectern user import --course SLUG FILE`: imports a roster CSV (username, display name, email).
let userImportCommand = CommandSpec(
    name: "import",
    abstract: "Import a roster (CSV: username, display name, email) into a course as students.",
    options: [
        databaseOption,
        publicURLOption,
        OptionSpec("course", valueName: "slug", help: "The course to enroll the students in.", required: true),
    ],
    arguments: [ArgumentSpec("file", help: "The CSV file, or - for standard input.")],
    run: { arguments in
        try await AccountTool.importRoster(path: arguments.argument("file") ?? "-", courseSlug: arguments.option("course") ?? "",
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
    options: [databaseOption, publicURLOption],
    arguments: [ArgumentSpec("username", help: "The account's sign-in name.")],
    run: { arguments in
        try await AccountTool.link(username: arguments.argument("username") ?? "", in: accountTarget(arguments)).emit()
    })

/// A refused user command: exit status 1 with the reason.
/// The database and public URL options, for the account tools.
private func accountTarget(_ arguments: ParsedArguments) -> AccountTool.Target {
    AccountTool.Target(databasePath: arguments.option("db") ?? "./lectern.sqlite", publicURL: arguments.option("public-url"))
}
