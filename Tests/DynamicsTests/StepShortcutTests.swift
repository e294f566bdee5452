import XCTest
@testable import Dynamics
import SeededRandom

/// The shortcuts a step takes (the aligned-box narrow phase, the compact broad phase, normals
/// kept while a rotation holds, materials kept until item properties change) against the
/// general computations they stand in for.
final class StepShortcutTests: XCTestCase {
    private func assertSameBits(_ fast: Manifold, _ general: Manifold, _ label: String) {
        XCTAssertEqual(fast.count, general.count, label)
        XCTAssertEqual(fast.normal.x.bitPattern, general.normal.x.bitPattern, label)
        XCTAssertEqual(fast.normal.y.bitPattern, general.normal.y.bitPattern, label)
        let points = [(fast.point0, general.point0), (fast.point1, general.point1)].prefix(fast.count)
        for (f, g) in points {
            XCTAssertEqual(f.point.x.bitPattern, g.point.x.bitPattern, label)
            XCTAssertEqual(f.point.y.bitPattern, g.point.y.bitPattern, label)
            XCTAssertEqual(f.separation.bitPattern, g.separation.bitPattern, label)
            XCTAssertEqual(f.id, g.id, label)
        }
    }

    /// Unrotated boxes of every size, in every relative position (resting, side by side, corner
    /// to corner, overlapping, apart, a box against a wall-sized one): the shortcut's manifold is
    /// the general separating-axis test's, bit for bit.
    func testAlignedBoxManifoldsMatchTheGeneralTestBitForBit() {
        var random = SplitMix64(seed: 0x5EED_0001)
        var touching = 0
        for trial in 0..<20_000 {
            let sizeA = Vector(random.uniform(1...80), random.uniform(1...80))
            let sizeB = trial % 10 == 0
                ? Vector(random.uniform(400...2000), random.uniform(100...500))
                : Vector(random.uniform(1...80), random.uniform(1...80))
            let centerA = Vector(random.uniform(-200...200), random.uniform(-200...200))
            // Often exactly flush or exactly on top, as in stacks.
            var offset = Vector(random.uniform(-100...100), random.uniform(-100...100))
            switch random.below(4) {
            case 0: offset.y = (sizeA.y + sizeB.y) / 2 - random.uniform(0...1)
            case 1: offset.x = (sizeA.x + sizeB.x) / 2
            case 2: offset = Vector((sizeA.x + sizeB.x) / 2, -(sizeA.y + sizeB.y) / 2)
            default: break
            }
            var a = Shape.box(body: 1, width: sizeA.x, height: sizeA.y)
            var b = Shape.box(body: 2, width: sizeB.x, height: sizeB.y)
            a.updateWorldGeometry(position: centerA, rotation: .identity, margin: random.uniform(0...3))
            b.updateWorldGeometry(position: centerA + offset, rotation: .identity, margin: random.uniform(0...3))
            let margin = a.margin + b.margin
            let fast = withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in Collide.alignedBoxes(a, b, margin: margin) } }
            a.isAxisAlignedBox = false
            let general = Collide.manifold(a, b, margin: margin)
            assertSameBits(fast, general, "trial \(trial): \(sizeA) at \(centerA), \(sizeB) offset \(offset)")
            if general.count > 0 { touching += 1 }
        }
        XCTAssertGreaterThan(touching, 5_000, "most trials must produce contact points")
    }

    /// A contact's cached manifold is, at every step, the one computed afresh: boxes that move or
    /// stay, margins that grow and shrink across the separations of the candidate points.
    func testCachedManifoldMatchesAFreshOneAtEveryStep() {
        var random = SplitMix64(seed: 0x5EED_0005)
        var unmoved = 0
        for trial in 0..<200 {
            var a = Shape.box(body: 1, width: random.uniform(10...60), height: random.uniform(10...60))
            var b = Shape.box(body: 2, width: random.uniform(10...60), height: random.uniform(10...400))
            var positionA = Vector(random.uniform(-100...100), random.uniform(-100...100))
            var positionB = positionA + Vector(random.uniform(-20...20), (a.localVertices[2].y - b.localVertices[0].y) + random.uniform(-1...1))
            var cache = CachedManifold.empty
            for step in 0..<50 {
                if random.below(3) == 0 { positionA = positionA + Vector(random.uniform(-0.5...0.5), random.uniform(-0.5...0.5)) }
                if random.below(3) == 0 { positionB = positionB + Vector(0, random.uniform(-0.5...0.5)) }
                a.updateWorldGeometry(position: positionA, rotation: .identity, margin: random.uniform(0...2))
                b.updateWorldGeometry(position: positionB, rotation: .identity, margin: random.uniform(0...2))
                let margin = a.margin + b.margin
                if cache.versionA == a.geometryVersion && cache.versionB == b.geometryVersion { unmoved += 1 }
                let cached = withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in cache.alignedBoxes(a, b, margin: margin) } }
                let fresh = withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in Collide.alignedBoxes(a, b, margin: margin) } }
                assertSameBits(cached, fresh, "trial \(trial) step \(step)")
            }
        }
        XCTAssertGreaterThan(unmoved, 1_000, "boxes that stay must meet their cached manifold")
    }

    /// The direction of an axis-aligned edge equals `normalized`, zero signs included, and a
    /// tilted or tiny edge falls back to it.
    func testAxisDirectionMatchesNormalized() {
        var random = SplitMix64(seed: 0x5EED_0002)
        var edges: [Vector] = [Vector(1e-13, 0), Vector(0, -1e-13), Vector(3, 1e-300), Vector(0, 0), Vector(-0.0, 5),
                               Vector(7, -0.0), Vector(2e-12, 0)]
        for _ in 0..<10_000 {
            let length = random.uniform(-1000...1000) * [1e-6, 1e-3, 1, 1e3][random.below(4)]
            edges.append(random.below(2) == 0 ? Vector(length, random.below(3) == 0 ? -0.0 : 0)
                                              : Vector(random.below(3) == 0 ? -0.0 : 0, length))
        }
        for e in edges {
            let expected = e.normalized
            let found = Collide.axisDirection(e)
            XCTAssertEqual(found.x.bitPattern, expected.x.bitPattern, "\(e)")
            XCTAssertEqual(found.y.bitPattern, expected.y.bitPattern, "\(e)")
        }
    }

    /// A shape updated through a sequence of poses ends with the geometry of a fresh shape
    /// updated once with the last pose, though it kept its normals while the rotation held.
    func testNormalsKeptWhileTheRotationHoldsMatchFreshOnes() {
        var random = SplitMix64(seed: 0x5EED_0003)
        for trial in 0..<500 {
            let size = Vector(random.uniform(1...60), random.uniform(1...60))
            var shape = Shape.box(body: 1, width: size.x, height: size.y)
            var last = (Vector.zero, Rotation.identity)
            for _ in 0..<6 {
                let angle = [0, 0, random.uniform(-3...3), 0.5][random.below(4)]
                last = (Vector(random.uniform(-500...500), random.uniform(-500...500)), Rotation(angle: angle))
                shape.updateWorldGeometry(position: last.0, rotation: last.1, margin: 1)
            }
            var fresh = Shape.box(body: 1, width: size.x, height: size.y)
            fresh.updateWorldGeometry(position: last.0, rotation: last.1, margin: 1)
            for i in 0..<4 {
                XCTAssertEqual(shape.worldNormals[i], fresh.worldNormals[i], "trial \(trial) normal \(i)")
                XCTAssertEqual(shape.worldVertices[i], fresh.worldVertices[i], "trial \(trial) vertex \(i)")
            }
            XCTAssertEqual(shape.isAxisAlignedBox, fresh.isAxisAlignedBox)
            XCTAssertEqual(shape.lower, fresh.lower)
            XCTAssertEqual(shape.upper, fresh.upper)
        }
    }

    /// The sweep finds exactly the pairs that a comparison of every two shapes finds: boxes
    /// overlap and the collision rules (bodies, sleep, masks, anchoring) let them collide.
    func testBroadPhaseFindsTheSamePairsAsComparingEveryTwoShapes() {
        var random = SplitMix64(seed: 0x5EED_0004)
        for trial in 0..<200 {
            let itemCount = 1 + random.below(40)
            var (bodies, shapes, broadPhase) = randomBroadPhaseWorld(&random, items: itemCount, within: 400, walls: 3,
                                                                     largestWall: 900)
            // Move the shapes of awake bodies (the world moves only those), so the sorted order
            // must be repaired.
            for i in shapes.indices where bodies[shapes[i].body].state == .awake {
                let body = bodies[shapes[i].body]
                let moved = body.position + Vector(random.uniform(-50...50), random.uniform(-50...50))
                shapes[i].updateWorldGeometry(position: moved, rotation: body.rotation, margin: random.uniform(0...2))
            }
            assertPairsMatchBruteForce(&broadPhase, shapes, bodies, "trial \(trial)")
        }
    }

    /// Friction set by a behavior the script adds reaches contacts that already exist: a block
    /// sliding on a frictionless floor stops once friction is switched on.
    func testAddedFrictionReachesExistingContacts() throws {
        let items = [Scene.Item(id: "b", center: Vector(60, 460), shape: .rectangle(width: 40, height: 40),
                                velocity: Vector(150, 0))]
        let slippery = TestScenes.properties(.init(friction: 0, allowsRotation: false))
        var scene = TestScenes.scene(duration: 1.5, items: items, extra: [slippery])
        let sliding = try Simulation.run(scene: scene)
        XCTAssertGreaterThan(sliding.items[0].velocity.x, 140, "without friction the block keeps sliding")

        scene.script = [Scene.ScriptEvent(at: 0.3, action: .addBehavior(TestScenes.properties(.init(friction: 1))))]
        let stopped = try Simulation.run(scene: scene)
        XCTAssertEqual(stopped.items[0].velocity.x, 0, accuracy: 1, "friction added at 0.3 s stops the block")
        XCTAssertLessThan(stopped.items[0].center.x, sliding.items[0].center.x - 100)
    }
}
