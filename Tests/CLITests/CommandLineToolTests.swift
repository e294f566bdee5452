import XCTest
import Foundation
@testable import CLI

/// What the program prints and how it exits, without printing or exiting.
final class CommandLineToolTests: XCTestCase {
    private struct UnreadableInput: ExitCodeError {
        let exitCode: Int32 = 2
        let message = "layout.json:3:14: expected ':' after object key"
    }

    private struct Silent: ExitCodeError {
        let exitCode: Int32 = 3
        let message = ""
    }

    private struct Plain: Error, CustomStringConvertible {
        var description: String { "the database is locked" }
    }

    private func command(_ run: @escaping @Sendable (ParsedArguments) async throws -> Int32) -> CommandSpec {
        CommandSpec(name: "tool", abstract: "A tool.", options: [OptionSpec("code", help: "Exit code.", kind: .int())], run: run)
    }

    private func termination(_ run: @escaping @Sendable (ParsedArguments) async throws -> Int32,
                             argv: [String] = []) async -> CommandLineTool.Termination {
        await CommandLineTool.perform(CommandLineParser.parse(argv, root: command(run), environment: [:]))
    }

    func testHandlerResultIsTheExitCode() async {
        let result = await termination({ Int32($0.int("code") ?? 0) }, argv: ["--code", "7"])
        XCTAssertEqual(result, CommandLineTool.Termination(exitCode: 7))
    }

    func testHelpGoesToStandardOutputWithExitZero() async {
        let result = await termination({ _ in 1 }, argv: ["--help"])
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertEqual(result.standardOutput, CommandLineParser.help(for: [command { _ in 1 }]) + "\n")
        XCTAssertEqual(result.standardError, "")
    }

    func testVersionGoesToStandardOutput() async {
        let result = await CommandLineTool.perform(.version("2.0"))
        XCTAssertEqual(result, CommandLineTool.Termination(standardOutput: "2.0\n", exitCode: 0))
    }

    func testUsageErrorGoesToStandardErrorWithExitTwo() async {
        let result = await termination({ _ in 0 }, argv: ["--cdoe", "1"])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertEqual(result.standardError, """
            Error: Unknown option '--cdoe'. Did you mean '--code'?

            Usage: tool [--code <value>]
            See 'tool --help' for more information.

            """)
    }

    func testThrownErrorExitsOneWithItsDescription() async {
        let result = await termination { _ in throw Plain() }
        XCTAssertEqual(result, CommandLineTool.Termination(standardError: "Error: the database is locked\n", exitCode: 1))
    }

    func testExitCodeErrorChoosesCodeAndMessage() async {
        let result = await termination { _ in throw UnreadableInput() }
        XCTAssertEqual(result, CommandLineTool.Termination(
            standardError: "Error: layout.json:3:14: expected ':' after object key\n", exitCode: 2))
    }

    func testExitCodeErrorWithoutMessagePrintsNothing() async {
        let result = await termination { _ in throw Silent() }
        XCTAssertEqual(result, CommandLineTool.Termination(exitCode: 3))
    }

    func testLocalizedErrorUsesItsDescription() {
        struct Localized: LocalizedError { var errorDescription: String? { "no such lecture" } }
        XCTAssertEqual(CommandLineTool.describe(Localized()), "no such lecture")
    }
}
