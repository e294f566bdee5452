/// The access middleware, built once from the ``AppContext``'s resolvers, that controllers put
/// in front of their routes:
///
/// ```swift
/// let staff = router.group(middleware: [guards.staff])                 // context.course, context.principal
/// staff.get("/courses/:course/gradebook", use: page)
/// let exercise = router.group(middleware: [guards.staff, guards.exercise, CSRFCheck.form])
/// exercise.post("/courses/:course/exercises/:slug/policy", maxBodyBytes: 8192, use: savePolicyForm)
/// ```
struct RouteGuards: Sendable {
    /// Signed-in requests only (`context.principal`).
    let signedIn = RequireSignIn()
    /// Members of the path's course, and site admins (`context.course`).
    let member: RequireCourse
    /// The path's course's instructors, and site admins (`context.course`).
    let staff: RequireCourse
    /// The path's exercise in the path's course (`context.exercise`); after `member` or `staff`.
    let exercise: RequireExercise

    init(resolvers: Resolvers) {
        member = RequireCourse(requirement: .member, resolvers: resolvers)
        staff = RequireCourse(requirement: .staff, resolvers: resolvers)
        exercise = RequireExercise(resolvers: resolvers)
    }
}
