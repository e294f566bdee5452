import Foundation
import Grading
import HTTPServer
import Synchronization
import Threads

/// Grading for users, fairly: each user has at most one grading job admitted at a time, and
/// waiting jobs reach the worker threads round-robin across users (``FairScheduler``). A second
/// job of a user who already has one is refused at once with 429 and `Retry-After`, before any
/// grading; when too many jobs wait, 503 (``GradingRefusal``).
///
/// Everything that grades on behalf of a user goes through here: submissions from the form and
/// the API, verification, and drawing the pictures of a stored grade that has none yet.
final class GradingQueue: Sendable {
    /// What a held place in the queue allows: running one job, once.
    struct Place: Sendable {
        fileprivate let ticket: Int
    }

    private struct State {
        var scheduler: FairScheduler<Int64>
        /// Continuations of admitted jobs waiting for their turn, by ticket.
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Tickets started before their job began waiting for its turn.
        var startedEarly: Set<Int> = []
        var jobsRun = 0
    }

    private let workers: WorkerPool
    private let state: Mutex<State>
    /// Seconds a refused user is told to wait.
    let retryAfterSeconds: Int
    /// The sizes and work budgets every grade of this server keeps to.
    let limits: SubmissionLimits

    /// A queue that runs at most `slots` jobs at once on `workers`, with at most `maxWaiting` waiting.
    init(workers: WorkerPool, slots: Int, maxWaiting: Int = 256, retryAfterSeconds: Int = 2,
         limits: SubmissionLimits = .default) {
        self.workers = workers
        self.retryAfterSeconds = retryAfterSeconds
        self.limits = limits
        state = Mutex(State(scheduler: FairScheduler(slots: slots, perKey: 1, maxWaiting: maxWaiting)))
    }

    /// Grading options with this server's limits.
    func options(pictures: Bool) -> GradeOptions {
        GradeOptions(pictures: pictures, limits: limits)
    }

    /// Jobs that may run at once.
    var slots: Int { state.withLock { $0.scheduler.slots } }

    /// Grading jobs run so far (for tests and metrics).
    var jobsRun: Int { state.withLock { $0.jobsRun } }

    /// Takes the user's one place in the queue.
    /// - Throws: ``GradingRefusal/inProgress(retryAfter:)`` when the user already has a job admitted,
    ///   ``GradingRefusal/busy(retryAfter:)`` when too many jobs are waiting.
    func admit(userID: Int64) throws(GradingRefusal) -> Place {
        let result: Result<Int, FairScheduler<Int64>.Refusal> = state.withLock { state in
            do throws(FairScheduler<Int64>.Refusal) {
                return .success(try state.scheduler.admit(userID))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let ticket):
            return Place(ticket: ticket)
        case .failure(.keyBusy):
            throw .inProgress(retryAfter: retryAfterSeconds)
        case .failure(.queueFull):
            throw .busy(retryAfter: retryAfterSeconds)
        }
    }

    /// Waits for the place's turn, runs `work` on a worker thread and returns its result. The place
    /// is used up: call ``release(_:)`` afterwards in every case.
    func run<T: Sendable>(_ place: Place, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        let ticket = place.ticket
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (startNow, others) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                let others = Self.startWaiting(&state).compactMap { state.waiters.removeValue(forKey: $0) }
                if state.startedEarly.remove(ticket) != nil { return (true, others) }
                state.waiters[ticket] = continuation
                return (false, others)
            }
            for other in others { other.resume() }
            if startNow { continuation.resume() }
        }
        state.withLock { $0.jobsRun += 1 }
        return try await workers.run(work)
    }

    /// Gives the place back, so that the user may submit again and the next job may start.
    func release(_ place: Place) {
        let resumed: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.scheduler.finish(place.ticket)
            state.startedEarly.remove(place.ticket)
            state.waiters[place.ticket] = nil
            return Self.startWaiting(&state).compactMap { state.waiters.removeValue(forKey: $0) }
        }
        for continuation in resumed { continuation.resume() }
    }

    /// Admits, runs and releases in one call.
    func run<T: Sendable>(for userID: Int64, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        let place = try admit(userID: userID)
        defer { release(place) }
        return try await run(place, work)
    }

    /// Starts what the free slots allow; tickets without a waiting continuation yet are kept in
    /// `startedEarly`. Returns the tickets started.
    private static func startWaiting(_ state: inout State) -> [Int] {
        let started = state.scheduler.startNext()
        for ticket in started where state.waiters[ticket] == nil { state.startedEarly.insert(ticket) }
        return started
    }
}
