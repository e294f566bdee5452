/// The substep passes over the quad batches (`QuadContact`): the same warm start, soft solve and
/// relax pass as `WideContactSolver`, four lanes of floats at a time, for the contacts whose
/// bodies may turn. A batch gathers its lanes' body states (narrowed to floats), solves all lanes
/// at once and scatters the velocities back (widened to doubles).
///
/// The arithmetic is written again here, in the quad lanes' type, rather than once over a generic
/// lane type: generic code gets the standard library's lane-by-lane SIMD operators instead of the
/// concrete types' vector instructions, and ran the turning pyramid at 2,700 steps a second
/// instead of 4,800 (docs/dynamics.md, "Measured and not kept").
enum QuadContactSolver {
    /// The body states of a batch's lanes on one side, in floats.
    struct QuadBody {
        var vx = QuadLanes(), vy = QuadLanes(), w = QuadLanes()
        var dpx = QuadLanes(), dpy = QuadLanes(), qc = QuadLanes(), qs = QuadLanes()

        /// Gathers the velocities and, with `motion`, the motion since the start of the step: each
        /// lane's body state is read as two vectors of four doubles (velocity, angular velocity
        /// and turn; translation and rotation), narrowed to floats and transposed into lanes.
        @inline(__always) init(_ bodies: SolverBodies, _ index: QuadIndices, motion: Bool) {
            let base = UnsafeRawPointer(bodies.baseAddress.unsafelyUnwrapped)
            let b0 = base + Int(index[0]) &* MemoryLayout<SolverBody>.stride, b1 = base + Int(index[1]) &* MemoryLayout<SolverBody>.stride
            let b2 = base + Int(index[2]) &* MemoryLayout<SolverBody>.stride, b3 = base + Int(index[3]) &* MemoryLayout<SolverBody>.stride
            @inline(__always) func narrow(_ b: UnsafeRawPointer, _ offset: Int) -> QuadLanes {
                QuadLanes(lowHalf: SIMD2<Float>(b.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self)),
                          highHalf: SIMD2<Float>(b.loadUnaligned(fromByteOffset: offset + 16, as: SIMD2<Double>.self)))
            }
            (vx, vy, w, _) = transpose(narrow(b0, 0), narrow(b1, 0), narrow(b2, 0), narrow(b3, 0))
            if motion {
                let m = SolverBody.motionOffset
                (dpx, dpy, qc, qs) = transpose(narrow(b0, m), narrow(b1, m), narrow(b2, m), narrow(b3, m))
            }
        }

