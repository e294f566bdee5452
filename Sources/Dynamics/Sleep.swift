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
