/// The substep passes over the contact batches (`ContactBatches`): warm start, and the soft
/// solve with position bias or the relax pass without it. The schedule runs pair batches here
/// and quad batches in `QuadContactSolver`. Each batch gathers its lanes' body
/// states, solves all lanes at once with the same arithmetic, point by point, as one contact
/// would be solved alone, and scatters the velocities back. A batch's lanes share no body the
/// solver moves, so the order of the lanes does not matter, only the order of the batches.
enum WideContactSolver {
    /// The body states of a batch's lanes on one side.
    struct WideBody {
        var vx = Lanes(), vy = Lanes(), w = Lanes()
        var dpx = Lanes(), dpy = Lanes(), qc = Lanes(), qs = Lanes()

        /// Gathers the velocities and, with `motion`, the motion since the start of the step (the
        /// turn only if `turns`; otherwise none).
        @inline(__always) init(_ bodies: SolverBodies, _ index: LaneIndices, motion: Bool, turns: Bool) {
            for lane in 0..<Lanes.scalarCount {
                let i = Int(index[lane])
                vx[lane] = bodies[i].velocity.x
                vy[lane] = bodies[i].velocity.y
                w[lane] = bodies[i].angularVelocity
                if motion {
                    dpx[lane] = bodies[i].deltaPosition.x
                    dpy[lane] = bodies[i].deltaPosition.y
                    if turns {
                        qc[lane] = bodies[i].deltaRotation.c
                        qs[lane] = bodies[i].deltaRotation.s
                    }
                }
            }
        }

        /// Scatters the velocities. Lanes on a static body (or padding) write back the zeros they read.
        @inline(__always) func store(_ bodies: SolverBodies, _ index: LaneIndices, angular: Bool) {
            for lane in 0..<Lanes.scalarCount {
                let i = Int(index[lane])
                bodies[i].velocity = Vector(vx[lane], vy[lane])
                if angular { bodies[i].angularVelocity = w[lane] }
            }
        }
    }

    /// Warm starts every batch, in schedule order (without quads, the pairs in their order).
    @inline(never)
    static func warmStart(_ batches: SolverBatches, _ bodies: SolverBodies) {
        guard !batches.quads.isEmpty else {
            for i in batches.pairs.indices { warmStart(&batches.pairs[i], bodies) }
            return
        }
        for entry in batches.schedule {
            if entry >= 0 {
                warmStart(&batches.pairs[Int(entry)], bodies)
            } else {
                QuadContactSolver.warmStart(&batches.quads[Int(~entry)], bodies)
            }
        }
    }

    @inline(__always)
    private static func warmStart(_ c: inout WideContact, _ bodies: SolverBodies) {
        switch c.kind {
        case .linear: warmStart(&c, bodies, twoPoints: false, angular: false)
        case .onePoint: warmStart(&c, bodies, twoPoints: false, angular: true)
        case .twoPoints, .block: warmStart(&c, bodies, twoPoints: true, angular: true)
        }
    }

    @inline(__always)
    private static func warmStart(_ c: inout WideContact, _ bodies: SolverBodies, twoPoints: Bool, angular: Bool) {
        var a = WideBody(bodies, c.bodyA, motion: false, turns: false), b = WideBody(bodies, c.bodyB, motion: false, turns: false)
        warmStart(c.point1, c, &a, &b, angular: angular)
        if twoPoints { warmStart(c.point2, c, &a, &b, angular: angular) }
        a.store(bodies, c.bodyA, angular: angular)
        b.store(bodies, c.bodyB, angular: angular)
    }

    @inline(__always)
    private static func warmStart(_ p: WidePoint, _ c: WideContact, _ a: inout WideBody, _ b: inout WideBody, angular: Bool) {
        let tx = c.normalY, ty = -c.normalX
        let px = p.normalImpulse * c.normalX + p.tangentImpulse * tx
        let py = p.normalImpulse * c.normalY + p.tangentImpulse * ty
        impulse(px, py, p, c, &a, &b, angular: angular)
    }

