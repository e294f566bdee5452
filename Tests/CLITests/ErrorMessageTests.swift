import XCTest
import CLI

/// Every usage error: its one-line message and the usage that follows it.
final class ErrorMessageTests: XCTestCase {
    func testOutOfRangeInteger() throws {
        XCTAssertEqual(try failure(["serve", "--port", "70000"]).message,
                       "Invalid value '70000' for '--port <port>': must be in 1...65535")
    }

    func testInvalidValueNamesTheSpellingUsed() throws {
        XCTAssertEqual(try failure(["serve", "-p", "0"]).message, "Invalid value '0' for '-p <port>': must be in 1...65535")
    }

    func testNonIntegerAndOverflowingInteger() throws {
        XCTAssertEqual(try failure(["serve", "--port=80.5"]).message,
                       "Invalid value '80.5' for '--port <port>': must be an integer")
        XCTAssertEqual(try failure(["serve", "--port", "99999999999999999999999"]).message,
                       "Invalid value '99999999999999999999999' for '--port <port>': must be an integer")
    }

    func testInvalidDouble() throws {
        XCTAssertEqual(try failure(["serve", "--load", "lots"]).message,
                       "Invalid value 'lots' for '--load <factor>': must be a finite number")
        XCTAssertEqual(try failure(["serve", "--load", "nan"]).message,
                       "Invalid value 'nan' for '--load <factor>': must be a finite number")
    }

    func testInvalidChoice() throws {
        XCTAssertEqual(try failure(["user", "add", "--role", "admin", "ada"]).message,
                       "Invalid value 'admin' for '--role <role>': must be one of 'student', 'instructor'")
    }

    func testEmptyPath() throws {
        XCTAssertEqual(try failure(["serve", "--db="]).message, "Invalid value '' for '--db <path>': must not be empty")
    }

    func testUnknownLongOptionWithSuggestion() throws {
        XCTAssertEqual(try failure(["serve", "--prot", "8080"]).message, "Unknown option '--prot'. Did you mean '--port'?")
        XCTAssertEqual(try failure(["serve", "--quite"]).message, "Unknown option '--quite'. Did you mean '--quiet'?")
    }

    func testUnknownLongOptionWithoutSuggestion() throws {
        XCTAssertEqual(try failure(["serve", "--frobnicate"]).message, "Unknown option '--frobnicate'.")
    }

    func testSingleDashLongNameSuggestsTheDoubleDashForm() throws {
        XCTAssertEqual(try failure(["layout", "solve", "-json", "f"]).message,
                       "Unknown option '-json'. Did you mean '--json'?")
    }

    func testUnknownShortOption() throws {
        XCTAssertEqual(try failure(["serve", "-x"]).message, "Unknown option '-x'.")
        XCTAssertEqual(try failure(["serve", "-qx"]).message, "Unknown option '-x'.")
    }

    func testMissingOptionValue() throws {
        XCTAssertEqual(try failure(["serve", "--port"]).message, "Missing value for '--port <port>'")
        XCTAssertEqual(try failure(["serve", "-p", "--quiet"]).message, "Missing value for '-p <port>'")
    }

    func testFlagWithValue() throws {
        XCTAssertEqual(try failure(["serve", "--quiet=yes"]).message, "Flag '--quiet' does not take a value")
    }

    func testRepeatedOption() throws {
        XCTAssertEqual(try failure(["serve", "--port", "1", "-p", "2"]).message,
                       "Option '-p <port>' was given more than once")
    }

    func testMissingArgument() throws {
        XCTAssertEqual(try failure(["grade"]).message, "Missing expected argument '<exercise>'")
        XCTAssertEqual(try failure(["grade", "ex"]).message, "Missing expected argument '<submissions>'")
    }

    func testMissingRequiredOption() throws {
        XCTAssertEqual(try failure(["import", "lecture", "--number", "1"]).message,
                       "Missing expected argument '--course <slug>'")
    }

    func testUnexpectedArgument() throws {
        XCTAssertEqual(try failure(["layout", "solve", "a", "b"]).message, "Unexpected argument 'b'")
    }

    func testUnknownSubcommandWithSuggestion() throws {
        let failure = try failure(["layout", "solv", "f"])
        XCTAssertEqual(failure.message, "Unknown subcommand 'solv'. Did you mean 'solve'?")
        XCTAssertEqual(failure.usage, """
            Usage: lectern layout <subcommand>
            See 'lectern layout --help' for more information.
            """)
    }

    func testUnknownOptionOfAGroup() throws {
        XCTAssertEqual(try failure(["--verison"]).message, "Unknown option '--verison'. Did you mean '--version'?")
        XCTAssertEqual(try failure(["user", "--role"]).message, "Unknown option '--role'.")
    }

    func testUnknownSubcommandInHelpCommand() throws {
        XCTAssertEqual(try failure(["help", "srve"]).message, "Unknown subcommand 'srve'. Did you mean 'serve'?")
    }

    func testUsageFollowsTheMessage() throws {
        let usage = try failure(["layout", "solve"]).usage
        XCTAssertEqual(usage, """
            Usage: lectern layout solve [--size <WxH>] [--json] [--rtl] <file>
            See 'lectern layout solve --help' for more information.
            """)
    }

    func testGroupWithoutSubcommandShowsItsHelp() throws {
        let failure = try failure(["user"])
        XCTAssertEqual(failure.message, "Missing expected subcommand for 'lectern user'")
        XCTAssertEqual(failure.usage, CommandLineParser.help(for: [SampleCommands.root, SampleCommands.user]))
        XCTAssertTrue(failure.usage.contains("SUBCOMMANDS:\n  add "))
    }

    func testBareRootIsAMissingSubcommand() throws {
        XCTAssertEqual(try failure([]).message, "Missing expected subcommand for 'lectern'")
    }

    func testLeafWithoutHandler() throws {
        let inert = CommandSpec(name: "inert", abstract: "Does nothing.")
        guard case .failure(let message, _, let code) = CommandLineParser.parse([], root: inert, environment: [:]) else {
            return XCTFail("expected a failure")
        }
        XCTAssertEqual(message, "'inert' has nothing to run")
        XCTAssertEqual(code, 2)
    }
}
