import HTTPServer

/// Why the grading queue does not take a submission now: the page shows it beside the answer
/// (in progress) or the edge answers 503 (busy), each with `Retry-After`.
enum GradingRefusal: HTTPResponseError, Equatable {
    /// The user's previous submission is still being graded.
    case inProgress(retryAfter: Int)
    /// Too many jobs are waiting.
    case busy(retryAfter: Int)

    var status: HTTPStatus {
        switch self {
        case .inProgress: .tooManyRequests
        case .busy: .serviceUnavailable
        }
    }

    var code: String {
        switch self {
        case .inProgress: "grading_in_progress"
        case .busy: "busy"
        }
    }

    var message: String {
        switch self {
        case .inProgress: "Your previous submission is still being graded; wait for its result before sending another."
        case .busy: "The server is busy grading; try again shortly."
        }
    }

    var headers: HTTPHeaders {
        switch self {
        case .inProgress(let seconds), .busy(let seconds):
            var headers = HTTPHeaders()
            headers.add("Retry-After", String(seconds))
            return headers
        }
    }
}