    /// One pass over every batch, in schedule order (without quads, the pairs in their order): with
    /// `useBias` the soft solve, without it the relax pass.
    static func solve(_ batches: SolverBatches, _ bodies: SolverBodies, inverseH: Double, useBias: Bool) {
        guard !batches.quads.isEmpty else {
            for i in batches.pairs.indices { solve(&batches.pairs[i], bodies, inverseH: inverseH, useBias: useBias) }
            return
        }
        let quadInverseH = Float(inverseH)
        for entry in batches.schedule {
            if entry >= 0 {
                solve(&batches.pairs[Int(entry)], bodies, inverseH: inverseH, useBias: useBias)
            } else {
                QuadContactSolver.solve(&batches.quads[Int(~entry)], bodies, inverseH: quadInverseH, useBias: useBias)
            }
        }
    }

    @inline(__always)
    private static func solve(_ c: inout WideContact, _ bodies: SolverBodies, inverseH: Double, useBias: Bool) {
        switch c.kind {
        case .linear:
            if useBias {
                solveLinearBiased(&c, bodies, inverseH: inverseH)
            } else {
                solveLinearRelaxed(&c, bodies, inverseH: inverseH)
            }
        case .onePoint: solveOnePoint(&c, bodies, inverseH: inverseH, useBias: useBias)
        case .twoPoints: solveTwoPoints(&c, bodies, inverseH: inverseH, useBias: useBias)
        case .block: solveBlock(&c, bodies, inverseH: inverseH, useBias: useBias)
        }
    }

    // One function per kind, so that each is compiled for its kind alone (and kept out of line,
    // where the registers are all its own). The linear kind, the one of boxes that cannot turn,
    // also has the solve and the relax pass compiled apart: without the bias branch its pass
    // takes about a seventh fewer instructions.

    /// The linear kind's soft solve, with position bias.
    @inline(never)
    private static func solveLinearBiased(_ c: inout WideContact, _ bodies: SolverBodies, inverseH: Double) {
        solve(&c, bodies, inverseH: inverseH, useBias: true, twoPoints: false, block: false, turns: false)
    }

    /// The linear kind's relax pass, without bias.
    @inline(never)
    private static func solveLinearRelaxed(_ c: inout WideContact, _ bodies: SolverBodies, inverseH: Double) {
        solve(&c, bodies, inverseH: inverseH, useBias: false, twoPoints: false, block: false, turns: false)
    }

    @inline(never)
    private static func solveOnePoint(_ c: inout WideContact, _ bodies: SolverBodies, inverseH: Double, useBias: Bool) {
        solve(&c, bodies, inverseH: inverseH, useBias: useBias, twoPoints: false, block: false, turns: true)
    }

    @inline(never)
    private static func solveTwoPoints(_ c: inout WideContact, _ bodies: SolverBodies, inverseH: Double, useBias: Bool) {
        solve(&c, bodies, inverseH: inverseH, useBias: useBias, twoPoints: true, block: false, turns: true)
    }

    @inline(never)
    private static func solveBlock(_ c: inout WideContact, _ bodies: SolverBodies, inverseH: Double, useBias: Bool) {
        solve(&c, bodies, inverseH: inverseH, useBias: useBias, twoPoints: true, block: true, turns: true)
    }

    @inline(__always)
    private static func solve(_ c: inout WideContact, _ bodies: SolverBodies, inverseH: Double, useBias: Bool,
                              twoPoints: Bool, block: Bool, turns: Bool) {
        var a = WideBody(bodies, c.bodyA, motion: true, turns: turns), b = WideBody(bodies, c.bodyB, motion: true, turns: turns)
        let dx = b.dpx - a.dpx, dy = b.dpy - a.dpy
        if block {
            let t1 = target(c.point1, c, a, b, dx, dy, inverseH, useBias, turns: true)
            let t2 = target(c.point2, c, a, b, dx, dy, inverseH, useBias, turns: true)
            solveBlock(&c, t1, t2, &a, &b)
        } else {
            let t1 = target(c.point1, c, a, b, dx, dy, inverseH, useBias, turns: turns)
            solveNormal(&c.point1, c, t1, &a, &b, angular: turns)
            if twoPoints {
                let t2 = target(c.point2, c, a, b, dx, dy, inverseH, useBias, turns: true)
                solveNormal(&c.point2, c, t2, &a, &b, angular: turns)
            }
        }
        if c.hasFriction {
            solveFriction(&c.point1, c, &a, &b, angular: turns)
            if twoPoints { solveFriction(&c.point2, c, &a, &b, angular: turns) }
        }
        a.store(bodies, c.bodyA, angular: turns)
        b.store(bodies, c.bodyB, angular: turns)
    }

