import XCTest
@testable import Dynamics
import SeededRandom

/// The contact solver keeps its levels and batch assignment while their inputs stay the same
/// (`ContactBatches.reusesLayout`): seeded random scenes stepped with the reuse on and forced
/// off give bit for bit the same state after every step.
final class LayoutReuseTests: XCTestCase {
    /// A random scene: columns of boxes that stack and fall asleep, some that cannot turn, late
    /// arrivals, a shelf removed by the script, a push added by the script (waking the sleepers),
    /// friction and elasticity changed on the way; sampled at every step.
    private func randomScene(_ random: inout SplitMix64) -> Scene {
        var items: [Scene.Item] = []
        let columns = 1 + random.below(4)
        for column in 0..<columns {
            let x = 50 + Double(column) * 70 + random.between(-3, 3)
            for row in 0..<(1 + random.below(6)) {
                let y = 440 - Double(row) * 41 - random.between(0, 30)
                let late = random.below(4) == 0 ? random.between(0.1, 1.5) : 0
                var item = TestScenes.box("c\(column)r\(row)", x, y, size: 36 + random.between(0, 6), appearsAt: late)
                if random.below(5) == 0 { item.angle = random.between(-0.2, 0.2) }
                items.append(item)
            }
        }
        let ids = items.map(\.id)
        let fixed = ids.filter { _ in random.below(3) == 0 }
        let shelf = Behavior(id: "shelf", .collision(Behavior.Collision(
            mode: .everything, boundaries: [.init(id: "ledge", shape: .rectangle(x: 0, y: 300, width: 130, height: 6))])))
        var scene = TestScenes.scene(duration: 2.5, items: items,
                                     extra: [TestScenes.properties(.init(friction: random.between(0, 0.8))),
                                             TestScenes.properties(.init(allowsRotation: false), items: fixed),
                                             shelf],
                                     fps: 120)
        scene.substeps = 1 + random.below(4)
        scene.sleeping = random.below(4) != 0
        scene.script = [
            Scene.ScriptEvent(at: random.between(0.5, 1.5), action: .removeBehavior("shelf")),
            Scene.ScriptEvent(at: random.between(0.8, 2), action: .addBehavior(Behavior(
                items: [ids[random.below(ids.count)]], .push(.init(mode: .instantaneous, angle: random.between(0, 6.28), magnitude: 2))))),
            Scene.ScriptEvent(at: random.between(1, 2.2), action: .addBehavior(
                TestScenes.properties(.init(elasticity: random.between(0, 0.5), friction: random.between(0, 1))))),
        ]
        return scene
    }

    private func run(_ scene: Scene, reuse: Bool) throws -> (SimulationResult, reused: Int) {
        var validator = SceneValidator(scene: scene, limits: .default)
        try validator.validate()
        var runner = SceneRunner(scene: scene, itemIndex: validator.itemIndex, maxContactEvents: 10_000)
        runner.world.contactBatches.reusesLayout = reuse
        let steps = Int((scene.duration / scene.step).rounded())
        let result = runner.run(steps: steps)
        return (result, runner.world.contactBatches.reusedLayouts)
    }

    private func bits(_ v: Vector) -> [UInt64] { [v.x.bitPattern, v.y.bitPattern] }

    func testReusedLayoutsGiveTheSameStateAfterEveryStep() throws {
        var random = SplitMix64(seed: 0x1A70_0751)
        var reusedSteps = 0, steps = 0
        for trial in 0..<24 {
            let scene = randomScene(&random)
            let (kept, reused) = try run(scene, reuse: true)
            let (fresh, none) = try run(scene, reuse: false)
            XCTAssertEqual(none, 0, "trial \(trial): reuse forced off")
            reusedSteps += reused
            steps += kept.frames.count - 1
            XCTAssertEqual(kept.frames.count, fresh.frames.count, "trial \(trial)")
            XCTAssertGreaterThan(kept.frames.count, 250, "trial \(trial): a sample at every step")
            for (k, (a, b)) in zip(kept.frames, fresh.frames).enumerated() {
                XCTAssertEqual(a.items.map(\.id), b.items.map(\.id), "trial \(trial) frame \(k)")
                for (p, q) in zip(a.items, b.items) where bits(p.center) != bits(q.center) || p.angle.bitPattern != q.angle.bitPattern {
                    XCTFail("trial \(trial) frame \(k): \(p.id) at \(p.center), \(p.angle) instead of \(q.center), \(q.angle)")
                    return
                }
            }
            XCTAssertEqual(kept.contacts, fresh.contacts, "trial \(trial): contact events")
            for (p, q) in zip(kept.items, fresh.items) {
                XCTAssertEqual(bits(p.velocity) + [p.angularVelocity.bitPattern], bits(q.velocity) + [q.angularVelocity.bitPattern],
                               "trial \(trial): \(p.id)'s final velocity")
                XCTAssertEqual(p.restingAt, q.restingAt, "trial \(trial): \(p.id) at rest")
            }
        }
        // The scenes must exercise both ways: layouts kept, and layouts rebuilt as things change.
        XCTAssertGreaterThan(reusedSteps, steps / 4, "layouts kept in \(reusedSteps) of \(steps) steps")
        XCTAssertLessThan(reusedSteps, steps, "some steps must lay out afresh")
    }

    /// The layout of `batches`: per batch, its kind and its lanes' contacts.
    private func layout(_ batches: ContactBatches) -> [[Int]] {
        batches.views.map { [Int($0.kind.rawValue), $0.isQuad ? 1 : 0] + $0.contacts }
    }

    /// A body that stops (or starts) moving, or a contact whose kind changes, with the same active
    /// contacts: the kept batches must be laid out again, as fresh ones would be.
    func testAChangedBodyOrKindLaysOutAgain() {
        // A triangle of contacts on bodies 1, 2 and 3, and one of body 3 on the ground.
        var contacts = [Contact(shapeA: 0, shapeB: 1, bodyA: 1, bodyB: 2), Contact(shapeA: 1, shapeB: 2, bodyA: 2, bodyB: 3),
                        Contact(shapeA: 0, shapeB: 2, bodyA: 1, bodyB: 3), Contact(shapeA: 2, shapeB: 3, bodyA: 3, bodyB: 0)]
        for i in contacts.indices {
            contacts[i].count = 1
            contacts[i].normal = Vector(0, 1)
        }
        let active = Array(contacts.indices)
        var moving = SolverBodyMass()
        moving.awake = true
        moving.inverseMass = 1
        moving.inverseInertia = 0.01
        let allMove = [SolverBodyMass(), moving, moving, moving]
        var secondHeld = allMove
        secondHeld[2] = SolverBodyMass()
        var twoPoints = contacts
        twoPoints[3].count = 2
        twoPoints[3].blockSolve = true

        let steps: [([Contact], [SolverBodyMass])] = [(contacts, allMove), (contacts, allMove), (contacts, secondHeld),
                                                      (contacts, secondHeld), (twoPoints, secondHeld), (contacts, allMove)]
        var kept = ContactBatches()
        var layouts: Set<[[Int]]> = []
        for (k, (list, masses)) in steps.enumerated() {
            kept.build(contacts: list, active: active, masses: masses)
            var fresh = ContactBatches()
            fresh.reusesLayout = false
            fresh.build(contacts: list, active: active, masses: masses)
            XCTAssertEqual(layout(kept), layout(fresh), "step \(k)")
            layouts.insert(layout(fresh))
        }
        XCTAssertEqual(kept.reusedLayouts, 2, "the steps whose inputs repeat the step before")
        XCTAssertEqual(layouts.count, 3, "holding body 2 and the kind change give other layouts")
    }
}
