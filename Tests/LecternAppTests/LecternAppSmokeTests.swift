import XCTest
@testable import LecternApp

final class LecternAppSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
