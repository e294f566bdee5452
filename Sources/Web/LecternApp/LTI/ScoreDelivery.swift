import Foundation
import LTI
import SQLite
import Store

/// Posts the score outbox to the platforms (AGS 2.0 §3.4): due posts in order, an access token
/// per platform (cached), each score to its line item's `/scores`, and the outcome recorded in
/// one transaction per round. A failure is retried after a delay that doubles each time; after
/// ``LTIRuntime/DeliverySettings/maxAttempts`` the post is `failed` until an instructor queues
/// it again. The outbox is a table, so posts survive a restart.
struct ScoreDelivery: Sendable {
    let runtime: LTIRuntime

    /// Delivers until `stopped` says so.
    func run(stopped: @escaping @Sendable () -> Bool) async {
        while !stopped(), !Task.isCancelled {
            let delivered = (try? await deliverDue()) ?? 0
            if delivered == 0 {
                let pause = runtime.delivery.idlePoll
                try? await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
            }
        }
    }

    /// One round: posts every due score (at most a batch). Returns how many were attempted.
    @discardableResult
    func deliverDue(now: Date = Date()) async throws -> Int {
        let settings = runtime.delivery
        let due = try await runtime.database.read { db in
            try LTIScoreOutbox.due(now: now, limit: settings.batchSize, db).map { post in (post, try LTIPlatform.find(id: post.platformID, db)) }
        }
        guard !due.isEmpty else { return 0 }
        var outcomes: [(post: LTIScorePost, error: String?)] = []
        // A platform that is down or refuses our token fails the rest of its posts this round
        // without being called again for each.
        var unreachable: [Int64: String] = [:]
        for (post, platform) in due {
            guard let platform else {
                outcomes.append((post, "the platform is no longer registered"))
                continue
            }
            if let error = unreachable[platform.id] {
                outcomes.append((post, error))
                continue
            }
            do {
                try await send(post, to: platform)
                outcomes.append((post, nil))
            } catch {
                outcomes.append((post, "\(error)"))
                if !(error is PostRefused) { unreachable[platform.id] = "\(error)" }
            }
        }
        let finished = Date()
        let results = outcomes
        try await runtime.database.write { db in
            for outcome in results {
                if let error = outcome.error {
                    let attempts = outcome.post.attempts + 1
                    let delay = min(settings.maxRetryDelay, settings.firstRetry * pow(2, Double(min(attempts - 1, 30))))
                    try LTIScoreOutbox.markFailed(id: outcome.post.id, error: error, retryAt: finished.addingTimeInterval(delay),
                                                  giveUp: attempts >= settings.maxAttempts, db)
                } else {
                    try LTIScoreOutbox.markSent(id: outcome.post.id, scoredAt: outcome.post.scoredAt, at: finished, db)
                }
            }
        }
        return outcomes.count
    }

    /// Posts one score; throws unless the platform answers 2xx.
    private func send(_ post: LTIScorePost, to platform: LTIPlatform) async throws {
        let scopes = [LTIClaim.scoreScope]
        let token = try await runtime.accessToken(platform, scopes: scopes)
        let body = Array(ToolMessages.score(userID: post.subject, given: post.scoreGiven, maximum: post.scoreMaximum,
                                            timestamp: post.scoredAt.timeIntervalSince1970).utf8)
        let url = Self.scoresURL(post.lineitemURL)
        let http = runtime.http
        let response = try await runtime.outbound.run {
            try http.send("POST", url, headers: [("Content-Type", LTIClaim.scoreMediaType), ("Authorization", "Bearer \(token)")],
                          body: body)
        }
        if response.status == 401 { runtime.dropToken(platform, scopes: scopes) }
        if response.status >= 500 || response.status == 401 {
            throw OutboundHTTP.Failure(description: "the platform answered \(response.status) to the score post")
        }
        guard (200..<300).contains(response.status) else { throw PostRefused(status: response.status) }
    }

    /// A platform that answered this one post with a client error (a line item gone, a score
    /// refused): the others may still go through.
    struct PostRefused: Error, CustomStringConvertible {
        let status: Int
        var description: String { "the platform answered \(status) to the score post" }
    }

    /// The line item's scores endpoint: `/scores` appended to its path, before any query.
    static func scoresURL(_ lineItem: String) -> String {
        if let question = lineItem.firstIndex(of: "?") {
            return String(lineItem[..<question]) + "/scores" + String(lineItem[question...])
        }
        return lineItem + "/scores"
    }
}
