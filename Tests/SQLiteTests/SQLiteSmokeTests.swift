import XCTest
@testable import SQLite

final class SQLiteSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
