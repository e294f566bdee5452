/// Rest detection and sleeping (see `RestDetection`).
extension World {
    mutating func updateRest(_ h: Double) {
        for i in bodies.indices where bodies[i].state == .awake {
            let angle = abs(bodies[i].angle)
            if angle > bodies[i].maxAngle { bodies[i].maxAngle = angle }
            if bodies[i].surfaceSpeed > RestDetection.speedThreshold || bodies[i].keptAwake {
                bodies[i].sleepTime = 0
                bodies[i].calmSince = nil
            } else {
                bodies[i].sleepTime += h
                if bodies[i].calmSince == nil { bodies[i].calmSince = time }
            }
        }
        if sleepingEnabled { updateIslands() }
    }

    /// Wakes, before the solve, every sleeping island that an awake body is about to push:
    /// one joined to it, or one it approaches through a contact faster than
    /// `RestDetection.speedThreshold` (with this step's gravity) and would reach within the
    /// step. The solver holds sleeping bodies static, so the block a falling block lands on
    /// wakes first and shares the impact; a block sliding past a sleeping neighbour leaves it
    /// asleep. Woken bodies may wake further islands in turn.
    mutating func wakeApproachedIslands(_ h: Double) {
        // Each round wakes at least one island, so there are at most as many rounds as bodies.
        for _ in bodies.indices {
            var woke = false
            for i in contacts.indices where contacts[i].count > 0 {
                let a = contacts[i].bodyA, b = contacts[i].bodyB
                guard let sleeper = sleeper(linking: a, b), approaches(contacts[i], h) else { continue }
                wakeIsland(of: sleeper)
                woke = true
            }
            for j in joints.indices where joints[j].bodyB != 0 {
                guard let sleeper = sleeper(linking: joints[j].bodyA, joints[j].bodyB) else { continue }
                wakeIsland(of: sleeper)
                woke = true
            }
            if !woke { return }
        }
    }

    /// The sleeping one of two bodies when the other is awake.
    private func sleeper(linking a: Int, _ b: Int) -> Int? {
        switch (bodies[a].state, bodies[b].state) {
        case (.awake, .asleep): b
        case (.asleep, .awake): a
        default: nil
        }
    }

    /// Whether a point of the contact closes faster than the rest threshold and gets within
    /// the linear slop during the next `h` seconds. Only awake bodies move.
    private func approaches(_ contact: Contact, _ h: Double) -> Bool {
        let a = bodies[contact.bodyA], b = bodies[contact.bodyB]
        let awakeA = a.state == .awake, awakeB = b.state == .awake
        let vA = awakeA ? a.velocity + h * a.gravity : .zero, wA = awakeA ? a.angularVelocity : 0
        let vB = awakeB ? b.velocity + h * b.gravity : .zero, wB = awakeB ? b.angularVelocity : 0
        func closes(_ p: ContactPoint) -> Bool {
            let relative = vB + cross(wB, p.anchorB) - vA - cross(wA, p.anchorA)
            let approach = -dot(relative, contact.normal)
            return approach > RestDetection.speedThreshold && p.separation - h * approach < Tuning.linearSlop
        }
        return closes(contact.point0) || (contact.count > 1 && closes(contact.point1))
    }

    /// Wakes every sleeping member of a sleeping body's island; `updateIslands` left every
    /// dynamic body pointing straight at its island's root.
    private mutating func wakeIsland(of sleeper: Int) {
        let island = islandParent[sleeper]
        for i in bodies.indices where bodies[i].state == .asleep && islandParent[i] == island {
            bodies[i].state = .awake
            bodies[i].sleepTime = 0
        }
    }

    private mutating func root(_ i: Int) -> Int {
        var r = i
        while islandParent[r] != r { r = islandParent[r] }
        var j = i
        while islandParent[j] != r {
            let next = islandParent[j]
            islandParent[j] = r
            j = next
        }
        return r
    }

    private mutating func union(_ a: Int, _ b: Int) {
        guard bodies[a].isDynamic, bodies[b].isDynamic else { return }
        let ra = root(a), rb = root(b)
        if ra != rb { islandParent[max(ra, rb)] = min(ra, rb) }
    }

    /// Groups dynamic bodies linked by pushing contacts or by joints; an island with an
    /// awake member falls asleep when every member has been calm long enough, and otherwise
    /// wakes its sleeping members.
    private mutating func updateIslands() {
        for i in bodies.indices {
            islandParent[i] = i
            islandMinSleep[i] = .infinity
            islandAwake[i] = false
        }
        // Only contacts that pushed link islands: a block sliding past a sleeping neighbour does not wake it.
        for i in contacts.indices where contacts[i].isPushing { union(contacts[i].bodyA, contacts[i].bodyB) }
        for j in joints where j.bodyB != 0 { union(j.bodyA, j.bodyB) }
        for i in bodies.indices where bodies[i].isDynamic {
            let r = root(i)
            if bodies[i].state == .awake {
                islandAwake[r] = true
                islandMinSleep[r] = min(islandMinSleep[r], bodies[i].sleepTime)
            }
        }
        for i in bodies.indices where bodies[i].isDynamic {
            let r = islandParent[i]
            guard islandAwake[r] else { continue }
            if islandMinSleep[r] >= RestDetection.duration {
                bodies[i].state = .asleep
                bodies[i].velocity = .zero
                bodies[i].angularVelocity = 0
            } else if bodies[i].state == .asleep {
                bodies[i].state = .awake
                bodies[i].sleepTime = 0
            }
        }
    }
}
