import XCTest
@testable import AutoLayout

final class AutoLayoutSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
