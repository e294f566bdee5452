import HTTPServer

/// Resolves the `:course` of the path for the signed-in caller and puts the access into the
/// context (`context.course`, and `context.principal`): a course that does not exist and one the
/// caller is not part of are the same 404 ("No course …"); with ``Requirement/staff``, a member
/// who does not teach it gets the one 403.
struct RequireCourse: Middleware {
    /// Who may pass.
    enum Requirement: Sendable {
        /// Any member of the course (and site admins).
        case member
        /// The course's instructors (and site admins).
        case staff
    }

    let requirement: Requirement
    let resolvers: Resolvers

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        let principal = try await RequireSignIn.principal(request, context)
        let access = try await resolvers.course(try context.parameters.require("course"), for: principal)
        if requirement == .staff { try access.requireStaff() }
        var context = context
        context[CurrentPrincipal.self] = principal
        context[CurrentCourse.self] = access
        return try await next(request, context)
    }
}
