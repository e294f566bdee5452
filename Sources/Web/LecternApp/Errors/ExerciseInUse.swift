import HTTPServer

/// An exercise that cannot be deleted because it has grades (submissions or regrades): 409.
struct ExerciseInUse: HTTPResponseError {
    /// The exercise's slug.
    let slug: String
    /// What holds it, as the store said it.
    let reason: String

    var status: HTTPStatus { .conflict }
    var code: String { "has_grades" }
    var message: String { "\(slug) \(reason)." }
}
