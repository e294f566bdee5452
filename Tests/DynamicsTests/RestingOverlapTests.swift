import XCTest
@testable import Dynamics

/// Resting stacks sink into each other only a little: once a column has settled, every contact in
/// it (block on block, bottom block on the floor) overlaps by at most the linear slop (Box2D's
/// 0.005 m, which is 0.5 pt at 100 pt to the metre), however many blocks stand on it. Soft
/// contacts alone yield in proportion to the weight they carry (about 0.025 pt per 40-pt block
/// above them); the position projection at the end of each step takes back what goes beyond
/// 0.3 pt (`Tuning.allowedOverlap`).
final class RestingOverlapTests: XCTestCase {
    /// Overlaps of a settled column of `count` blocks of 40 pt standing on the floor of a view
    /// `height` points tall: index 0 is the bottom block on the floor, index i the block i on block i − 1.
    private func overlaps(count: Int, allowsRotation: Bool, substeps: Int = 4, step: Double = 1.0 / 120,
                          duration: Double = 4) throws -> [Double] {
        let height = 40 * Double(count) + 100
        let items = (0..<count).map { i in TestScenes.box("b\(i)", 160, height - 20 - 40 * Double(i)) }
        var scene = TestScenes.scene(height: height, duration: duration, items: items,
                                     extra: [TestScenes.properties(.init(friction: 0.5, allowsRotation: allowsRotation))])
        scene.substeps = substeps
        scene.step = step
        scene.sleeping = false
        let result = try Simulation.run(scene: scene)
        var overlaps: [Double] = []
        for (i, item) in result.items.enumerated() {
            let supportTop = i == 0 ? height : result.items[i - 1].center.y - 20
            overlaps.append(item.center.y + 20 - supportTop)
            XCTAssertEqual(item.center.x, 160, accuracy: 0.01, "\(item.id) stays in its column")
            XCTAssertLessThan(item.maxAngle, 0.001, "\(item.id) stays upright")
        }
        return overlaps
    }

    private func assertWithinSlop(_ overlaps: [Double], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        for (i, overlap) in overlaps.enumerated() {
            XCTAssertLessThanOrEqual(overlap, Tuning.linearSlop, "\(label): contact \(i) overlaps by \(overlap) pt",
                                     file: file, line: line)
            XCTAssertGreaterThan(overlap, -Tuning.linearSlop, "\(label): contact \(i) is \(-overlap) pt apart",
                                 file: file, line: line)
        }
    }

    func testLinearSlopIsBox2DsFiveMillimetresAtOneHundredPointsToTheMetre() {
        XCTAssertEqual(Tuning.linearSlop, 0.005 * Tuning.pointsPerMetre)
        XCTAssertEqual(Tuning.pointsPerMetre, 100)
    }

    func testColumnOfTenKeepsEveryContactWithinTheSlop() throws {
        assertWithinSlop(try overlaps(count: 10, allowsRotation: false), "10 blocks, no rotation")
        assertWithinSlop(try overlaps(count: 10, allowsRotation: true), "10 blocks, rotation allowed")
    }

    func testColumnOfTwentyKeepsEveryContactWithinTheSlopWithTheSteadyStacksTiming() throws {
        // Two substeps of 1/120 s, as the steady-stacks exercise uses.
        assertWithinSlop(try overlaps(count: 20, allowsRotation: false, substeps: 2), "20 blocks, 2 substeps")
    }

    func testColumnOfFortyKeepsEveryContactWithinTheSlop() throws {
        assertWithinSlop(try overlaps(count: 40, allowsRotation: false, duration: 6), "40 blocks, no rotation")
        assertWithinSlop(try overlaps(count: 40, allowsRotation: true, duration: 6), "40 blocks, rotation allowed")
        assertWithinSlop(try overlaps(count: 40, allowsRotation: false, substeps: 2, duration: 6), "40 blocks, 2 substeps")
    }

    func testOverlapDoesNotGrowWithTheLoadBeyondTheSlop() throws {
        // The most loaded contact (the floor's) of a tall column overlaps no more than half the
        // slop beyond what the bottom contact of a short one does.
        let short = try overlaps(count: 5, allowsRotation: false)
        let tall = try overlaps(count: 60, allowsRotation: false, duration: 8)
        let deepest = try XCTUnwrap(tall.max())
        XCTAssertLessThanOrEqual(deepest, try XCTUnwrap(short.max()) + 0.5 * Tuning.linearSlop,
                                 "a 60-block column's deepest contact overlaps by \(deepest) pt")
    }
}
