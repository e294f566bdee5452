import AutoLayout
import ConstraintCode
import FuzzerDriver
import SourceCode

/// Feeds one input to the Swift and Objective-C readers and the constraint-code converter, in
/// both languages, with and without known views. Reading the same text twice must give the same
/// result, and a converted document that parses must export and read again without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for language in SourceLanguage.allCases {
        if let file = try? SourceFile.read(text, language: language) {
            for (statement, _) in file.root.allStatements() {
                _ = try? ExpressionParser.statement(statement, language: language)
            }
        }
        for known in [nil, ["a", "b", "label"]] as [[String]?] {
            let first = try? ConstraintCode.convert(text, language: language, knownViews: known)
            let second = try? ConstraintCode.convert(text, language: language, knownViews: known)
            if first != second { fatalError("converting the same text twice gave different results") }
            guard let conversion = first, known == nil, let document = try? LayoutDocument.parse(conversion.document) else { continue }
            for exportLanguage in ConstraintCodeExport.Language.allCases {
                let code = ConstraintCodeExport.code(document, source: conversion.document, language: exportLanguage)
                _ = try? ConstraintCode.convert(code, language: exportLanguage == .swift ? .swift : .objectiveC)
            }
        }
    }
    return 0
}

@main
enum FuzzCodeMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        _ = LLVMFuzzerRunDriver(&argc, &argv, fuzzCode)
    }
}