        /// Scatters the velocities, widened to doubles. Lanes on a static body (or padding) write
        /// back the zeros they read.
        @inline(__always) func store(_ bodies: SolverBodies, _ index: QuadIndices) {
            let base = UnsafeMutableRawPointer(bodies.baseAddress.unsafelyUnwrapped)
            let (r0, r1, r2, r3) = transpose(vx, vy, w, QuadLanes())
            @inline(__always) func widen(_ r: QuadLanes, _ i: Int32) {
                let b = base + Int(i) &* MemoryLayout<SolverBody>.stride
                b.storeBytes(of: SIMD2<Double>(r.lowHalf), as: SIMD2<Double>.self)
                b.storeBytes(of: Double(r[2]), toByteOffset: SolverBody.angularVelocityOffset, as: Double.self)
            }
            widen(r0, index[0])
            widen(r1, index[1])
            widen(r2, index[2])
            widen(r3, index[3])
        }
    }

    /// Warm starts one batch.
    @inline(never)
    static func warmStart(_ c: inout QuadContact, _ bodies: SolverBodies) {
        warmStart(&c, bodies, twoPoints: c.kind.twoPoints)
    }

    @inline(__always)
    private static func warmStart(_ c: inout QuadContact, _ bodies: SolverBodies, twoPoints: Bool) {
        var a = QuadBody(bodies, c.bodyA, motion: false), b = QuadBody(bodies, c.bodyB, motion: false)
        warmStart(c.point1, c, &a, &b)
        if twoPoints { warmStart(c.point2, c, &a, &b) }
        a.store(bodies, c.bodyA)
        b.store(bodies, c.bodyB)
    }

    @inline(__always)
    private static func warmStart(_ p: QuadPoint, _ c: QuadContact, _ a: inout QuadBody, _ b: inout QuadBody) {
        let tx = c.normalY, ty = -c.normalX
        let px = p.normalImpulse * c.normalX + p.tangentImpulse * tx
        let py = p.normalImpulse * c.normalY + p.tangentImpulse * ty
        impulse(px, py, p, c, &a, &b)
    }

    /// Solves one batch: with `useBias` the soft solve, without it the relax pass. One function
    /// per kind, each compiled for its kind alone and kept out of line.
    @inline(__always)
    static func solve(_ c: inout QuadContact, _ bodies: SolverBodies, inverseH: Float, useBias: Bool) {
        switch c.kind {
        case .linear: assertionFailure("contacts of boxes that cannot turn are laid out in pairs")
        case .onePoint: solveOnePoint(&c, bodies, inverseH: inverseH, useBias: useBias)
        case .twoPoints: solveTwoPoints(&c, bodies, inverseH: inverseH, useBias: useBias)
        case .block: solveBlock(&c, bodies, inverseH: inverseH, useBias: useBias)
        }
    }

    @inline(never)
    private static func solveOnePoint(_ c: inout QuadContact, _ bodies: SolverBodies, inverseH: Float, useBias: Bool) {
        solve(&c, bodies, inverseH: inverseH, useBias: useBias, twoPoints: false, block: false)
    }

    @inline(never)
    private static func solveTwoPoints(_ c: inout QuadContact, _ bodies: SolverBodies, inverseH: Float, useBias: Bool) {
        solve(&c, bodies, inverseH: inverseH, useBias: useBias, twoPoints: true, block: false)
    }

    @inline(never)
    private static func solveBlock(_ c: inout QuadContact, _ bodies: SolverBodies, inverseH: Float, useBias: Bool) {
        solve(&c, bodies, inverseH: inverseH, useBias: useBias, twoPoints: true, block: true)
    }

    @inline(__always)
    private static func solve(_ c: inout QuadContact, _ bodies: SolverBodies, inverseH: Float, useBias: Bool,
                              twoPoints: Bool, block: Bool) {
        var a = QuadBody(bodies, c.bodyA, motion: true), b = QuadBody(bodies, c.bodyB, motion: true)
        let dx = b.dpx - a.dpx, dy = b.dpy - a.dpy
        if block {
            let t1 = target(c.point1, c, a, b, dx, dy, inverseH, useBias)
            let t2 = target(c.point2, c, a, b, dx, dy, inverseH, useBias)
            solveBlock(&c, t1, t2, &a, &b)
        } else {
            let t1 = target(c.point1, c, a, b, dx, dy, inverseH, useBias)
            solveNormal(&c.point1, c, t1, &a, &b)
            if twoPoints {
                let t2 = target(c.point2, c, a, b, dx, dy, inverseH, useBias)
                solveNormal(&c.point2, c, t2, &a, &b)
            }
        }
        if c.hasFriction {
            solveFriction(&c.point1, c, &a, &b)
            if twoPoints { solveFriction(&c.point2, c, &a, &b) }
        }
        a.store(bodies, c.bodyA)
        b.store(bodies, c.bodyB)
    }

    /// Applies the impulse `(px, py)` at a point to both sides.
    @inline(__always)
    private static func impulse(_ px: QuadLanes, _ py: QuadLanes, _ p: QuadPoint, _ c: QuadContact, _ a: inout QuadBody,
                                _ b: inout QuadBody) {
        a.vx -= c.inverseMassA * px
        a.vy -= c.inverseMassA * py
        a.w -= c.inverseInertiaA * (p.anchorAX * py - p.anchorAY * px)
        b.vx += c.inverseMassB * px
        b.vy += c.inverseMassB * py
        b.w += c.inverseInertiaB * (p.anchorBX * py - p.anchorBY * px)
    }

    /// Relative velocity of B with respect to A at a point.
    @inline(__always)
    private static func relativeVelocity(_ p: QuadPoint, _ a: QuadBody, _ b: QuadBody) -> (x: QuadLanes, y: QuadLanes) {
        ((b.vx - b.w * p.anchorBY) - (a.vx - a.w * p.anchorAY), (b.vy + b.w * p.anchorBX) - (a.vy + a.w * p.anchorAX))
    }

    /// Bias velocity and mass scale of a point at its current separation: speculative points
    /// may close their gap in one substep; overlapping points are pushed out softly (solve) or
    /// not at all (relax).
    @inline(__always)
    private static func target(_ p: QuadPoint, _ c: QuadContact, _ a: QuadBody, _ b: QuadBody, _ dx: QuadLanes, _ dy: QuadLanes,
                               _ inverseH: Float, _ useBias: Bool) -> (bias: QuadLanes, massScale: QuadLanes) {
        let rAx = a.qc * p.anchorAX - a.qs * p.anchorAY, rAy = a.qs * p.anchorAX + a.qc * p.anchorAY
        let rBx = b.qc * p.anchorBX - b.qs * p.anchorBY, rBy = b.qs * p.anchorBX + b.qc * p.anchorBY
        let s = ((dx + rBx) - rAx) * c.normalX + ((dy + rBy) - rAy) * c.normalY + p.baseSeparation
        var bias = QuadLanes(), massScale = QuadLanes(repeating: 1)
        if useBias {
            bias = quadMax(c.biasRate * s, QuadLanes(repeating: -Float(Tuning.maxPushout)))
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
    private static func solveNormal(_ p: inout QuadPoint, _ c: QuadContact, _ t: (bias: QuadLanes, massScale: QuadLanes),
                                    _ a: inout QuadBody, _ b: inout QuadBody) {
        let v = relativeVelocity(p, a, b)
        let vn = v.x * c.normalX + v.y * c.normalY
        let total = quadMax(t.massScale * (p.normalImpulse - p.normalMass * (vn + t.bias)), QuadLanes())
        let delta = total - p.normalImpulse
        p.normalImpulse = total
        p.maxNormalImpulse = laneMax(p.maxNormalImpulse, delta)
        impulse(delta * c.normalX, delta * c.normalY, p, c, &a, &b)
    }

    /// Solves `K x + b ≥ 0, x ≥ 0, x·(K x + b) = 0` for both normal impulses at once, lane by
    /// lane: the first of the four complementarity cases that holds (both points pushing, only
    /// the first, only the second, neither), then each impulse scaled by its mass scale. A lane
    /// where no case holds keeps its impulses.
    @inline(__always)
    private static func solveBlock(_ c: inout QuadContact, _ t1: (bias: QuadLanes, massScale: QuadLanes),
                                   _ t2: (bias: QuadLanes, massScale: QuadLanes), _ a: inout QuadBody, _ b: inout QuadBody) {
        let a1 = c.point1.normalImpulse, a2 = c.point2.normalImpulse
        let v1 = relativeVelocity(c.point1, a, b), v2 = relativeVelocity(c.point2, a, b)
        // Normal velocities without the accumulated impulses, plus bias.
        let b1 = (v1.x * c.normalX + v1.y * c.normalY) + t1.bias - (c.k11 * a1 + c.k12 * a2)
        let b2 = (v2.x * c.normalX + v2.y * c.normalY) + t2.bias - (c.k12 * a1 + c.k22 * a2)
        let zero = QuadLanes()
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
        c.point1.maxNormalImpulse = quadMax(c.point1.maxNormalImpulse, x1 - a1)
        c.point2.maxNormalImpulse = quadMax(c.point2.maxNormalImpulse, x2 - a2)
        let d1 = x1 - a1, d2 = x2 - a2
        impulse(d1 * c.normalX, d1 * c.normalY, c.point1, c, &a, &b)
        impulse(d2 * c.normalX, d2 * c.normalY, c.point2, c, &a, &b)
    }

    @inline(__always)
    private static func solveFriction(_ p: inout QuadPoint, _ c: QuadContact, _ a: inout QuadBody, _ b: inout QuadBody) {
        let tx = c.normalY, ty = -c.normalX
        let v = relativeVelocity(p, a, b)
        let vt = v.x * tx + v.y * ty
        let limit = c.friction * p.normalImpulse
        let total = laneMin(laneMax(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
        let delta = total - p.tangentImpulse
        p.tangentImpulse = total
        impulse(delta * tx, delta * ty, p, c, &a, &b)
    }
}

/// `Swift.max` lane by lane for quad lanes (`y` where `y >= x`), as `laneMax`.
@inline(__always) func laneMax(_ x: QuadLanes, _ y: QuadLanes) -> QuadLanes { x.replacing(with: y, where: y .>= x) }

/// `Swift.min` lane by lane for quad lanes (`y` where `y < x`), as `laneMin`.
@inline(__always) func laneMin(_ x: QuadLanes, _ y: QuadLanes) -> QuadLanes { x.replacing(with: y, where: y .< x) }

/// The larger of each pair of quad lanes (`y` where `y > x`), where no zero meets a zero of the
/// other sign or only `> 0` is asked of the result (as `pointwiseMax` serves the wide lanes).
@inline(__always) func quadMax(_ x: QuadLanes, _ y: QuadLanes) -> QuadLanes { x.replacing(with: y, where: y .> x) }

/// Four vectors of four lanes transposed: lane `j` of the `i`-th result is lane `i` of the `j`-th
/// argument (unpack and move shuffles).
@inline(__always)
func transpose(_ a: QuadLanes, _ b: QuadLanes, _ c: QuadLanes, _ d: QuadLanes) -> (QuadLanes, QuadLanes, QuadLanes, QuadLanes) {
    let lowAB = QuadLanes(a[0], b[0], a[1], b[1]), lowCD = QuadLanes(c[0], d[0], c[1], d[1])
    let highAB = QuadLanes(a[2], b[2], a[3], b[3]), highCD = QuadLanes(c[2], d[2], c[3], d[3])
    return (QuadLanes(lowHalf: lowAB.lowHalf, highHalf: lowCD.lowHalf), QuadLanes(lowHalf: lowAB.highHalf, highHalf: lowCD.highHalf),
            QuadLanes(lowHalf: highAB.lowHalf, highHalf: highCD.lowHalf), QuadLanes(lowHalf: highAB.highHalf, highHalf: highCD.highHalf))
}
