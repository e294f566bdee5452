import XCTest
@testable import Dynamics

/// A block landing on a sleeping block must wake it and rest on it, never sink through it.
final class SleepingTests: XCTestCase {
    /// The "steady stacks" scene: 24 blocks in 8 columns of a 320×480 view, one dropped every
    /// 0.5 s, each spinning at first; with rotation forbidden they form three rows. Blocks of
    /// the lower rows fall asleep before the next row lands on them.
    func testBlocksLandingOnSleepingStacksKeepTheirDropOrder() throws {
        let spins = [0.8, -1.1, 1.4, -0.7, 1.0, -1.3, 0.9, -1.2]
        let items = (0..<24).map { (k: Int) -> Scene.Item in
            var item = TestScenes.box("b\(k + 1)", 20 + 40 * Double(k % 8), 20, appearsAt: 0.5 * Double(k))
            let spin: Double = spins[k % 8]
            item.angularVelocity = k < 16 ? spin : -spin
            return item
        }
        for substeps in [2, 4] {
            try assertStacked(items, columns: 8, duration: 14.5, substeps: substeps)
        }
    }

    /// The seven blocks of the scene above that suffice for the first column's third block to
    /// land on a sleeping block while the neighbouring column touches it from the side.
    func testBlockLandingOnASleepingBlockBesideAnotherStackRestsOnIt() throws {
        let drops: [(id: String, column: Int, at: Double)] = [
            ("b1", 0, 0), ("b2", 1, 0.5), ("b3", 2, 1), ("b9", 0, 4), ("b10", 1, 4.5), ("b12", 3, 5.5), ("b17", 0, 8),
        ]
        let items = drops.map { TestScenes.box($0.id, 20 + 40 * Double($0.column), 20, appearsAt: $0.at) }
        try assertStacked(items, columns: 8, duration: 10.5, substeps: 4)
    }

    /// `b1` rests asleep on the floor; `b2` falls beside it (touching its side) and `b3` onto it.
    /// Only the block landing on it wakes it.
    func testOnlyABlockClosingOnASleepingBlockWakesIt() throws {
        let items = [TestScenes.box("b1", 20, 20), TestScenes.box("b2", 60, 20, appearsAt: 1.5),
                     TestScenes.box("b3", 20, 20, appearsAt: 3)]
        let scene = TestScenes.scene(duration: 4, items: items,
                                     extra: [TestScenes.properties(.init(allowsRotation: false))])
        // b2's centre passes b1's (y = 460) about 0.94 s after its drop: its side touches b1's.
        let sliding = try world(scene, at: 2.42)
        XCTAssertEqual(sliding.bodies[1].state, .asleep, "b1 sleeps before b2 comes by")
        XCTAssertEqual(sliding.bodies[2].state, .awake)
        XCTAssertGreaterThan(sliding.bodies[2].velocity.y, 500, "b2 still falls")
        XCTAssertTrue(sliding.contacts.contains { $0.bodyA == 1 && $0.bodyB == 2 && $0.touching }, "b2 touches b1")
        XCTAssertEqual(sliding.bodies[1].state, .asleep, "a block sliding past leaves b1 asleep")
        // b3 lands on b1 (its centre at y = 420) about 0.87 s after its drop, within b1's 0.5 s of calm.
        let landed = try world(scene, at: 4)
        XCTAssertEqual(landed.bodies[1].state, .awake, "the block landing on b1 wakes it")
        XCTAssertEqual(landed.bodies[1].position.y, 460, accuracy: 0.5)
        XCTAssertEqual(landed.bodies[3].position.y, 420, accuracy: 0.5, "b3 rests on b1")
    }

    /// A block sliding along the floor into a sleeping block shares its momentum with it (both
    /// blocks are equal, without friction or bounce): the sleeping block wakes before the
    /// impact is solved instead of stopping the other one dead.
    func testBlockKnockedSidewaysWhileAsleepSharesTheImpact() throws {
        var moving = TestScenes.box("b2", 200, 460, appearsAt: 1.5)
        moving.velocity = Vector(-300, 0)
        let scene = TestScenes.scene(duration: 2, items: [TestScenes.box("b1", 100, 460), moving],
                                     extra: [TestScenes.properties(.init(allowsRotation: false))])
        XCTAssertEqual(try world(scene, at: 1.6).bodies[1].state, .asleep, "b1 sleeps when b2 comes")
        let result = try Simulation.run(scene: scene)
        let struck = result.items[0], striker = result.items[1]
        // They meet 0.2 s after b2 appears; 0.3 s later both move left at half b2's speed.
        XCTAssertEqual(struck.velocity.x, -150, accuracy: 5)
        XCTAssertEqual(striker.velocity.x, -150, accuracy: 5)
        XCTAssertEqual(struck.center.x, 100 - 150 * 0.3, accuracy: 3)
        XCTAssertEqual(striker.center.x - struck.center.x, 40, accuracy: 1)
    }

    /// The world of `scene` after the steps up to time `t`.
    private func world(_ scene: Scene, at t: Double) throws -> World {
        var validator = SceneValidator(scene: scene, limits: .default)
        try validator.validate()
        var runner = SceneRunner(scene: scene, itemIndex: validator.itemIndex, maxContactEvents: 100)
        _ = runner.run(steps: Int((t / scene.step).rounded()))
        return runner.world
    }

    /// Runs the scene (gravity, the bounds, no rotation, sleeping on) and checks that no two
    /// blocks overlap by more than 1 pt and that every column is stacked in drop order.
    private func assertStacked(_ items: [Scene.Item], columns: Int, duration: Double, substeps: Int,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        var scene = TestScenes.scene(duration: duration, items: items,
                                     extra: [TestScenes.properties(.init(allowsRotation: false))])
        scene.substeps = substeps
        XCTAssertTrue(scene.sleeping)
        let result = try Simulation.run(scene: scene)
        XCTAssertEqual(result.items.map(\.id), items.map(\.id), file: file, line: line)
        for (i, a) in result.items.enumerated() {
            for b in result.items[(i + 1)...] {
                let overlap = min(40 - abs(a.center.x - b.center.x), 40 - abs(a.center.y - b.center.y))
                XCTAssertLessThanOrEqual(overlap, 1, "\(a.id) and \(b.id) overlap (\(substeps) substeps)",
                                         file: file, line: line)
            }
        }
        for column in 0..<columns {
            let x = 20 + 40 * Double(column)
            // Items are listed in drop order, so each block must rest one block above the previous one.
            let stack = result.items.filter { abs($0.center.x - x) < 0.5 }
            for (level, block) in stack.enumerated() {
                XCTAssertEqual(block.center.y, 480 - 20 - 40 * Double(level), accuracy: 1,
                               "\(block.id) at level \(level) of column \(column) (\(substeps) substeps)",
                               file: file, line: line)
            }
            XCTAssertEqual(stack.count, items.filter { $0.center.x == x }.count, "column \(column) keeps its blocks",
                           file: file, line: line)
        }
    }
}
