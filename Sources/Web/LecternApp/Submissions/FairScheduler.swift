/// The order in which grading jobs start: at most `perKey` jobs of one key (a user) admitted at
/// a time, at most `slots` running at once, and the waiting jobs started round-robin across keys,
/// so that one key with many jobs cannot hold up the others.
///
/// Pure bookkeeping: no threads, no clocks. Admission order, starts and finishes alone decide
/// what starts next, so the same calls always give the same order.
struct FairScheduler<Key: Hashable & Sendable>: Sendable {
    /// A job's number, in admission order.
    typealias Ticket = Int

    /// Why a job is not admitted.
    enum Refusal: Error, Equatable, Sendable {
        /// The key already has `perKey` jobs waiting or running.
        case keyBusy
        /// `maxWaiting` jobs are already waiting.
        case queueFull
    }

    /// Jobs that may run at once (grading threads).
    let slots: Int
    /// Jobs one key may have admitted (waiting or running) at once.
    let perKey: Int
    /// Jobs that may wait for a slot.
    let maxWaiting: Int

    /// Admitted jobs of each key, waiting or running.
    private var admitted: [Key: Int] = [:]
    /// Waiting tickets of each key, oldest first.
    private var waiting: [Key: [Ticket]] = [:]
    /// Keys with waiting jobs, in turn order: the next job starts from the first key.
    private var turns: [Key] = []
    private var keyOfTicket: [Ticket: Key] = [:]
    private var running: Set<Ticket> = []
    private var nextTicket = 1
    private(set) var waitingCount = 0

    init(slots: Int, perKey: Int = 1, maxWaiting: Int = 512) {
        self.slots = max(1, slots)
        self.perKey = max(1, perKey)
        self.maxWaiting = max(0, maxWaiting)
    }

    /// Jobs running now.
    var runningCount: Int { running.count }

    /// Admits a job of `key` and returns its ticket; it waits until ``startNext()`` starts it.
    mutating func admit(_ key: Key) throws(Refusal) -> Ticket {
        guard admitted[key, default: 0] < perKey else { throw .keyBusy }
        guard waitingCount < maxWaiting else { throw .queueFull }
        let ticket = nextTicket
        nextTicket += 1
        admitted[key, default: 0] += 1
        keyOfTicket[ticket] = key
        if waiting[key, default: []].isEmpty { turns.append(key) }
        waiting[key, default: []].append(ticket)
        waitingCount += 1
        return ticket
    }

    /// Starts the waiting jobs that free slots allow, in turn order, and returns their tickets.
    /// A key whose job starts goes to the back of the turns when it has more waiting.
    mutating func startNext() -> [Ticket] {
        var started: [Ticket] = []
        while running.count < slots, !turns.isEmpty {
            let key = turns.removeFirst()
            var queue = waiting[key] ?? []
            let ticket = queue.removeFirst()
            if queue.isEmpty {
                waiting[key] = nil
            } else {
                waiting[key] = queue
                turns.append(key)
            }
            waitingCount -= 1
            running.insert(ticket)
            started.append(ticket)
        }
        return started
    }

    /// Ends a job, running or still waiting (abandoned), and frees its key's place.
    mutating func finish(_ ticket: Ticket) {
        guard let key = keyOfTicket.removeValue(forKey: ticket) else { return }
        if running.remove(ticket) == nil, var queue = waiting[key], let index = queue.firstIndex(of: ticket) {
            queue.remove(at: index)
            waitingCount -= 1
            if queue.isEmpty {
                waiting[key] = nil
                turns.removeAll { $0 == key }
            } else {
                waiting[key] = queue
            }
        }
        let left = admitted[key, default: 1] - 1
        admitted[key] = left > 0 ? left : nil
    }

    /// Whether the key has a job waiting or running.
    func isBusy(_ key: Key) -> Bool { admitted[key] != nil }
}
