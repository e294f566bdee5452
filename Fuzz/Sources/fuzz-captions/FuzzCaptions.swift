import Captions
import FuzzerDriver

/// Feeds one input to every caption, transcript and query parser. Writing parsed captions back out
/// must always give a file that reads again with the same number of cues; anything else is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCaptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? CaptionParser.parse(bytes: bytes)
    for format in CaptionFormat.allCases {
        guard let document = try? CaptionParser.parse(text, as: format) else { continue }
        do {
            let vtt = try CaptionParser.parse(CaptionWriter.webVTT(document.cues), as: .webVTT)
            let srt = try CaptionParser.parse(CaptionWriter.srt(document.cues), as: .srt)
            if vtt.cues.count != document.cues.count || srt.cues.count != document.cues.count {
                fatalError("re-reading written captions changed the cue count")
            }
        } catch {
            fatalError("written captions do not read back: \(error)")
        }
    }
    if let sections = try? TranscriptSection.sections(markdown: text) {
        _ = sections.map(\.plainText)
    }
    let query = SearchQuery(parsing: text)
    _ = query.fts5Expression(stemmed: true, wordColumn: FTS5Column("stemmed"), exactColumn: FTS5Column("text"))
    _ = query.highlights(in: text)
    _ = Stemmer.stemmedText(text)
    return 0
}

@main
enum FuzzCaptionsMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        _ = LLVMFuzzerRunDriver(&argc, &argv, fuzzCaptions)
    }
}
