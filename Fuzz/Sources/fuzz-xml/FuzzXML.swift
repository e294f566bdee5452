import AutoLayout
import FuzzerDriver
import InterfaceBuilder
import XML

/// Feeds one input to the XML reader and the storyboard importer. A document that reads must
/// answer every question about its elements; a scene that converts must parse as a layout
/// document, export as a storyboard and convert again; anything else (a crash, a hang, a trap)
/// is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? XMLDocument.parse(bytes, limits: XMLLimits(maxDepth: 64, maxElements: 20_000)) {
        var pending = [document.root]
        while let element = pending.popLast() {
            _ = element.name
            _ = element.attributes
            _ = element.text
            let location = element.location
            if location.line < 1 || location.column < 1 || element.offset >= bytes.count {
                fatalError("element located outside the document")
            }
            pending.append(contentsOf: element.children)
        }
    }
    guard let converted = try? InterfaceBuilder.convert(bytes) else { return 0 }
    let document: LayoutDocument
    do {
        document = try LayoutDocument.parse(converted.conversion.document)
    } catch {
        fatalError("a converted scene does not parse: \(error)")
    }
    _ = document.solve(converted.scenario)
    guard let storyboard = try? StoryboardExporter.storyboard(for: document, scenario: converted.scenario) else { return 0 }
    do {
        _ = try InterfaceBuilder.convert(Array(storyboard.utf8))
    } catch {
        fatalError("an exported storyboard does not convert: \(error)")
    }
    return 0
}

@main
enum FuzzXMLMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        _ = LLVMFuzzerRunDriver(&argc, &argv, fuzzXML)
    }
}
