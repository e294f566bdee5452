import XCTest
@testable import Grading

final class GradingSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
