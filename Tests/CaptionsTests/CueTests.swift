import XCTest
import Captions

final class CueTests: XCTestCase {
    func testInitNormalizesTextAndTimes() {
        let cue = Cue(start: 5_000, end: 4_000, text: "  two\n lines\u{00A0}\u{00A0}and\ttabs  ")
        XCTAssertEqual(cue.text, "two lines and tabs")
        XCTAssertEqual(cue.end, 5_000)
        XCTAssertFalse(cue.speakerChange)
        XCTAssertNil(cue.speaker)
    }

    func testNonSpeechRangesAreUTF8OffsetsIntoText() {
        let cue = Cue(start: 0, end: 1, text: "Ну [смех] вот [ Music ] и [незакрытая")
        let notes = cue.nonSpeechRanges.map { String(decoding: Array(cue.text.utf8)[$0], as: UTF8.self) }
        XCTAssertEqual(notes, ["[смех]", "[ Music ]"])
        XCTAssertEqual(cue.speechText, "Ну вот и [незакрытая")
        XCTAssertFalse(cue.isNonSpeech)
        XCTAssertTrue(Cue(start: 0, end: 1, text: "[Pause] [laughter]").isNonSpeech)
        XCTAssertTrue(Cue(start: 0, end: 1, text: "").isNonSpeech)
    }

    func testErrorDescriptionNamesTheLine() {
        XCTAssertEqual(CaptionError(line: 12, message: "expected a cue timing line").description,
                       "line 12: expected a cue timing line")
    }

    func testBytesWithBOMAreDetectedAsWebVTT() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nПривет\r\n".utf8)
        let document = try CaptionParser.parse(bytes: bytes)
        XCTAssertEqual(document.format, .webVTT)
        XCTAssertEqual(document.cues, [Cue(start: 1_000, end: 2_000, text: "Привет")])
    }
}
