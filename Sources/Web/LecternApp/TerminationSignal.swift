import Dispatch
import Glibc

/// SIGINT and SIGTERM, handled without blocking a thread.
///
/// ``arm()`` takes the signals over (their default action, terminating at once, no longer
/// applies) and remembers one that arrives; ``wait()`` returns once one has arrived, at once if it
/// came before. Arming before the server listens leaves no window in which a client could see
/// the server up while a SIGTERM would still kill it outright.
enum TerminationSignal {
    private static let watcher = Watcher()

    /// Handles SIGINT and SIGTERM from now on. Idempotent.
    static func arm() {
        watcher.arm()
    }

    /// Returns when the process has received SIGINT or SIGTERM (arming first if needed).
    static func wait() async {
        watcher.arm()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            watcher.notify(continuation)
        }
    }

    /// Owns the dispatch signal sources; everything it holds is touched only on `queue`.
    private final class Watcher: @unchecked Sendable {
        private let queue = DispatchQueue(label: "lectern.termination-signal")
        private var sources: [any DispatchSourceSignal] = []
        private var received = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func arm() {
            queue.sync {
                guard sources.isEmpty else { return }
                for number in [SIGINT, SIGTERM] {
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                    source.setEventHandler { [self] in
                        received = true
                        let resumed = waiters
                        waiters = []
                        for waiter in resumed { waiter.resume() }
                    }
                    source.resume()
                    sources.append(source)
                }
            }
        }

        func notify(_ continuation: CheckedContinuation<Void, Never>) {
            queue.sync {
                if received { continuation.resume() } else { waiters.append(continuation) }
            }
        }
    }
}
