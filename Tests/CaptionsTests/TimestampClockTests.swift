import XCTest
@testable import Captions

final class TimestampClockTests: XCTestCase {
    func testMinutesBelowAnHourAndHoursFromThere() {
        XCTAssertEqual(Timestamp.clock(milliseconds: 0), "0:00")
        XCTAssertEqual(Timestamp.clock(milliseconds: 59_999), "0:59")
        XCTAssertEqual(Timestamp.clock(milliseconds: 2_238_000), "37:18")
        XCTAssertEqual(Timestamp.clock(milliseconds: 3_599_999), "59:59")
        XCTAssertEqual(Timestamp.clock(milliseconds: 3_600_000), "1:00:00")
        XCTAssertEqual(Timestamp.clock(milliseconds: 3_723_000), "1:02:03")
        XCTAssertEqual(Timestamp.clock(milliseconds: 100 * 3_600_000 + 5_000), "100:00:05")
    }

    func testNegativeAndExtremeTimesDoNotTrap() {
        XCTAssertEqual(Timestamp.clock(milliseconds: -1), "0:00")
        XCTAssertEqual(Timestamp.clock(milliseconds: .min), "0:00")
        // Int.max ms = 9_223_372_036_854_775 s = 2_562_047_788_015 h 12 min 55 s.
        XCTAssertEqual(Timestamp.clock(milliseconds: .max), "2562047788015:12:55")
    }

    func testMatchesCueTimestampAndParsesBack() {
        for seconds in stride(from: 0, to: 100 * 3_600, by: 997) {
            let milliseconds = seconds * 1000 + seconds % 1000
            let clock = Timestamp.clock(milliseconds: milliseconds)
            XCTAssertEqual(clock, Cue(start: milliseconds, end: milliseconds, text: "x").timestamp)
            XCTAssertEqual(Timestamp.parseClock(clock), seconds * 1000, clock)
        }
    }
}
