import XCTest
@testable import JSON

final class JSONSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
