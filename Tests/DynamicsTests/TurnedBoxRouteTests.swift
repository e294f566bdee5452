import XCTest
@testable import Dynamics
import SeededRandom

/// The two-box route's shortcuts (`Collide.boxes`: B's faces asked only whether one separates
/// beyond a limit, faces of A left after two corners) against the general separating-axis test
/// and clipping (`Collide.anyPolygons`), bit for bit, on seeded pairs chosen to sit on the
/// decisions' edges: faces touching, overlapping deeply or apart beyond the margin, B's face
/// about as good as A's plus the preference, and margins equal to a separation or one unit in
/// the last place from it.
final class TurnedBoxRouteTests: XCTestCase {
    /// The best face separation of `p` against `q` over every face and corner, as the general
    /// route computes each value.
    private func plainMaximum(_ p: Shape, _ q: Shape) -> Double {
        var best = -Double.infinity
        for i in 0..<p.count {
            var s = Double.infinity
            for j in 0..<q.count { s = min(s, dot(p.worldNormals[i], q.worldVertices[j] - p.worldVertices[i])) }
            best = max(best, s)
        }
        return best
    }

    /// A box on face `face` of `a`: turned from it by `turn`, its centre `gap` beyond the face
    /// (plus the half height of the box along the normal) and `slide` along it.
    private func boxOnFace(of a: Shape, angle: Double, face: Int, turn: Double, gap: Double, slide: Double,
                           width: Double, height: Double) -> Shape {
        var b = Shape.box(body: 2, width: width, height: height)
        let n = a.worldNormals[face]
        let middle = 0.5 * (a.worldVertices[face] + a.worldVertices[(face + 1) & 3])
        let across = face & 1 == 0 ? height : width
        let center = middle + (gap + 0.5 * across) * n + slide * n.perpendicular
        b.updateWorldGeometry(position: center, rotation: Rotation(angle: angle + turn), margin: 1)
        return b
    }

    /// A pair drawn from one of the kinds of cases above.
    private func randomPair(_ random: inout SplitMix64) -> (Shape, Shape) {
        if random.below(3) == 0 {
            return (randomBox(&random, body: 1, spread: 50, nearlyUnturned: true),
                    randomBox(&random, body: 2, spread: 50, nearlyUnturned: true))
        }
        let angle = random.below(4) == 0 ? 0 : random.between(-Double.pi, Double.pi)
        var a = Shape.box(body: 1, width: random.between(4, 80), height: random.between(4, 80))
        a.updateWorldGeometry(position: Vector(random.between(-30, 30), random.between(-30, 30)),
                              rotation: Rotation(angle: angle), margin: 1)
        let turns = [0, 1e-9, -1e-9, 1e-4, -1e-4, 1e-3, random.between(-0.05, 0.05), random.between(-0.6, 0.6)]
        let gaps = [0, 1e-12, -1e-12, random.between(-0.2, 0.2), random.between(-0.1, 2.5), random.between(-20, -2),
                    random.between(2, 12)]
        let b = boxOnFace(of: a, angle: angle, face: random.below(4), turn: turns[random.below(turns.count)],
                          gap: gaps[random.below(gaps.count)], slide: random.between(-40, 40),
                          width: random.between(4, 80), height: random.between(4, 80))
        return random.below(2) == 0 ? (a, b) : (b, a)
    }

    /// A margin on one of the route's decisions: at A's or B's best separation or at A's plus the
    /// preference, or one unit in the last place either side; else a random one.
    private func randomMargin(_ random: inout SplitMix64, _ a: Shape, _ b: Shape) -> Double {
        let sa = plainMaximum(a, b), sb = plainMaximum(b, a)
        let anchors = [sa, sb, sa + 0.1 * Tuning.linearSlop]
        var margin = anchors[random.below(anchors.count)]
        switch random.below(4) {
        case 0: margin = margin.nextUp
        case 1: margin = margin.nextDown
        case 2: break
        default: margin = random.between(0, 8)
        }
        return margin.isFinite ? max(margin, 0) : 1
    }

