import XCTest
@testable import Dynamics

/// Resting stacks must not sink into each other under load: once a column has settled, every
/// contact in it (block on block, bottom block on the floor) overlaps by at most the linear slop
/// (Box2D's 0.005 m, which is 0.5 pt at 100 pt to the metre), however many blocks it carries.
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

    func testTallColumnWithoutRotationKeepsEveryContactWithinTheSlop() throws {
        assertWithinSlop(try overlaps(count: 40, allowsRotation: false), "40 blocks, no rotation")
    }

    func testTallColumnWithRotationKeepsEveryContactWithinTheSlop() throws {
        assertWithinSlop(try overlaps(count: 40, allowsRotation: true), "40 blocks, rotation allowed")
    }

    func testOverlapDoesNotGrowWithLoad() throws {
        let short = try overlaps(count: 10, allowsRotation: false)
        let tall = try overlaps(count: 40, allowsRotation: false)
        assertWithinSlop(short, "10 blocks")
        // The bottom contact of the tall column carries four times the weight of the short one's.
        XCTAssertLessThanOrEqual(tall[0], short[0] + 0.05, "bottom contact: \(tall[0]) pt under 40 blocks, \(short[0]) pt under 10")
        XCTAssertLessThanOrEqual(tall[1], short[1] + 0.05, "first block contact: \(tall[1]) pt under 39 blocks, \(short[1]) pt under 9")
    }

    func testColumnOfTenRestsAtItsIdealHeight() throws {
        // Ten blocks of 40 pt: the top one's centre ideally rests 380 pt above the bottom one's.
        let sunk = try overlaps(count: 10, allowsRotation: false).reduce(0, +)
        XCTAssertLessThan(sunk, 0.5, "the column rests \(sunk) pt lower than its ideal height")
    }

    func testOverlapStaysWithinTheSlopWithTheSteadyStacksTiming() throws {
        // Two substeps of 1/120 s, as the steady-stacks exercise uses.
        assertWithinSlop(try overlaps(count: 30, allowsRotation: false, substeps: 2), "30 blocks, 2 substeps")
    }
}
