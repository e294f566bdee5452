import CLI
import Foundation
import LecternApp
import Store

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
        let username = arguments.argument("username") ?? ""
        var password: String?
        if arguments.flag("password-stdin") {
            password = readLine(strippingNewline: true) ?? ""
        }
        let role = CourseRole(rawValue: arguments.option("role") ?? "student") ?? .student
        let user = NewUser(username: username, displayName: arguments.option("name"), email: arguments.option("email"),
                           isAdmin: arguments.flag("admin"))
        let database = try await openExistingDatabase(arguments)
        do {
            let result = try await AccountProvisioning.provision(user, password: password, courseSlug: arguments.option("course"),
                                                                 role: role, database: database)
            await database.close()
            var line = "\(result.created ? "Created" : "Updated") \(result.user.username)"
            if let course = arguments.option("course") { line += " (\(role.rawValue) in \(course))" }
            print(line)
            if let setupPath = result.setupPath {
                print("One-time link to set the password (valid 7 days): \(try link(setupPath, arguments))")
            }
            return 0
        } catch let error as AccountProvisioning.ProvisioningError {
            await database.close()
            throw UserCommandError(message: error.description)
        } catch let error as ValidationError {
            await database.close()
            throw UserCommandError(message: error.description)
        }
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
        let path = arguments.argument("file") ?? "-"
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data, let csv = String(data: data, encoding: .utf8) else {
            throw UserCommandError(message: "cannot read \(path) as UTF-8 text")
        }
        let database = try await openExistingDatabase(arguments)
        do {
            let results = try await AccountProvisioning.importRoster(csv: csv, courseSlug: arguments.option("course") ?? "",
                                                                     actorUserID: nil, database: database)
            await database.close()
            for result in results {
                print("\(result.user.username)\t\(result.created ? "created" : "enrolled")\t\(try result.setupPath.map { try link($0, arguments) } ?? "")")
            }
            return 0
        } catch let error as AccountProvisioning.ProvisioningError {
            await database.close()
            throw UserCommandError(message: error.description)
        }
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
        let database = try await openExistingDatabase(arguments)
        do {
            let path = try await AccountProvisioning.setupLink(username: arguments.argument("username") ?? "", database: database)
            await database.close()
            print("One-time link to set the password (valid 7 days): \(try link(path, arguments))")
            return 0
        } catch let error as AccountProvisioning.ProvisioningError {
            await database.close()
            throw UserCommandError(message: error.description)
        }
    })

/// A refused user command: exit status 1 with the reason.
struct UserCommandError: ExitCodeError {
    let message: String
    var exitCode: Int32 { 1 }
}