    func testTheTwoBoxRouteGivesTheGeneralManifoldBitForBit() {
        var random = SplitMix64(seed: 0x7B0E5)
        var apart = 0, apartByB = 0, flipped = 0, kept = 0, bNearPreference = 0
        for _ in 0..<60_000 {
            let (a, b) = randomPair(&random)
            let margin = randomMargin(&random, a, b)
            let (fast, general) = withUnsafePointer(to: a) { pa in
                withUnsafePointer(to: b) { pb in
                    (Collide.boxes(pa, pb, margin: margin), Collide.anyPolygons(pa, pb, margin: margin))
                }
            }
            XCTAssertEqual(fast.bits, general.bits, "margin \(margin), A \(a.worldVertices[0]), B \(b.worldVertices[0])")
            let sa = plainMaximum(a, b), sb = plainMaximum(b, a)
            if sa > margin { apart += 1 } else if sb > margin { apartByB += 1 }
            if general.count > 0 && general.point0.id & 0x10000 != 0 { flipped += 1 }
            if general.count > 0 { kept += 1 }
            if sa <= margin && abs(sb - (sa + 0.1 * Tuning.linearSlop)) < 1e-3 { bNearPreference += 1 }
        }
        XCTAssertGreaterThan(apart, 5_000, "A's face separates beyond the margin")
        XCTAssertGreaterThan(apartByB, 1_000, "only B's face separates beyond the margin")
        XCTAssertGreaterThan(flipped, 2_000, "B's face as the reference")
        XCTAssertGreaterThan(kept, 20_000, "points kept")
        XCTAssertGreaterThan(bNearPreference, 20, "B's face about as good as A's plus the preference")
    }

    func testTheRouteMatchesWhereBsFaceJustBecomesTheReference() {
        // B wider than A and turned from it: B's corners dip below A's face faster than A's
        // below B's, so B's best face overtakes A's best plus the preference at some turn.
        // Bisecting the turn for that point gives pairs on both sides of the decision, down to
        // neighbouring turns.
        var random = SplitMix64(seed: 0xB15EC7)
        var closest = 0, flipped = 0, unflipped = 0
        for _ in 0..<400 {
            let angle = random.between(-Double.pi, Double.pi)
            let width = random.between(8, 60), aHeight = random.between(8, 60)
            var a = Shape.box(body: 1, width: width, height: aHeight)
            a.updateWorldGeometry(position: Vector(random.between(-30, 30), random.between(-30, 30)),
                                  rotation: Rotation(angle: angle), margin: 1)
            let face = random.below(4), gap = random.between(-0.3, 0.3)
            let wider = (face & 1 == 0 ? width : aHeight) + random.between(10, 60)
            let height = random.between(8, 60)
            let margin = random.between(0.5, 8)
            var low = 0.0, high = 0.2
            for _ in 0..<70 {
                let turn = 0.5 * (low + high)
                let b = face & 1 == 0
                    ? boxOnFace(of: a, angle: angle, face: face, turn: turn, gap: gap, slide: 0, width: wider, height: height)
                    : boxOnFace(of: a, angle: angle, face: face, turn: turn, gap: gap, slide: 0, width: height, height: wider)
                let (fast, general) = withUnsafePointer(to: a) { pa in
                    withUnsafePointer(to: b) { pb in
                        (Collide.boxes(pa, pb, margin: margin), Collide.anyPolygons(pa, pb, margin: margin))
                    }
                }
                XCTAssertEqual(fast.bits, general.bits, "turn \(turn)")
                let sa = plainMaximum(a, b), sb = plainMaximum(b, a)
                if sb > sa + 0.1 * Tuning.linearSlop { high = turn } else { low = turn }
                if abs(sb - (sa + 0.1 * Tuning.linearSlop)) < 1e-9 { closest += 1 }
                if general.count > 0 { if general.point0.id & 0x10000 != 0 { flipped += 1 } else { unflipped += 1 } }
            }
        }
        XCTAssertGreaterThan(closest, 5_000, "pairs within 1e-9 of the preference")
        XCTAssertGreaterThan(flipped, 2_000, "B's face as the reference")
        XCTAssertGreaterThan(unflipped, 2_000, "A's face as the reference")
    }

