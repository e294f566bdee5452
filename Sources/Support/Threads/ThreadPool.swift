import Foundation

/// Dedicated threads serving one FIFO of jobs, each thread with a resource of its own: a database
/// connection, or nothing (``WorkerPool``). Work never runs on Swift's cooperative thread pool, so
/// CPU-heavy or blocking work cannot starve the event loops: callers enqueue a job and suspend,
/// a worker thread runs it and resumes them.
///
/// ```swift
/// let pool = WorkerPool(name: "grading", threads: 2, queueLimit: 64)
/// let report = try await pool.run { grader.grade(submission) }   // ThreadPoolError.busy when 64 wait
/// ```
///
/// A thread's resource is opened on that thread when its first job arrives (the first thread may
/// be handed one ready-made), and a job gets the error instead when opening fails. ``close()``
/// refuses new jobs; the threads finish the queued ones, drop their resources and exit.
public final class ThreadPool<Resource>: @unchecked Sendable {
    /// A unit of work, run on a worker thread with that thread's resource (or why it could not be opened).
    public typealias Job = @Sendable (Result<Resource, any Error>) -> Void

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [Job] = []
    private var head = 0
    private var isClosed = false
    private var liveThreads = 0
    private var exitWaiters: [CheckedContinuation<Void, Never>] = []
    private let queueLimit: Int
    private let open: @Sendable () throws -> Resource

    /// Starts `threads` threads named after `name`.
    /// - Parameters:
    ///   - queueLimit: jobs that may wait for a thread; more are refused (``ThreadPoolError/busy``).
    ///   - first: the first thread's resource, ready-made; the others open theirs with `open`.
    ///   - stackSize: each thread's stack, in bytes (nil: the system's default).
    public init(name: String, threads: Int, queueLimit: Int = .max, first: sending Resource? = nil,
                stackSize: Int? = nil, open: @escaping @Sendable () throws -> Resource) {
        self.queueLimit = max(1, queueLimit)
        self.open = open
        let count = max(1, threads)
        liveThreads = count
        let handOff = HandOff(first)
        for index in 0..<count {
            let initial = index == 0 ? handOff : HandOff(nil)
            let thread = Thread { [self] in self.serve(initial) }
            thread.name = count == 1 ? name : "\(name) \(index + 1)"
            if let stackSize { thread.stackSize = stackSize }
            thread.start()
        }
    }

    /// Enqueues a job. Throws ``ThreadPoolError/busy`` when `queueLimit` jobs wait, and
    /// ``ThreadPoolError/closed`` after ``close()``.
    public func submit(_ job: @escaping Job) throws(ThreadPoolError) {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { throw .closed }
        guard jobs.count - head < queueLimit else { throw .busy }
        jobs.append(job)
        condition.signal()
    }

    /// Runs `work` on a worker thread with its resource and returns the result.
    /// - Throws: ``ThreadPoolError`` when the job cannot be queued, the error that kept the
    ///   thread's resource from opening, or what `work` throws.
    public func run<T: Sendable>(_ work: @escaping @Sendable (Resource) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            do {
                try submit { resource in
                    switch resource {
                    case .success(let resource):
                        do { continuation.resume(returning: try work(resource)) } catch { continuation.resume(throwing: error) }
                    case .failure(let error):
                        continuation.resume(throwing: error)
                    }
                }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Jobs waiting for a thread.
    public var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count - head
    }

    /// Refuses new jobs; the threads finish the queued ones, drop their resources and exit.
    public func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Suspends until every thread has exited (after ``close()``).
    public func waitUntilExited() async {
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

    // MARK: Worker threads

    /// Hands a resource made on one thread to the worker thread that owns it from then on.
    private final class HandOff: @unchecked Sendable {
        var resource: Resource?
        init(_ resource: sending Resource?) { self.resource = resource }
    }

    private func nextJob() -> Job? {
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

    private func serve(_ handOff: HandOff) {
        var resource = handOff.resource
        handOff.resource = nil
        while let job = nextJob() {
            if let resource {
                job(.success(resource))
                continue
            }
            do {
                let opened = try open()
                resource = opened
                job(.success(opened))
            } catch {
                job(.failure(error))
            }
        }
        resource = nil
        condition.lock()
        liveThreads -= 1
        let waiters = liveThreads == 0 ? exitWaiters : []
        if liveThreads == 0 { exitWaiters = [] }
        condition.unlock()
        for waiter in waiters { waiter.resume() }
    }
}

/// Why a job was not queued.
public enum ThreadPoolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// As many jobs as the pool allows already wait.
    case busy
    /// The pool was closed.
    case closed

    public var description: String {
        switch self {
        case .busy: "busy: too many jobs are waiting"
        case .closed: "closed: the pool no longer takes jobs"
        }
    }
}

/// Threads for CPU-heavy work (grading, solving, password hashing) with no resource of their own.
public typealias WorkerPool = ThreadPool<Void>

extension ThreadPool where Resource == Void {
    /// Starts `threads` worker threads for CPU-heavy work.
    public convenience init(name: String = "worker", threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
                            queueLimit: Int = 256) {
        self.init(name: name, threads: threads, queueLimit: queueLimit, open: {})
    }

    /// Runs `work` on a worker thread and returns its result.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await run { (_: Void) in try work() }
    }

    /// Lets queued jobs finish, then stops the threads; later jobs are refused.
    public func shutdown() { close() }
}
