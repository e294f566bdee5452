import XCTest
@testable import CLI

final class CLISmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
