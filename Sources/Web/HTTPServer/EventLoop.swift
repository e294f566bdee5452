import Foundation
import Synchronization

/// One epoll loop on its own thread. It owns its connections (touched only on this
/// thread) and is also a `TaskExecutor`: request tasks prefer it, so a handler that does not
/// suspend runs and answers within the same loop iteration, with no thread hop.
final class EventLoop: TaskExecutor, @unchecked Sendable {
    private enum Work {
        case job(UnownedJob)
        case closure(@Sendable () -> Void)
    }

    let index: Int
    unowned let server: Server
    private let epfd: Int32
    private let wakeFd: Int32
    private let queue = Mutex<[Work]>([])
    private var thread: pthread_t?
    private var listener: Int32?
    private var connections: [Int32: Connection] = [:]
    /// The work being run; swapped with `queue` so neither reallocates.
    private var batch: [Work] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    // Loop-thread scratch state, reused for every request.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    var headBuffer: [UInt8] = []
    private(set) var dateCache = DateCache()
    private(set) var now = Platform.monotonicSeconds()
    private var nextSweep = 0.0

    init(index: Int, server: Server) throws(Platform.SystemError) {
        self.index = index
        self.server = server
        epfd = try Platform.epollCreate()
        wakeFd = try Platform.eventfdCreate()
        Platform.epollAdd(epfd, wakeFd, events: Platform.readable)
        headBuffer.reserveCapacity(1024)
        dateCache.refresh(now: Platform.wallClockSeconds())
    }

    deinit {
        readBuffer.deallocate()
        Platform.close(epfd)
        Platform.close(wakeFd)
    }

    /// Starts the loop thread, accepting from `listener`.
    func start(listener: Int32) {
        self.listener = listener
        Platform.epollAdd(epfd, listener, events: Platform.readable | Platform.exclusive)
        let thread = Thread { [self] in run() }
        thread.name = "event-loop-\(index)"
        thread.stackSize = 1 << 20
        thread.start()
    }

    var inLoop: Bool { thread.map(Platform.isCurrentThread) ?? false }

    // MARK: Scheduling

    func enqueue(_ job: consuming ExecutorJob) {
        schedule(.job(UnownedJob(job)))
    }

    /// Runs `body` on the loop thread.
    func execute(_ body: @escaping @Sendable () -> Void) {
        schedule(.closure(body))
    }

    private func schedule(_ work: Work) {
        let wasEmpty = queue.withLock { q in
            q.append(work)
            return q.count == 1
        }
        if wasEmpty, !inLoop { Platform.eventfdSignal(wakeFd) }
    }

