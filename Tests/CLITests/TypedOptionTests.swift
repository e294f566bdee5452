import CLI
import XCTest

/// Options read by the option itself, typed, with the default in one place.
final class TypedOptionTests: XCTestCase {
    private enum Durability: String, CaseIterable, Sendable { case normal, full }

    private enum Options {
        static let port = Option("port", short: "p", help: "The port.", default: 8080, range: 0...65535, env: "TYPED_TEST_PORT")
        static let host = Option("host", help: "The host.", default: "127.0.0.1")
        static let limit = Option<Int?>("limit", help: "A limit.", range: 1...10)
        static let name = Option<String?>("name", help: "A name.")
        static let durability = Option("durability", help: "How durable.", default: Durability.normal)
        static let quiet = Flag("quiet", short: "q", help: "Say less.")
        static let file = Argument("file", help: "A file.", optional: true)
    }

    private func parsed(_ argv: [String], environment: [String: String] = [:]) throws -> ParsedArguments {
        let command = CommandSpec(
            name: "tool", abstract: "A tool.",
            options: [Options.port.spec, Options.host.spec, Options.limit.spec, Options.name.spec, Options.durability.spec],
            flags: [Options.quiet.spec], arguments: [Options.file.spec]) { _ in 0 }
        var result: ParsedArguments?
        if case .run(_, let arguments) = CommandLineParser.parse(argv, root: command, environment: environment) {
            result = arguments
        }
        return try XCTUnwrap(result, "\(argv) parses")
    }

    func testDefaultsComeFromTheDeclarationAndValuesAreTyped() throws {
        let none = try parsed([])
        XCTAssertEqual(none[Options.port], 8080)
        XCTAssertEqual(none[Options.host], "127.0.0.1")
        XCTAssertNil(none[Options.limit])
        XCTAssertNil(none[Options.name])
        XCTAssertEqual(none[Options.durability], .normal)
        XCTAssertFalse(none[Options.quiet])
        XCTAssertNil(none[Options.file])

        let some = try parsed(["-p", "9000", "--limit=3", "--name", "x", "--durability", "full", "-q", "notes.txt"])
        XCTAssertEqual(some[Options.port], 9000)
        XCTAssertEqual(some[Options.limit], 3)
        XCTAssertEqual(some[Options.name], "x")
        XCTAssertEqual(some[Options.durability], .full)
        XCTAssertTrue(some[Options.quiet])
        XCTAssertEqual(some[Options.file], "notes.txt")
    }

    func testTheEnvironmentFillsInAndTheHelpShowsTheTypedDefault() throws {
        XCTAssertEqual(try parsed([], environment: ["TYPED_TEST_PORT": "7000"])[Options.port], 7000)
        XCTAssertEqual(Options.port.spec.defaultValue, "8080")
        XCTAssertEqual(Options.durability.spec.kind, .choice(["normal", "full"]))
        XCTAssertEqual(Options.durability.spec.valueName, "normal|full")
    }
}
