import XCTest
@testable import Dynamics

final class CollisionTests: XCTestCase {
    /// The shortcut for unrotated boxes must give exactly the manifold of the general test.
    func testAlignedBoxShortcutMatchesTheGeneralSeparatingAxisTest() {
        let cases: [(Vector, Vector, Vector, Vector)] = [
            (Vector(0, 0), Vector(40, 40), Vector(10, 39.5), Vector(40, 40)),   // resting on top, offset
            (Vector(0, 0), Vector(40, 40), Vector(40, 0), Vector(40, 40)),      // side by side, touching
            (Vector(0, 0), Vector(32, 32), Vector(-20, -31), Vector(20, 30)),  // overlapping corner
            (Vector(5, 5), Vector(100, 10), Vector(5, 12), Vector(10, 10)),     // small box on a plank
            (Vector(0, 0), Vector(40, 40), Vector(0, 45), Vector(40, 40)),      // speculative gap of 5
        ]
        for (centerA, sizeA, centerB, sizeB) in cases {
            var a = Shape.box(body: 1, width: sizeA.x, height: sizeA.y)
            var b = Shape.box(body: 2, width: sizeB.x, height: sizeB.y)
            a.updateWorldGeometry(position: centerA, rotation: .identity, margin: 0)
            b.updateWorldGeometry(position: centerB, rotation: .identity, margin: 0)
            XCTAssertTrue(a.isAxisAlignedBox && b.isAxisAlignedBox)
            let fast = Collide.manifold(a, b, margin: 6)
            a.isAxisAlignedBox = false
            let general = Collide.manifold(a, b, margin: 6)
            XCTAssertGreaterThan(general.count, 0)
            XCTAssertEqual(fast.count, general.count)
            XCTAssertEqual(fast.normal, general.normal)
            for (f, g) in [(fast.point0, general.point0), (fast.point1, general.point1)] {
                XCTAssertEqual(f.point, g.point)
                XCTAssertEqual(f.separation, g.separation)
                XCTAssertEqual(f.id, g.id)
            }
        }
    }

    func testRotatedBoxOnTheFloorHasTwoPointsAtItsCorners() {
        var floor = Shape.box(body: 0, width: 1000, height: 100, center: Vector(0, 50), ownerBit: 1, boundaryName: 0)
        var box = Shape.box(body: 1, width: 40, height: 40)
        floor.updateWorldGeometry(position: .zero, rotation: .identity, margin: 0)
        box.updateWorldGeometry(position: Vector(0, -20 * 2.squareRoot()), rotation: Rotation(angle: .pi / 4), margin: 0)
        let m = Collide.manifold(box, floor, margin: 1)
        XCTAssertEqual(m.count, 1, "a diamond touches the floor with one corner")
        XCTAssertEqual(m.point0.separation, 0, accuracy: 1e-9)
        XCTAssertEqual(m.normal.y, 1, accuracy: 1e-12, "from the box down to the floor")
    }

    /// Boxes meeting only corner to corner, or flush side by side with one just above the
    /// other's top, have no contact (fast and general paths): a zero-width one would catch.
    func testBoxesMeetingOnlyAtACornerHaveNoContact() {
        for offset in [Vector(40, -40), Vector(40, -41), Vector(-40, 40), Vector(-40, -40.5)] {
            var a = Shape.box(body: 1, width: 40, height: 40)
            var b = Shape.box(body: 2, width: 40, height: 40)
            a.updateWorldGeometry(position: .zero, rotation: .identity, margin: 0)
            b.updateWorldGeometry(position: offset, rotation: .identity, margin: 0)
            XCTAssertEqual(Collide.manifold(a, b, margin: 6).count, 0, "\(offset)")
            a.isAxisAlignedBox = false
            XCTAssertEqual(Collide.manifold(a, b, margin: 6).count, 0, "\(offset), general test")
        }
    }

    /// A block dropped flush beside a resting block falls freely past its corner to the floor.
    func testBlockFallingFlushBesideAnotherIsNotCaughtOnItsCorner() throws {
        let drop = 1.5
        let items = [TestScenes.box("b1", 20, 460), TestScenes.box("b2", 60, 20, appearsAt: drop)]
        let scene = TestScenes.scene(duration: 2.6, items: items,
                                     extra: [TestScenes.properties(.init(allowsRotation: false))], fps: 120)
        let result = try Simulation.run(scene: scene)
        var checked = 0
        for frame in result.frames where frame.t > drop {
            guard let b2 = frame.items.first(where: { $0.id == "b2" }) else { continue }
            let freeFall = 20 + 500 * (frame.t - drop) * (frame.t - drop)
            guard freeFall < 455 else { break }
            XCTAssertEqual(b2.center.y, freeFall, accuracy: 1, "b2 at t = \(frame.t)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
        XCTAssertEqual(result.items[1].center.y, 460, accuracy: 0.5, "b2 lands on the floor")
    }
}

final class PairKeySorterTests: XCTestCase {
    func testSortsPairKeysLikeTheStandardLibrary() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var sorter = PairKeySorter()
        // Shape counts change between calls, as shapes appear; the same sorter is reused.
        for (count, shapes) in [(0, 1), (1, 2), (2, 2), (3, 5), (10, 4), (257, 40), (2_000, 300), (40, 7)] {
            var keys: [UInt64] = (0..<count).map { _ in
                let a = next(shapes - 1)
                let b = a + 1 + next(shapes - 1 - a)
                return Contact.key(a, b)
            }
            keys += keys.prefix(count / 3)  // duplicates too
            var sorted = keys
            sorter.sort(&sorted, shapeCount: shapes)
            XCTAssertEqual(sorted, keys.sorted(), "\(count) keys over \(shapes) shapes")
        }
    }
}
