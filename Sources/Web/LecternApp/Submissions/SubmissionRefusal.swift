import HTTPServer

/// Why a submission was refused before it was graded, without using an attempt: the exercise's
/// window and attempt rules, or the grading queue. The form shows the exercise page again with the
/// message; the API answers with the status, code and headers.
enum SubmissionRefusal: Error, Sendable, Equatable {
    /// Not open, closed (403), no attempts left (409), or cooling down (429 with `Retry-After`).
    case window(SubmissionWindow.Refusal)
    /// The user's earlier submission is still in grading (429), or the queue is full (503).
    case queue(GradingQueue.Refusal)

    var status: HTTPStatus { httpError.status }
    var message: String { httpError.message }
    var headers: HTTPHeaders { httpError.headers }

    /// The answer at the edge.
    var httpError: HTTPError {
        switch self {
        case .window(let refusal): refusal.httpError
        case .queue(let refusal): refusal.httpError
        }
    }
}
