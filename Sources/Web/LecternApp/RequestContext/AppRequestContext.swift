import HTTPServer
import Store

/// The request context the app's handlers take: the server's ``RequestContext`` with what the
/// app's middleware resolved into it, read through the typed accessors below.
///
/// ```swift
/// func show(_ request: Request, context: AppRequestContext) async throws -> Response {
///     let access = try context.course        // set by RequireCourse: course, role, principal
///     let record = try context.exercise      // set by RequireExercise
///     return GradebookPages.ExerciseScores.response(access, exercise: record, …)
/// }
/// ```
typealias AppRequestContext = RequestContext

/// The signed-in principal, set by ``RequireSignIn`` and ``RequireCourse``.
enum CurrentPrincipal: ContextKey { typealias Value = Principal }
/// The caller's access to the `:course` of the path, set by ``RequireCourse``.
enum CurrentCourse: ContextKey { typealias Value = CourseAccess }
/// The `:slug` exercise of the path's course, set by ``RequireExercise``.
enum CurrentExercise: ContextKey { typealias Value = ExerciseRecord }
/// The parsed form body, set by ``CSRFCheck/form``, which read it to find the token.
enum CurrentForm: ContextKey { typealias Value = FormParameters }
/// Who the request comes from, resolved at most once, set for every request by ``PrincipalResolution``.
enum CurrentPrincipalResolution: ContextKey { typealias Value = PrincipalResolution.Once }

extension RequestContext {
    /// The signed-in principal. Routes behind ``RequireSignIn`` or ``RequireCourse`` have one.
    /// - Throws: ``MissingContextValue`` (500) when the route lacks that middleware.
    var principal: Principal {
        get throws(MissingContextValue) {
            guard let principal = self[CurrentPrincipal.self] else { throw MissingContextValue(name: "principal", route: route) }
            return principal
        }
    }

    /// Who the request comes from, or nil when nobody is signed in: for routes open to everyone
    /// that answer signed-in visitors differently. Resolved once per request, however often it is read.
    /// - Throws: 401 for an unknown bearer token, 403 for a token without the needed scope.
    var optionalPrincipal: Principal? {
        get async throws {
            if let principal = self[CurrentPrincipal.self] { return principal }
            guard let once = self[CurrentPrincipalResolution.self] else {
                throw MissingContextValue(name: "principal resolution", route: route)
            }
            return try await once.principal()
        }
    }

    /// The caller's access to the path's course. Routes behind ``RequireCourse`` have it.
    var course: CourseAccess {
        get throws(MissingContextValue) {
            guard let access = self[CurrentCourse.self] else { throw MissingContextValue(name: "course", route: route) }
            return access
        }
    }

    /// The path's exercise in the path's course. Routes behind ``RequireExercise`` have it.
    var exercise: ExerciseRecord {
        get throws(MissingContextValue) {
            guard let record = self[CurrentExercise.self] else { throw MissingContextValue(name: "exercise", route: route) }
            return record
        }
    }

    /// The form body. Routes behind ``CSRFCheck/form`` have it.
    var form: FormParameters {
        get throws(MissingContextValue) {
            guard let form = self[CurrentForm.self] else { throw MissingContextValue(name: "form", route: route) }
            return form
        }
    }
}

/// A handler read a context value that no middleware of its route sets: a mistake in the route's
/// registration, answered 500 (and logged by the server's error middleware as unexpected).
struct MissingContextValue: Error, CustomStringConvertible {
    let name: String
    let route: String?

    var description: String { "the route \(route ?? "?") reads the \(name) but has no middleware that sets it" }
}