    func testTheFaceQuestionMatchesThePlainSearchAtEveryLimitAroundTheAnswer() {
        // Limits equal to the best separation are the ties: a face at the limit does not
        // separate beyond it.
        var random = SplitMix64(seed: 0x5EA)
        var beyond = 0, within = 0
        for _ in 0..<20_000 {
            let (a, b) = randomPair(&random)
            let best = plainMaximum(a, b)
            for limit in [best, best.nextUp, best.nextDown, best - 0.5, best + 0.5] {
                let found = withUnsafePointer(to: a) { pa in
                    withUnsafePointer(to: b) { pb in Collide.someBoxFaceSeparates(pa, pb, beyond: limit) }
                }
                XCTAssertEqual(found, best > limit, "limit \(limit), best \(best)")
                if best > limit { beyond += 1 } else { within += 1 }
            }
            let (edge, separation) = withUnsafePointer(to: a) { pa in
                withUnsafePointer(to: b) { pb in Collide.maxSeparationOfBoxes(pa, pb, margin: .infinity) }
            }
            XCTAssertEqual(separation.bitPattern, withUnsafePointer(to: a) { pa in
                withUnsafePointer(to: b) { pb in Collide.maxSeparation(pa, pb, margin: .infinity).separation.bitPattern }
            })
            XCTAssertEqual(edge, withUnsafePointer(to: a) { pa in
                withUnsafePointer(to: b) { pb in Collide.maxSeparation(pa, pb, margin: .infinity).edge }
            })
        }
        XCTAssertGreaterThan(beyond, 30_000)
        XCTAssertGreaterThan(within, 50_000)
    }

    func testAnIncidentBoxAnEighthTurnedTakesTheFirstOfTwoEqualEdges() {
        // Turned by exactly an eighth (cosine and sine equal), two of the incident box's normals
        // face the reference normal equally: the first of them is the incident edge, found from
        // two dot products as from four.
        let h = (0.5).squareRoot()
        var kept = 0
        for (c, sine) in [(h, h), (-h, h), (h, -h), (-h, -h)] {
            var a = Shape.box(body: 1, width: 40, height: 40)
            a.updateWorldGeometry(position: Vector(0, 0), rotation: .identity, margin: 1)
            for x in stride(from: -30.0, through: 30, by: 7.5) {
                for y in stride(from: -50.0, through: 50, by: 2.5) {
                    var b = Shape.box(body: 2, width: 30, height: 30)
                    b.updateWorldGeometry(position: Vector(x, y), rotation: Rotation(c: c, s: sine), margin: 1)
                    for (p, q) in [(a, b), (b, a)] {
                        let (fast, general) = withUnsafePointer(to: p) { pp in
                            withUnsafePointer(to: q) { pq in
                                (Collide.boxes(pp, pq, margin: 2), Collide.anyPolygons(pp, pq, margin: 2))
                            }
                        }
                        XCTAssertEqual(fast.bits, general.bits, "x \(x), y \(y), rotation \(c), \(sine)")
                        if general.count > 0 { kept += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(kept, 200, "pairs in contact")
    }

    func testUnturnedBoxesTouchingOnAGridKeepTheSignOfAZeroSeparation() {
        // Exactly touching unturned boxes give corner values of +0 and -0 (a zero normal
        // component times a negative or positive offset). A face's separation is then the first
        // zero in corner order, as in the general search, and so are its bits.
        var negativeZeros = 0, positiveZeros = 0
        for (width, height) in [(40.0, 40.0), (20, 60), (60, 20)] {
            for face in 0..<4 {
                var a = Shape.box(body: 1, width: 40, height: 40)
                a.updateWorldGeometry(position: Vector(0, 0), rotation: .identity, margin: 1)
                for slide in [-30.0, -20, 0, 10, 20, 30] {
                    let b = boxOnFace(of: a, angle: 0, face: face, turn: 0, gap: 0, slide: slide, width: width, height: height)
                    for (p, q) in [(a, b), (b, a)] {
                        let (fast, general, route, generalRoute) = withUnsafePointer(to: p) { pp in
                            withUnsafePointer(to: q) { pq in
                                (Collide.maxSeparationOfBoxes(pp, pq, margin: 0.5), Collide.maxSeparation(pp, pq, margin: 0.5),
                                 Collide.boxes(pp, pq, margin: 0.5), Collide.anyPolygons(pp, pq, margin: 0.5))
                            }
                        }
                        XCTAssertEqual(fast.edge, general.edge)
                        XCTAssertEqual(fast.separation.bitPattern, general.separation.bitPattern, "face \(face), slide \(slide)")
                        XCTAssertEqual(route.bits, generalRoute.bits)
                        if general.separation == 0 {
                            if general.separation.sign == .minus { negativeZeros += 1 } else { positiveZeros += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(negativeZeros, 10, "faces touching at -0")
        XCTAssertGreaterThan(positiveZeros, 10, "faces touching at +0")
    }
}
