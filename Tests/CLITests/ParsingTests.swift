import XCTest
@testable import CLI

final class ParsingTests: XCTestCase {
    func testNestedSubcommandWithPositionalArgument() throws {
        let parsed = try arguments(["layout", "solve", "screen.json"])
        XCTAssertEqual(parsed.commandPath, ["lectern", "layout", "solve"])
        XCTAssertEqual(parsed.argument("file"), "screen.json")
        XCTAssertFalse(parsed.flag("json"))
    }

    func testOptionRunsTheMatchingHandler() throws {
        guard case .run(let command, _) = parse(["user", "add", "--role", "student", "ada"]) else {
            return XCTFail("expected a command to run")
        }
        XCTAssertEqual(command.name, "add")
    }

    func testLongOptionWithSeparateValue() throws {
        XCTAssertEqual(try arguments(["serve", "--port", "9000"]).int("port"), 9000)
    }

    func testLongOptionWithEqualsValue() throws {
        let parsed = try arguments(["serve", "--port=9001", "--host=0.0.0.0"])
        XCTAssertEqual(parsed.int("port"), 9001)
        XCTAssertEqual(parsed.option("host"), "0.0.0.0")
    }

    func testEqualsFormKeepsLaterEqualsSignsAndDashes() throws {
        XCTAssertEqual(try arguments(["layout", "solve", "--size=-a=b", "f"]).option("size"), "-a=b")
    }

    func testShortOptionWithSeparateAndAttachedValue() throws {
        XCTAssertEqual(try arguments(["serve", "-p", "8081"]).int("port"), 8081)
        XCTAssertEqual(try arguments(["serve", "-p8082"]).int("port"), 8082)
    }

    func testFlagsLongShortAndCombined() throws {
        let long = try arguments(["serve", "--quiet"])
        XCTAssertTrue(long.flag("quiet"))
        XCTAssertFalse(long.flag("verbose"))
        let combined = try arguments(["serve", "-qv"])
        XCTAssertTrue(combined.flag("quiet"))
        XCTAssertTrue(combined.flag("verbose"))
    }

    func testCombinedFlagsEndingInAnOptionTakeTheNextValue() throws {
        let parsed = try arguments(["serve", "-qp", "7000"])
        XCTAssertTrue(parsed.flag("quiet"))
        XCTAssertEqual(parsed.int("port"), 7000)
    }

    func testRepeatedFlagIsHarmless() throws {
        XCTAssertTrue(try arguments(["serve", "--quiet", "-q"]).flag("quiet"))
    }

    func testOptionsAndArgumentsInAnyOrder() throws {
        let parsed = try arguments(["layout", "solve", "--json", "a.json", "--size", "320x480", "--rtl"])
        XCTAssertEqual(parsed.argument("file"), "a.json")
        XCTAssertEqual(parsed.option("size"), "320x480")
        XCTAssertTrue(parsed.flag("json"))
        XCTAssertTrue(parsed.flag("rtl"))
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try arguments(["layout", "solve", "--json", "--", "--rtl"])
        XCTAssertEqual(parsed.argument("file"), "--rtl")
        XCTAssertFalse(parsed.flag("rtl"))
    }

    func testSingleDashIsAPositionalValue() throws {
        XCTAssertEqual(try arguments(["layout", "solve", "-"]).argument("file"), "-")
    }

    func testNegativeNumbersAreValuesNotOptions() throws {
        XCTAssertEqual(try arguments(["serve", "--load", "-0.5"]).double("load"), -0.5)
        XCTAssertEqual(try arguments(["layout", "solve", "-12"]).argument("file"), "-12")
    }

    func testOptionalArgumentMayBeOmitted() throws {
        XCTAssertNil(try arguments(["exercises", "check"]).argument("dir"))
        XCTAssertEqual(try arguments(["exercises", "check", "Exercises"]).argument("dir"), "Exercises")
    }

    func testDefaultSubcommandRunsWhenNoneIsNamed() throws {
        XCTAssertEqual(try arguments(["exercises"]).commandPath, ["lectern", "exercises", "check"])
        let withArgument = try arguments(["exercises", "Custom"])
        XCTAssertEqual(withArgument.commandPath, ["lectern", "exercises", "check"])
        XCTAssertEqual(withArgument.argument("dir"), "Custom")
    }

    func testRepeatingArgumentTakesWhatTheOthersLeave() throws {
        let one = try arguments(["grade", "ex", "a.json"])
        XCTAssertEqual(one.arguments("submissions"), ["a.json"])
        XCTAssertNil(one.argument("report"))

        let many = try arguments(["grade", "ex", "a.json", "b.json", "c.json"])
        XCTAssertEqual(many.argument("exercise"), "ex")
        XCTAssertEqual(many.arguments("submissions"), ["a.json", "b.json", "c.json"])
        XCTAssertNil(many.argument("report"), "a repeating argument before an optional one takes every spare value")
    }

    func testRequiredArgumentsAfterOptionalOnesAreServedFirst() throws {
        let command = CommandSpec(
            name: "copy", abstract: "Copy.",
            arguments: [ArgumentSpec("source", help: "From.", optional: true), ArgumentSpec("destination", help: "To.")],
            run: SampleCommands.succeed)
        guard case .run(_, let single) = CommandLineParser.parse(["out"], root: command, environment: [:]) else {
            return XCTFail("expected a command to run")
        }
        XCTAssertNil(single.argument("source"))
        XCTAssertEqual(single.argument("destination"), "out")
        guard case .run(_, let both) = CommandLineParser.parse(["in", "out"], root: command, environment: [:]) else {
            return XCTFail("expected a command to run")
        }
        XCTAssertEqual(both.argument("source"), "in")
        XCTAssertEqual(both.argument("destination"), "out")
    }

    func testTypedAccessors() throws {
        let parsed = try arguments(["serve", "--load", "0.25", "--db", "/tmp/x.sqlite"])
        XCTAssertEqual(parsed.double("load"), 0.25)
        XCTAssertEqual(parsed.option("db"), "/tmp/x.sqlite")
        XCTAssertNil(parsed.int("db"), "a path is not an integer")
        XCTAssertNil(parsed.option("no-such-option"))
    }

    func testChoiceAccepted() throws {
        XCTAssertEqual(try arguments(["user", "add", "--role", "instructor", "grace"]).option("role"), "instructor")
    }

    func testVersionAtTheRoot() {
        guard case .version(let text) = parse(["--version"]) else { return XCTFail("expected the version") }
        XCTAssertEqual(text, "1.2.3")
    }

    func testVersionIsUnknownWithoutAVersionOrBelowTheRoot() throws {
        let outcome = CommandLineParser.parse(["--version"], root: SampleCommands.root, environment: [:])
        guard case .failure(let message, _, _) = outcome else { return XCTFail("expected a failure") }
        XCTAssertEqual(message, "Unknown option '--version'.")
        XCTAssertEqual(try failure(["serve", "--version"]).message, "Unknown option '--version'.")
    }

    func testVersionOfARootWithoutSubcommands() {
        let tool = CommandSpec(name: "tool", abstract: "A tool.", run: SampleCommands.succeed)
        guard case .version(let text) = CommandLineParser.parse(["--version"], root: tool, environment: [:], version: "9")
        else { return XCTFail("expected the version") }
        XCTAssertEqual(text, "9")
    }
}
