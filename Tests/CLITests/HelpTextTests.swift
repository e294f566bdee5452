import XCTest
@testable import CLI

final class HelpTextTests: XCTestCase {
    private var serveHelp: String {
        CommandLineParser.help(for: [SampleCommands.root, SampleCommands.serve])
    }

    /// The lines of the section titled `title`, without the title.
    private func section(_ title: String, of help: String) -> [String] {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: title) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    func testSectionsInOrder() {
        let help = serveHelp
        let titles = help.components(separatedBy: "\n").filter { $0.first?.isUppercase == true && $0.contains(":") }
        XCTAssertEqual(titles.map { String($0.prefix { $0 != ":" }) }, ["OVERVIEW", "USAGE", "OPTIONS"])
        XCTAssertTrue(help.hasPrefix("OVERVIEW: Serve the course site and its API.\n\n"
                                     + "Creates the database schema and the sample course on first start.\n\nStop with Ctrl-C.\n\n"))
    }

    func testUsageWrapsUnderTheCommandName() {
        let usage = serveHelp.components(separatedBy: "\n").drop { !$0.hasPrefix("USAGE: ") }.prefix { !$0.isEmpty }
        XCTAssertEqual(Array(usage), [
            "USAGE: lectern serve [--host <host>] [--port <port>] [--db <path>]",
            "                     [--load <factor>] [--quiet] [--verbose]",
        ])
    }

    func testOptionsShowDefaultsEnvironmentAndShortNames() throws {
        let options = section("OPTIONS:", of: serveHelp)
        let port = try XCTUnwrap(options.firstIndex { $0.hasPrefix("  -p, --port <port>") })
        let portLines = options[port...].prefix { $0 == options[port] || $0.hasPrefix("    ") }
        let portText = portLines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        XCTAssertEqual(portText, "-p, --port <port> TCP port to listen on. (default: 8080) (env: LECTERN_PORT)")
        XCTAssertTrue(portLines.last?.hasSuffix("(env: LECTERN_PORT)") == true, "a note is never split across lines")
        XCTAssertTrue(options.contains { $0.hasPrefix("  -q, --quiet") && $0.hasSuffix("(env: LECTERN_QUIET)") })
        XCTAssertEqual(options.last, "  -h, --help              Show help information.")
        XCTAssertFalse(options.contains { $0.contains("--version") }, "only the root lists --version")
    }

    func testDescriptionsAlignAtOneColumnAndLinesFitIn80() {
        let column = HelpFormatter.descriptionColumn
        for line in section("OPTIONS:", of: serveHelp) {
            XCTAssertLessThanOrEqual(line.count, 80, line)
            let characters = Array(line)
            XCTAssertGreaterThan(characters.count, column, line)
            XCTAssertEqual(characters[column - 1], " ", line)
            XCTAssertNotEqual(characters[column], " ", "description must start at column \(column): \(line)")
        }
    }

    func testChoicesAndArguments() {
        let help = CommandLineParser.help(for: [SampleCommands.root, SampleCommands.user, SampleCommands.add])
        XCTAssertTrue(help.contains("\nUSAGE: lectern user add --role <role> [--password-stdin] <username>\n"))
        XCTAssertEqual(section("ARGUMENTS:", of: help), ["  <username>              The login name."])
        XCTAssertTrue(section("OPTIONS:", of: help).contains("  --role <role>           The user's role. (values: student, instructor)"))
    }

    func testUsageMarksOptionalAndRepeatingArguments() {
        let help = CommandLineParser.help(for: [SampleCommands.root, SampleCommands.grade])
        XCTAssertTrue(help.contains("\nUSAGE: lectern grade <exercise> <submissions> ... [<report>]\n"))
        XCTAssertTrue(section("ARGUMENTS:", of: help).contains("  <submissions> ...       Files to grade."))
    }

