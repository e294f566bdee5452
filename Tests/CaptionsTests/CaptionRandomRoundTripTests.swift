import SeededRandom
import XCTest
import Captions

/// Random cues with awkward text and WebVTT metadata read back from both writers unchanged.
final class CaptionRandomRoundTripTests: XCTestCase {
    private let pieces = ["solver", "<b>", "a < b", "&amp;", "&hellip;", "-->", ">>", "[ Music ]", "&", "<v X>", "é",
                          "\u{0C}", "--", "WEBVTT", "NOTE", "42", "{\\an8}", ";", "&#65;", "  "]
    private let names = ["Ada", "Grace Hopper", "A & B", "x<y", "Ж"]
    private let identifiers = ["intro", "1", "NOTE", "cue two", "x-->y", "WEBVTT"]
    private let settings = ["align:start", "line:0 position:10%", "size:50%", "vertical:rl"]

    func testRandomCuesSurviveBothWriters() throws {
        var random = SplitMix64(seed: 0x5EED_CAFE)
        for round in 0..<300 {
            var start = 0
            var cues: [Cue] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                start += Int.random(in: 0...5_000, using: &random)
                let words = (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                let speaker = Bool.random(using: &random) ? names.randomElement(using: &random) : nil
                cues.append(Cue(start: start, end: start + Int.random(in: 0...3_000, using: &random),
                                text: words.joined(separator: " "), speakerChange: speaker != nil || Bool.random(using: &random),
                                speaker: speaker,
                                identifier: Bool.random(using: &random) ? identifiers.randomElement(using: &random) : nil,
                                settings: Bool.random(using: &random) ? settings.randomElement(using: &random) : nil))
            }
            // Names, identifiers and speaker changes as a reader can see them again.
            cues = cues.enumerated().map { index, cue in
                let previous = index > 0 ? cues[index - 1].speaker : nil
                let change = cue.speakerChange || (cue.speaker != nil && cue.speaker != previous)
                let identifier = cue.identifier.flatMap { $0.contains("-->") ? nil : $0 }
                return Cue(start: cue.start, end: cue.end, text: cue.text, speakerChange: change, speaker: cue.speaker,
                           identifier: identifier, settings: cue.settings)
            }
            let vtt = CaptionWriter.webVTT(cues)
            XCTAssertEqual(try CaptionParser.parse(vtt).cues, cues, "round \(round):\n\(vtt)")
        }
    }
}
