import HTTPServer

/// A group of related routes in Hummingbird's controller style: a struct that takes the services
/// it needs from the ``AppContext`` once, lists its routes in ``addRoutes(to:)`` and handles each in
/// one named method. Access (sign-in, course, staff, exercise, CSRF) is middleware of a route
/// group (``RouteGuards``, ``CSRFCheck``), and handlers read what it resolved from the context.
///
/// ```swift
/// struct GradebookRoutes: Controller {
///     let database: DatabasePool
///     let guards: RouteGuards
///     init(_ context: AppContext) { database = context.database; guards = context.guards }
///
///     func addRoutes(to router: Router) {
///         router.group(middleware: [guards.staff]).get("/courses/:course/gradebook", use: page)
///     }
///
///     func page(_ request: Request, context: AppRequestContext) async throws -> Response {
///         let access = try context.course
///         return GradebookPages.Overview.response(access, try await Gradebook.load(access.course, from: database), sort: nil, filter: nil)
///     }
/// }
/// ```
///
/// It is listed in `Application.routeCollections` as `ControllerRoutes(GradebookRoutes.self)`.
protocol Controller: Sendable {
    /// Takes what the handlers need from the application's context.
    init(_ context: AppContext)
    /// Lists the routes: one line each, pattern, body limit and handler; nothing else.
    func addRoutes(to router: Router)
}

/// A controller as an entry of `Application.routeCollections`: built once from the context when
/// the router is made.
struct ControllerRoutes<C: Controller>: RouteCollection {
    init(_ type: C.Type) {}

    func register(on router: Router, context: AppContext) {
        C(context).addRoutes(to: router)
    }
}