    /// Applies the impulse `(px, py)` at a point to both sides.
    @inline(__always)
    private static func impulse(_ px: Lanes, _ py: Lanes, _ p: WidePoint, _ c: WideContact, _ a: inout WideBody, _ b: inout WideBody,
                                angular: Bool) {
        // Without `angular` neither body can turn: both inverse inertias are zero and both angular
        // velocities +0 (a body that cannot turn has it set to 0, and nothing changes it), which
        // subtracting or adding zero leaves exactly as it is.
        a.vx -= c.inverseMassA * px
        a.vy -= c.inverseMassA * py
        if angular { a.w -= c.inverseInertiaA * (p.anchorAX * py - p.anchorAY * px) }
        b.vx += c.inverseMassB * px
        b.vy += c.inverseMassB * py
        if angular { b.w += c.inverseInertiaB * (p.anchorBX * py - p.anchorBY * px) }
    }

    /// Relative velocity of B with respect to A at a point.
    @inline(__always)
    private static func relativeVelocity(_ p: WidePoint, _ a: WideBody, _ b: WideBody) -> (x: Lanes, y: Lanes) {
        ((b.vx - b.w * p.anchorBY) - (a.vx - a.w * p.anchorAY), (b.vy + b.w * p.anchorBX) - (a.vy + a.w * p.anchorAX))
    }

    /// Bias velocity and mass scale of a point at its current separation: speculative points
    /// may close their gap in one substep; overlapping points are pushed out softly (solve) or
    /// not at all (relax).
    @inline(__always)
    private static func target(_ p: WidePoint, _ c: WideContact, _ a: WideBody, _ b: WideBody, _ dx: Lanes, _ dy: Lanes,
                               _ inverseH: Double, _ useBias: Bool, turns: Bool) -> (bias: Lanes, massScale: Lanes) {
        let s: Lanes
        if turns {
            let rAx = a.qc * p.anchorAX - a.qs * p.anchorAY, rAy = a.qs * p.anchorAX + a.qc * p.anchorAY
            let rBx = b.qc * p.anchorBX - b.qs * p.anchorBY, rBy = b.qs * p.anchorBX + b.qc * p.anchorBY
            s = ((dx + rBx) - rAx) * c.normalX + ((dy + rBy) - rAy) * c.normalY + p.baseSeparation
        } else {
            s = ((dx + p.anchorBX) - p.anchorAX) * c.normalX + ((dy + p.anchorBY) - p.anchorAY) * c.normalY + p.baseSeparation
        }
        var bias = Lanes(), massScale = Lanes(repeating: 1)
        if useBias {
            bias = pointwiseMax(c.biasRate * s, Lanes(repeating: -Tuning.maxPushout))
            massScale = c.massScale
        }
        let speculative = s .> 0
        bias.replace(with: s * inverseH, where: speculative)
        massScale.replace(with: 1, where: speculative)
        return (bias, massScale)
    }

    // A soft constraint's new total impulse is `massScale` times the rigid one (the mass and
    // impulse scales sum to 1), which also lets two points be solved exactly at once.
    @inline(__always)
    private static func solveNormal(_ p: inout WidePoint, _ c: WideContact, _ t: (bias: Lanes, massScale: Lanes),
                                    _ a: inout WideBody, _ b: inout WideBody, angular: Bool) {
        let v = relativeVelocity(p, a, b)
        let vn = v.x * c.normalX + v.y * c.normalY
        let total = pointwiseMax(t.massScale * (p.normalImpulse - p.normalMass * (vn + t.bias)), Lanes())
        let delta = total - p.normalImpulse
        p.normalImpulse = total
        p.maxNormalImpulse = laneMax(p.maxNormalImpulse, delta)
        impulse(delta * c.normalX, delta * c.normalY, p, c, &a, &b, angular: angular)
    }