    func testRootListsSubcommandsAndVersion() {
        let help = CommandLineParser.help(for: [SampleCommands.root], version: "1.2.3")
        XCTAssertTrue(help.contains("\nUSAGE: lectern <subcommand>\n"))
        XCTAssertEqual(section("SUBCOMMANDS:", of: help), [
            "  serve                   Serve the course site and its API.",
            "  layout                  Work with layout documents.",
            "  exercises               Manage exercises.",
            "  import                  Import content.",
            "  user                    Manage accounts.",
            "  grade                   Grade submissions against an exercise.",
        ])
        XCTAssertTrue(section("OPTIONS:", of: help).contains("  --version               Show the version."))
        XCTAssertTrue(help.hasSuffix("\n\n  See 'lectern help <subcommand>' for detailed help."))
    }

    func testDefaultSubcommandIsMarked() {
        let help = CommandLineParser.help(for: [SampleCommands.root, SampleCommands.exercises])
        XCTAssertEqual(section("SUBCOMMANDS:", of: help), ["  check (default)         Validate every exercise."])
        XCTAssertTrue(help.hasSuffix("See 'lectern help exercises <subcommand>' for detailed help."))
    }

    func testLongLabelPutsTheDescriptionOnTheNextLine() {
        let command = CommandSpec(
            name: "tool", abstract: "A tool.",
            options: [OptionSpec("extra-lines", valueName: "extra-lines", help: "Lines to show.", default: "0")],
            run: SampleCommands.succeed)
        XCTAssertEqual(section("OPTIONS:", of: CommandLineParser.help(for: [command])), [
            "  --extra-lines <extra-lines>",
            "                          Lines to show. (default: 0)",
            "  -h, --help              Show help information.",
        ])
    }

    func testLongTextWrapsWithoutLosingWords() {
        let words = (1...40).map { "word\($0)" }
        let command = CommandSpec(name: "tool", abstract: "A tool.", discussion: words.joined(separator: " "),
                                  flags: [FlagSpec("all", help: words.joined(separator: " "))], run: SampleCommands.succeed)
        let help = CommandLineParser.help(for: [command])
        let lines = help.components(separatedBy: "\n")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 })
        let discussion = lines[2...].prefix { !$0.isEmpty }
        XCTAssertGreaterThan(discussion.count, 1)
        XCTAssertEqual(discussion.joined(separator: " ").split(separator: " ").map(String.init), words)
        let flagLines = section("OPTIONS:", of: help).dropLast()
        XCTAssertTrue(flagLines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 26) + "word") })
        XCTAssertEqual(flagLines.joined(separator: " ").split(separator: " ").dropFirst().map(String.init), words)
    }

    // MARK: Asking for help

    func testHelpFlagAnywhereShowsTheCommandsHelp() throws {
        XCTAssertEqual(try helpText(["serve", "--help"]), serveHelp)
        XCTAssertEqual(try helpText(["serve", "-p", "70000", "-h"]), try helpText(["serve", "--help"]),
                       "help wins over invalid values")
        XCTAssertEqual(try helpText(["serve", "--prot", "-h"]), try helpText(["serve", "--help"]),
                       "help wins over unknown options")
    }

    func testHelpSubcommand() throws {
        XCTAssertEqual(try helpText(["help", "serve"]), try helpText(["serve", "-h"]))
        XCTAssertEqual(try helpText(["help", "layout", "solve"]), try helpText(["layout", "solve", "--help"]))
        XCTAssertEqual(try helpText(["layout", "help", "solve"]), try helpText(["layout", "solve", "--help"]))
        XCTAssertEqual(try helpText(["help"]), try helpText(["--help"]))
    }

    func testHelpOfAGroupAndTheRoot() throws {
        XCTAssertTrue(try helpText(["layout", "-h"]).hasPrefix("OVERVIEW: Work with layout documents.\n"))
        let root = try helpText(["-h"])
        XCTAssertTrue(root.hasPrefix("OVERVIEW: A course-content lab server.\n"))
        XCTAssertTrue(root.contains("--version"), "the root's help lists --version when a version is known")
    }

    func testHelpAfterDoubleDashIsAnArgument() throws {
        XCTAssertEqual(try arguments(["layout", "solve", "--", "--help"]).argument("file"), "--help")
    }
}
