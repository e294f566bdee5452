import Foundation

/// A bounded pool of dedicated threads for CPU-heavy work (grading, layout solving), so
/// that it never occupies the event loops or Swift's cooperative threads.
///
/// ```swift
/// let pool = WorkerPool(threads: 2, queueLimit: 64)
/// let report = try await pool.run { try grader.grade(submission) }
/// ```
///
/// When `queueLimit` jobs are already waiting, `run` throws ``HTTPError`` 503 at once
/// instead of queueing without bound.
public final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [@Sendable () -> Void] = []
    private var head = 0
    private var stopped = false
    private let queueLimit: Int

    /// Starts `threads` worker threads.
    public init(threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), queueLimit: Int = 256) {
        self.queueLimit = max(1, queueLimit)
        for i in 0..<max(1, threads) {
            let thread = Thread { [self] in workerLoop() }
            thread.name = "worker-\(i)"
            thread.start()
        }
    }

    /// Runs `work` on a worker thread and returns its result.
    /// - Throws: ``HTTPError`` 503 when the queue is full or the pool is shut down, or what `work` throws.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            condition.lock()
            defer { condition.unlock() }
            guard !stopped, queue.count - head < queueLimit else {
                continuation.resume(throwing: HTTPError(.serviceUnavailable, code: "busy",
                                                        message: "The server is busy; try again shortly."))
                return
            }
            queue.append {
                do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
            }
            condition.signal()
        }
    }

    /// Jobs waiting for a thread.
    public var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count - head
    }

    /// Lets queued jobs finish, then stops the threads; later `run` calls throw 503.
    public func shutdown() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func workerLoop() {
        while true {
            condition.lock()
            while head == queue.count && !stopped { condition.wait() }
            if head == queue.count {
                condition.unlock()
                return
            }
            let job = queue[head]
            head += 1
            if head > 64, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