    /// Runs queued jobs, including those they enqueue, in bounded rounds so I/O is never starved.
    private func runPendingWork() {
        let executor = asUnownedTaskExecutor()
        for _ in 0..<64 {
            // Swapping buffers keeps both allocations alive across iterations.
            queue.withLock { swap(&$0, &batch) }
            if batch.isEmpty { return }
            for work in batch {
                switch work {
                case .job(let job): job.runSynchronously(on: executor)
                case .closure(let body): body()
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    private var hasPendingWork: Bool { queue.withLock { !$0.isEmpty } }

    // MARK: The loop

    private func run() {
        thread = Platform.currentThread()
        var events = Platform.EpollEvents(capacity: 256)
        while !stopped {
            let timeout: Int32 = hasPendingWork ? 0 : server.sweepIntervalMs
            let n = Platform.epollWait(epfd, &events, timeoutMs: timeout)
            now = Platform.monotonicSeconds()
            for i in 0..<n {
                let fd = events.fd(i)
                let flags = events.events(i)
                if fd == wakeFd {
                    Platform.eventfdDrain(wakeFd)
                } else if fd == listener {
                    acceptConnections()
                } else if let connection = connections[fd] {
                    connection.handle(events: flags)
                }
            }
            runPendingWork()
            if now >= nextSweep {
                nextSweep = now + Double(server.sweepIntervalMs) / 1000
                dateCache.refresh(now: Platform.wallClockSeconds())
                for connection in Array(connections.values) { connection.checkDeadline(now: now) }
            }
            flushLog()
        }
        for connection in Array(connections.values) { connection.close() }
        runPendingWork()
        flushLog()
        finished.signal()
    }

    private func acceptConnections() {
        guard let listener else { return }
        for _ in 0..<64 {
            guard let (fd, address) = Platform.accept(listener) else { return }
            guard server.addressSlots.tryReserve(address.host) else {
                server.metrics.connectionRefused()
                Connection.refuseOverLimit(fd)
                continue
            }
            guard server.metrics.tryReserveConnection(limit: server.configuration.maxConnections) else {
                // The table is full: make room by shedding an idle keep-alive connection.
                shedIdleThenAdopt(fd, remote: address, loopsLeft: server.configuration.eventLoopCount)
                continue
            }
            // Round-robin over the loops keeps them evenly loaded whichever one accepted.
            let target = server.loopForNewConnection() ?? self
            if target === self {
                adopt(fd, remote: address)
            } else {
                target.execute { target.adopt(fd, remote: address) }
            }
        }
    }

    /// Closes this loop's connection that has been idle the longest and serves `fd` in its slot.
    /// With none idle here, asks the next loop; once every loop was asked, answers 503 and closes.
    private func shedIdleThenAdopt(_ fd: Int32, remote: SocketAddress, loopsLeft: Int) {
        if let victim = oldestIdleConnection() {
            victim.close()
            server.metrics.connectionShed()
            if server.metrics.tryReserveConnection(limit: server.configuration.maxConnections) {
                adopt(fd, remote: remote)
                return
            }
        } else if loopsLeft > 1, let next = server.loop(after: index), next !== self {
            next.execute { next.shedIdleThenAdopt(fd, remote: remote, loopsLeft: loopsLeft - 1) }
            return
        }
        server.addressSlots.release(remote.host)
        server.metrics.connectionRefused()
        Connection.refuseOverLimit(fd)
    }

    /// The idle keep-alive connection (or one that never sent a byte) waiting the longest.
    private func oldestIdleConnection() -> Connection? {
        var oldest: Connection?
        var since = Double.infinity
        for connection in connections.values {
            if let t = connection.idleSince, t < since {
                since = t
                oldest = connection
            }
        }
        return oldest
    }

    /// Starts serving an accepted connection on this loop.
    private func adopt(_ fd: Int32, remote: SocketAddress) {
        guard !stopped else {
            Platform.close(fd)
            server.metrics.connectionClosed()
            server.addressSlots.release(remote.host)
            return
        }
        connections[fd] = Connection(fd: fd, remote: remote, loop: self)
        Platform.epollAdd(epfd, fd, events: Platform.readable | Platform.peerShutdown)
    }

    // MARK: Connection support

    /// Sets what to poll for; a connection not reading does not poll for the peer's shutdown either,
    /// so a half-closed peer cannot make a level-triggered loop spin.
    func setInterest(_ fd: Int32, readable: Bool, writable: Bool) {
        var events: UInt32 = 0
        if readable { events |= Platform.readable | Platform.peerShutdown }
        if writable { events |= Platform.writable }
        Platform.epollModify(epfd, fd, events: events)
    }

    func remove(_ connection: Connection) {
        Platform.epollRemove(epfd, connection.fd)
        connections[connection.fd] = nil
        server.metrics.connectionClosed()
        server.addressSlots.release(connection.remote.host)
    }

    /// Writes this loop's access-log lines, once per turn.
    private func flushLog() {
        server.observer.accessLog?.flush(shard: index)
    }

    // MARK: Shutdown

    /// Stops accepting and closes idle connections; busy ones close after their response.
    func beginDraining() {
        execute { [self] in
            if let listener {
                Platform.epollRemove(epfd, listener)
                self.listener = nil
            }
            for connection in Array(connections.values) { connection.closeIfIdle() }
        }
    }

    /// Closes everything and ends the thread; returns once it has.
    func stop() async {
        execute { [self] in stopped = true }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { [finished] in
                finished.wait()
                c.resume()
            }
        }
    }
}
