import BehaviorCode
import FuzzerDriver
import JSON
import SourceCode

/// Feeds one input to the behavior-code reader in both languages. Reading twice must give the
/// same result, and the tree it gives must export to both languages and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBehavior(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for language in SourceLanguage.allCases {
        let first = try? BehaviorCode.convert(text, language: language, items: ["drop", "box"], behaviorIDs: ["grab"])
        let second = try? BehaviorCode.convert(text, language: language, items: ["drop", "box"], behaviorIDs: ["grab"])
        if first != second { fatalError("reading the same text twice gave different results") }
        guard let conversion = first else { continue }
        for exportLanguage in BehaviorExport.Language.allCases {
            guard let code = try? BehaviorExport.code(conversion.tree, language: exportLanguage) else { continue }
            _ = try? BehaviorCode.convert(code, language: exportLanguage == .swift ? .swift : .objectiveC)
        }
    }
    // The same bytes as a JSON tree to export.
    if let tree = try? JSONParser.parse(text) {
        _ = try? BehaviorExport.code(tree, language: .swift)
        _ = try? BehaviorExport.code(tree, language: .objectiveC)
    }
    return 0
}

@main
enum FuzzBehaviorMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        _ = LLVMFuzzerRunDriver(&argc, &argv, fuzzBehavior)
    }
}
