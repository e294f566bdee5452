import Dispatch
import Glibc

/// Waits for SIGINT or SIGTERM without blocking a thread.
enum TerminationSignal {
    /// Returns when the process receives SIGINT or SIGTERM. The signals are handled from then on
    /// (the default action, terminating at once, no longer applies).
    static func wait() async {
        let watcher = Watcher()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            watcher.install(continuation)
        }
        withExtendedLifetime(watcher) {}
    }

    /// Owns the dispatch signal sources; everything it holds is touched only on `queue`.
    private final class Watcher: @unchecked Sendable {
        private let queue = DispatchQueue(label: "lectern.termination-signal")
        private var sources: [any DispatchSourceSignal] = []
        private var continuation: CheckedContinuation<Void, Never>?

        func install(_ continuation: CheckedContinuation<Void, Never>) {
            queue.sync {
                self.continuation = continuation
                for number in [SIGINT, SIGTERM] {
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                    source.setEventHandler { [self] in
                        self.continuation?.resume()
                        self.continuation = nil
                    }
                    source.resume()
                    sources.append(source)
                }
            }
        }
    }
}
