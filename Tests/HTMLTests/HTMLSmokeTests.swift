import XCTest
@testable import HTML

final class HTMLSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
