import CLI
import Foundation
import LecternApp

/// `lectern lti …`: LTI 1.3 platforms and Lectern's signing key (docs/lti.md).
let ltiCommand = CommandSpec(
    name: "lti",
    abstract: "Register LMS platforms for LTI 1.3 and manage Lectern's signing key.",
    subcommands: [ltiAddPlatformCommand, ltiListCommand, ltiRemoveCommand, ltiRotateKeyCommand])

/// `lectern lti add-platform --issuer URL --client-id ID --deployment-id ID --auth-url URL --token-url URL --jwks-url URL [--course SLUG]`.
let ltiAddPlatformCommand = CommandSpec(
    name: "add-platform",
    abstract: "Register an LMS (Canvas, Moodle, ...) that launches Lectern.",
    discussion: """
        The values come from the LMS's registration of Lectern (docs/lti.md). URLs must be https://, \
        or http:// to a loopback address. With --course every launch from this platform opens that course; \
        without it each link names its course, and an instructor's first launch links the LMS course.
        """,
    options: [
        databaseOption,
        OptionSpec("issuer", valueName: "url", help: "The platform's issuer (iss)."),
        OptionSpec("client-id", valueName: "id", help: "Lectern's client id at the platform."),
        OptionSpec("deployment-id", valueName: "id", help: "The deployment id."),
        OptionSpec("auth-url", valueName: "url", help: "The platform's OIDC authorization endpoint."),
        OptionSpec("token-url", valueName: "url", help: "The platform's OAuth 2 token endpoint."),
        OptionSpec("jwks-url", valueName: "url", help: "The platform's public key set."),
        OptionSpec("course", valueName: "slug", help: "The Lectern course every launch opens."),
    ],
    run: { arguments in
        var values: [String: String] = [:]
        for name in ["issuer", "client-id", "deployment-id", "auth-url", "token-url", "jwks-url"] {
            guard let value = arguments.option(name), !value.isEmpty else { throw LTICommandError(message: "--\(name) is required") }
            values[name] = value
        }
        let database = try await openExistingDatabase(arguments)
        do {
            let lines = try await LTITool.addPlatform(
                issuer: values["issuer"] ?? "", clientID: values["client-id"] ?? "", deploymentID: values["deployment-id"] ?? "",
                authURL: values["auth-url"] ?? "", tokenURL: values["token-url"] ?? "", jwksURL: values["jwks-url"] ?? "",
                courseSlug: arguments.option("course"), database: database)
            await database.close()
            lines.forEach { print($0) }
            return 0
        } catch let error as LTITool.Failure {
            await database.close()
            throw LTICommandError(message: error.description)
        }
    })

/// `lectern lti list`.
let ltiListCommand = CommandSpec(
    name: "list",
    abstract: "List the registered platforms, Lectern's published keys and the score outbox.",
    options: [databaseOption],
    run: { arguments in
        let database = try await openExistingDatabase(arguments)
        let lines = try await LTITool.list(database: database)
        await database.close()
        lines.forEach { print($0) }
        return 0
    })

/// `lectern lti remove ID`.
let ltiRemoveCommand = CommandSpec(
    name: "remove",
    abstract: "Remove a platform (its links and queued scores go with it).",
    options: [databaseOption],
    arguments: [ArgumentSpec("id", help: "The platform's number, as lectern lti list shows it.")],
    run: { arguments in
        guard let id = arguments.argument("id").flatMap({ Int64($0) }) else { throw LTICommandError(message: "ID must be a platform number") }
        let database = try await openExistingDatabase(arguments)
        do {
            let lines = try await LTITool.remove(id: id, database: database)
            await database.close()
            lines.forEach { print($0) }
            return 0
        } catch let error as LTITool.Failure {
            await database.close()
            throw LTICommandError(message: error.description)
        }
    })

/// `lectern lti rotate-key`.
let ltiRotateKeyCommand = CommandSpec(
    name: "rotate-key",
    abstract: "Make a new signing key; the previous one stays published for a grace period.",
    options: [databaseOption],
    run: { arguments in
        let database = try await openExistingDatabase(arguments)
        let lines = try await LTITool.rotateKey(database: database)
        await database.close()
        lines.forEach { print($0) }
        return 0
    })

/// A failed `lti` command: exit status 1 with the reason.
struct LTICommandError: ExitCodeError {
    let message: String
    var exitCode: Int32 { 1 }
}
