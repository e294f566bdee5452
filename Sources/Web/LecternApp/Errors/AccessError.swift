import HTTPServer

/// Why a request may not reach a course or an exercise: one text for each case, wherever it is
/// checked. A course that does not exist and one the caller is not part of look the same (404),
/// so the existence of a course does not leak.
enum AccessError: HTTPResponseError, Equatable {
    /// No such course, or the caller is not part of it.
    case noCourse(String)
    /// The caller is part of the course but does not teach it.
    case notStaff
    /// No such exercise in the course (for students also: not published).
    case noExercise(String, in: String)

    var status: HTTPStatus {
        switch self {
        case .noCourse, .noExercise: .notFound
        case .notStaff: .forbidden
        }
    }

    var message: String {
        switch self {
        case .noCourse(let slug): "No course \(slug)."
        case .notStaff: "Only the course's instructors can do this."
        case .noExercise(let slug, let course): "No exercise \(slug) in \(course)."
        }
    }
}
