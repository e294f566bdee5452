import XCTest
@testable import CLI

/// Values come from the command line first, then the environment, then the default.
final class EnvironmentTests: XCTestCase {
    func testDefaultWhenNothingElseIsGiven() throws {
        let parsed = try arguments(["serve"])
        XCTAssertEqual(parsed.int("port"), 8080)
        XCTAssertEqual(parsed.option("host"), "127.0.0.1")
        XCTAssertNil(parsed.option("load"), "an option without default, env or value has no value")
    }

    func testEnvironmentOverridesDefault() throws {
        let parsed = try arguments(["serve"], environment: ["LECTERN_PORT": "9090", "LECTERN_DB": "/data/l.sqlite"])
        XCTAssertEqual(parsed.int("port"), 9090)
        XCTAssertEqual(parsed.option("db"), "/data/l.sqlite")
    }

    func testCommandLineOverridesEnvironment() throws {
        let parsed = try arguments(["serve", "--port", "7070"], environment: ["LECTERN_PORT": "9090"])
        XCTAssertEqual(parsed.int("port"), 7070)
    }

    func testUnrelatedVariablesAreIgnored() throws {
        XCTAssertEqual(try arguments(["serve"], environment: ["PORT": "1"]).int("port"), 8080)
    }

    func testInvalidEnvironmentValueNamesTheVariable() throws {
        let failure = try failure(["serve"], environment: ["LECTERN_PORT": "eighty"])
        XCTAssertEqual(failure.message, "Invalid value 'eighty' for '--port <port>' (from LECTERN_PORT): must be an integer")
    }

    func testInvalidEnvironmentValueIsIgnoredWhenTheCommandLineWins() throws {
        XCTAssertEqual(try arguments(["serve", "-p", "81"], environment: ["LECTERN_PORT": "eighty"]).int("port"), 81)
    }

    func testEnvironmentCanTurnAFlagOnOrLeaveItOff() throws {
        for word in ["1", "true", "YES", "on"] {
            XCTAssertTrue(try arguments(["serve"], environment: ["LECTERN_QUIET": word]).flag("quiet"), word)
        }
        for word in ["0", "false", "No", "off", ""] {
            XCTAssertFalse(try arguments(["serve"], environment: ["LECTERN_QUIET": word]).flag("quiet"), word)
        }
    }

    func testCommandLineFlagWinsOverAFalseEnvironmentValue() throws {
        XCTAssertTrue(try arguments(["serve", "-q"], environment: ["LECTERN_QUIET": "0"]).flag("quiet"))
    }

    func testInvalidFlagEnvironmentValue() throws {
        XCTAssertEqual(try failure(["serve"], environment: ["LECTERN_QUIET": "maybe"]).message,
                       "Invalid value 'maybe' for '--quiet' (from LECTERN_QUIET): must be one of 1, 0, true, false, yes, no, on, off")
    }

    func testRequiredOptionIsSatisfiedOnlyByAValue() throws {
        let parsed = try arguments(["import", "lecture", "--course", "cs193p", "--number", "3"])
        XCTAssertEqual(parsed.option("course"), "cs193p")
        XCTAssertEqual(parsed.int("number"), 3)
        XCTAssertNil(parsed.option("captions"))
    }
}