    /// Solves `K x + b ≥ 0, x ≥ 0, x·(K x + b) = 0` for both normal impulses at once, lane by
    /// lane: the first of the four complementarity cases that holds (both points pushing, only
    /// the first, only the second, neither), then each impulse scaled by its mass scale. A lane
    /// where no case holds keeps its impulses.
    @inline(__always)
    private static func solveBlock(_ c: inout WideContact, _ t1: (bias: Lanes, massScale: Lanes),
                                   _ t2: (bias: Lanes, massScale: Lanes), _ a: inout WideBody, _ b: inout WideBody) {
        let a1 = c.point1.normalImpulse, a2 = c.point2.normalImpulse
        let v1 = relativeVelocity(c.point1, a, b), v2 = relativeVelocity(c.point2, a, b)
        // Normal velocities without the accumulated impulses, plus bias.
        let b1 = (v1.x * c.normalX + v1.y * c.normalY) + t1.bias - (c.k11 * a1 + c.k12 * a2)
        let b2 = (v2.x * c.normalX + v2.y * c.normalY) + t2.bias - (c.k12 * a1 + c.k22 * a2)
        let zero = Lanes()
        // Neither pushing.
        var x1 = zero, x2 = zero
        var solved = (b1 .>= zero) .& (b2 .>= zero)
        // Only the second.
        let second = -b2 * c.point2.normalMass
        let onlySecond = (second .>= zero) .& (c.k12 * second + b1 .>= zero)
        x1.replace(with: zero, where: onlySecond)
        x2.replace(with: second, where: onlySecond)
        solved .|= onlySecond
        // Only the first.
        let first = -b1 * c.point1.normalMass
        let onlyFirst = (first .>= zero) .& (c.k12 * first + b2 .>= zero)
        x1.replace(with: first, where: onlyFirst)
        x2.replace(with: zero, where: onlyFirst)
        solved .|= onlyFirst
        // Both.
        let both1 = (c.k12 * b2 - c.k22 * b1) * c.inverseDeterminant, both2 = (c.k12 * b1 - c.k11 * b2) * c.inverseDeterminant
        let both = (both1 .>= zero) .& (both2 .>= zero)
        x1.replace(with: both1, where: both)
        x2.replace(with: both2, where: both)
        solved .|= both
        x1 = x1 * t1.massScale
        x2 = x2 * t2.massScale
        x1.replace(with: a1, where: .!solved)
        x2.replace(with: a2, where: .!solved)
        c.point1.normalImpulse = x1
        c.point2.normalImpulse = x2
        c.point1.maxNormalImpulse = pointwiseMax(c.point1.maxNormalImpulse, x1 - a1)
        c.point2.maxNormalImpulse = pointwiseMax(c.point2.maxNormalImpulse, x2 - a2)
        let d1 = x1 - a1, d2 = x2 - a2
        impulse(d1 * c.normalX, d1 * c.normalY, c.point1, c, &a, &b, angular: true)
        impulse(d2 * c.normalX, d2 * c.normalY, c.point2, c, &a, &b, angular: true)
    }

    @inline(__always)
    private static func solveFriction(_ p: inout WidePoint, _ c: WideContact, _ a: inout WideBody, _ b: inout WideBody,
                                      angular: Bool) {
        let tx = c.normalY, ty = -c.normalX
        let v = relativeVelocity(p, a, b)
        let vt = v.x * tx + v.y * ty
        let limit = c.friction * p.normalImpulse
        let total = laneMin(laneMax(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
        let delta = total - p.tangentImpulse
        p.tangentImpulse = total
        impulse(delta * tx, delta * ty, p, c, &a, &b, angular: angular)
    }
}

/// `Swift.max` lane by lane (`y` where `y >= x`): unlike `pointwiseMax`, it picks between zeros
/// of either sign as the scalar `max` does, so a clamp to a zero limit (friction on a point with
/// no normal impulse) gives the lanes exactly the scalar solve's values. `pointwiseMax` serves
/// where no zero can meet a zero of the other sign (against −300 or against +0, where both give
/// +0) or where only `> 0` is asked of the result (the largest normal impulse).
@inline(__always) func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }

/// `Swift.min` lane by lane (`y` where `y < x`).
@inline(__always) func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }
