import Foundation

/// The arguments of a workload that reads its own options, one at a time: the option names, the
/// value after each, the server's `--url`. Every bad argument is an ``Invalid`` naming it.
struct BenchArguments {
    /// A bad argument, with what was expected.
    struct Invalid: Error, CustomStringConvertible { let description: String }

    private let arguments: [String]
    private var index = -1

    init(_ arguments: [String]) { self.arguments = arguments }

    /// The next option name, or `nil` after the last.
    mutating func next() -> String? {
        index += 1
        return index < arguments.count ? arguments[index] : nil
    }

    /// The value that follows the current option.
    mutating func value() throws(Invalid) -> String {
        index += 1
        guard index < arguments.count else { throw Invalid(description: "\(arguments[index - 1]) needs a value") }
        return arguments[index]
    }

    /// The host and port of the value of `--url`, which must be a plain `http://HOST:PORT`.
    mutating func serverURL() throws(Invalid) -> (host: String, port: UInt16) {
        guard let components = URLComponents(string: try value()), components.scheme == "http", let host = components.host,
              let port = components.port.flatMap(UInt16.init(exactly:)) else {
            throw Invalid(description: "--url must look like http://127.0.0.1:8080")
        }
        return (host, port)
    }

    /// The refusal of the current option, which no case knows.
    func unknown() -> Invalid { Invalid(description: "unknown argument \(arguments[index])") }
}

/// Runs a workload against a server: its options are parsed first (a bad one prints the error and
/// gives status 2), then the run gives its own status (an error it throws prints and gives 1).
func runServerWorkload<Options>(_ name: String, _ arguments: [String], parse: ([String]) throws -> Options,
                                run: (Options) throws -> Int32) -> Int32 {
    let options: Options
    do {
        options = try parse(arguments)
    } catch {
        FileHandle.standardError.write(Data("lectern-bench \(name): \(error)\n".utf8))
        return 2
    }
    do {
        return try run(options)
    } catch {
        FileHandle.standardError.write(Data("lectern-bench \(name): \(error)\n".utf8))
        return 1
    }
}

/// The options of a workload over the shipped exercises: `[--json] [--exercises DIR]`; `nil`
/// (after printing the usage) for anything else.
struct ExerciseBenchOptions {
    var asJSON = false
    var directory = "./Exercises"

    static func parse(_ arguments: [String], workload: String) -> ExerciseBenchOptions? {
        var options = ExerciseBenchOptions()
        var reader = BenchArguments(arguments)
        do {
            while let argument = reader.next() {
                switch argument {
                case "--json": options.asJSON = true
                case "--exercises": options.directory = try reader.value()
                default: throw reader.unknown()
                }
            }
        } catch {
            print("usage: lectern-bench \(workload) [--json] [--exercises DIR]")
            return nil
        }
        return options
    }
}
