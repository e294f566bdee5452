import XCTest
@testable import Captions

final class CaptionsSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
