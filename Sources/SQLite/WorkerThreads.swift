import Foundation

/// A unit of database work run on a worker thread with that thread's connection (or the error
/// that prevented opening it).
typealias DatabaseJob = @Sendable (Result<Connection, any Error>) -> Void

/// Hands a connection opened on one thread to the worker thread that will own it from then on.
private final class ConnectionHandOff: @unchecked Sendable {
    var connection: Connection?
    init(_ connection: Connection?) { self.connection = connection }
}

/// Dedicated threads, each owning one connection, serving a shared FIFO of jobs.
///
/// Work never runs on Swift's cooperative thread pool: callers enqueue a job and suspend, a worker
/// thread runs it and resumes them.
final class WorkerThreads: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [DatabaseJob] = []
    private var head = 0
    private var isClosed = false
    private var liveThreads = 0
    private var exitWaiters: [CheckedContinuation<Void, Never>] = []
    private let openConnection: @Sendable () throws -> Connection

    /// Starts `count` threads. `first`, when given, becomes the first thread's connection; the others
    /// open theirs with `openConnection` on their own thread when the first job arrives.
    init(name: String, count: Int, first: sending Connection?, openConnection: @escaping @Sendable () throws -> Connection) {
        self.openConnection = openConnection
        liveThreads = count
        let handOff = ConnectionHandOff(first)
        for index in 0..<count {
            let initial = index == 0 ? handOff : ConnectionHandOff(nil)
            let thread = Thread { [self] in self.run(initial) }
            thread.name = count == 1 ? name : "\(name) \(index + 1)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Enqueues a job; false when the threads are shutting down.
    func submit(_ job: @escaping DatabaseJob) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Refuses new jobs; the threads finish the queued ones, close their connections and exit.
    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Suspends until every thread has exited (after `close()`).
    func waitUntilExited() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if liveThreads == 0 {
                condition.unlock()
                continuation.resume()
            } else {
                exitWaiters.append(continuation)
                condition.unlock()
            }
        }
    }

    private func nextJob() -> DatabaseJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !isClosed { condition.wait() }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }

    private func run(_ handOff: ConnectionHandOff) {
        var connection = handOff.connection
        handOff.connection = nil
        while let job = nextJob() {
            if let connection {
                job(.success(connection))
                continue
            }
            do {
                let opened = try openConnection()
                connection = opened
                job(.success(opened))
            } catch {
                job(.failure(error))
            }
        }
        connection = nil
        condition.lock()
        liveThreads -= 1
        let waiters = liveThreads == 0 ? exitWaiters : []
        if liveThreads == 0 { exitWaiters = [] }
        condition.unlock()
        for waiter in waiters { waiter.resume() }
    }
}
