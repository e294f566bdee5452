import XCTest
@testable import HTTPServer

final class HTTPServerSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
