import XCTest
@testable import Dynamics

/// The quad batches read a solver body as two vectors of four doubles at fixed offsets.
final class SolverBodyLayoutTests: XCTestCase {
    func testTheQuadOffsetsAreTheSolverBodysLayout() {
        XCTAssertEqual(MemoryLayout<SolverBody>.offset(of: \SolverBody.velocity), 0)
        XCTAssertEqual(MemoryLayout<SolverBody>.offset(of: \SolverBody.angularVelocity), SolverBody.angularVelocityOffset)
        XCTAssertEqual(MemoryLayout<SolverBody>.offset(of: \SolverBody.deltaAngle), SolverBody.angularVelocityOffset + 8)
        XCTAssertEqual(MemoryLayout<SolverBody>.offset(of: \SolverBody.deltaPosition), SolverBody.motionOffset)
        XCTAssertEqual(MemoryLayout<SolverBody>.offset(of: \SolverBody.deltaRotation), SolverBody.motionOffset + 16)
        XCTAssertEqual(MemoryLayout<SolverBody>.stride, 64)
    }
}
