import HTTPServer

/// A refused attempt (not open, closed, no attempts left, cooling down) is its own answer:
/// services throw the refusal, the exercise page shows its message, the edge renders it.
extension SubmissionWindow.Refusal: HTTPResponseError {
    var status: HTTPStatus {
        switch self {
        case .notOpen, .closed: .forbidden
        case .noAttemptsLeft: .conflict
        case .coolingDown: .tooManyRequests
        }
    }

    var code: String {
        switch self {
        case .notOpen, .closed: "closed"
        case .noAttemptsLeft: "no_attempts_left"
        case .coolingDown: "cooldown"
        }
    }

    var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        if case .coolingDown(let seconds) = self { headers.add("Retry-After", String(seconds)) }
        return headers
    }
}
