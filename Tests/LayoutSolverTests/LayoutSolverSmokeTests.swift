import XCTest
@testable import LayoutSolver

final class LayoutSolverSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
