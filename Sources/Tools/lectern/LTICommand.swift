import CLI
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
    options: [Common.database.spec] + AddPlatform.all.map(\.spec) + [AddPlatform.course.spec],
    run: { arguments in
        await LTITool.addPlatform(LTITool.Registration(
            issuer: arguments[AddPlatform.issuer] ?? "", clientID: arguments[AddPlatform.clientID] ?? "",
            deploymentID: arguments[AddPlatform.deploymentID] ?? "", authURL: arguments[AddPlatform.authURL] ?? "",
            tokenURL: arguments[AddPlatform.tokenURL] ?? "", jwksURL: arguments[AddPlatform.jwksURL] ?? "",
            courseSlug: arguments[AddPlatform.course]), databasePath: arguments[Common.database]).emit()
    })

/// `lectern lti list`.
let ltiListCommand = CommandSpec(
    name: "list",
    abstract: "List the registered platforms, Lectern's published keys and the score outbox.",
    options: [Common.database.spec],
    run: { arguments in await LTITool.list(databasePath: arguments[Common.database]).emit() })

/// `lectern lti remove ID`.
let ltiRemoveCommand = CommandSpec(
    name: "remove",
    abstract: "Remove a platform (its links and queued scores go with it).",
    options: [Common.database.spec],
    arguments: [RemovePlatform.id.spec],
    run: { arguments in await LTITool.remove(id: arguments[RemovePlatform.id] ?? "", databasePath: arguments[Common.database]).emit() })

/// `lectern lti rotate-key`.
let ltiRotateKeyCommand = CommandSpec(
    name: "rotate-key",
    abstract: "Make a new signing key; the previous one stays published for a grace period.",
    options: [Common.database.spec],
    run: { arguments in await LTITool.rotateKey(databasePath: arguments[Common.database]).emit() })

private enum AddPlatform {
    static let issuer = Option<String?>("issuer", valueName: "url", help: "The platform's issuer (iss).", required: true)
    static let clientID = Option<String?>("client-id", valueName: "id", help: "Lectern's client id at the platform.", required: true)
    static let deploymentID = Option<String?>("deployment-id", valueName: "id", help: "The deployment id.", required: true)
    static let authURL = Option<String?>("auth-url", valueName: "url", help: "The platform's OIDC authorization endpoint.", required: true)
    static let tokenURL = Option<String?>("token-url", valueName: "url", help: "The platform's OAuth 2 token endpoint.", required: true)
    static let jwksURL = Option<String?>("jwks-url", valueName: "url", help: "The platform's public key set.", required: true)
    static let course = Option<String?>("course", valueName: "slug", help: "The Lectern course every launch opens.")
    static let all = [issuer, clientID, deploymentID, authURL, tokenURL, jwksURL]
}

private enum RemovePlatform {
    static let id = Argument("id", help: "The platform's number, as lectern lti list shows it.")
}
