import XCTest
@testable import Dynamics

final class DynamicsSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
