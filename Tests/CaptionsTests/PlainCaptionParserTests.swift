import XCTest
import Captions

final class PlainCaptionParserTests: XCTestCase {
    private let messy = """
        Stanford CS193p – Lecture 9
        Posted 10:30 by the course staff

        00:00 [ Music ]
        00:05 >> So today we talk about magic numbers
        0:09 so we call [pause]
        the method, 0:12 which draws the path
        0:12 and this one starts at the same time
        0:20 we meet at 10:30 tomorrow, ratio 0:15 too
        1:02:03 past the first hour

        Share this video
        """

    private func parse(_ text: String) throws -> CaptionDocument {
        try CaptionParser.parse(text, as: .plain)
    }

    func testChromeBeforeAndAfterIsSkippedWithLineNumbers() throws {
        let document = try parse(messy)
        XCTAssertEqual(document.format, .plain)
        XCTAssertEqual(document.skippedLines, [
            SkippedLine(line: 1, text: "Stanford CS193p – Lecture 9"),
            SkippedLine(line: 2, text: "Posted 10:30 by the course staff"),
            SkippedLine(line: 12, text: "Share this video"),
        ])
    }

    func testCuesStartsTextsAndEnds() throws {
        let cues = try parse(messy).cues
        XCTAssertEqual(cues.map(\.start), [0, 5_000, 9_000, 12_000, 12_000, 20_000, 3_723_000])
        XCTAssertEqual(cues.map(\.text), [
            "[ Music ]",
            "So today we talk about magic numbers",
            "so we call [pause] the method,",
            "which draws the path",
            "and this one starts at the same time",
            "we meet at 10:30 tomorrow, ratio 0:15 too",
            "past the first hour",
        ])
        // Each cue ends where the next later one begins; cues sharing a start share an end.
        XCTAssertEqual(cues.map(\.end), [5_000, 9_000, 12_000, 20_000, 20_000, 3_723_000, 3_728_000])
    }

    func testSpeakerChangeAndNonSpeechNotes() throws {
        let cues = try parse(messy).cues
        XCTAssertEqual(cues.map(\.speakerChange), [false, true, false, false, false, false, false])
        XCTAssertTrue(cues[0].isNonSpeech)
        XCTAssertEqual(cues[0].nonSpeechRanges, [0..<9])
        XCTAssertEqual(cues[2].speechText, "so we call the method,")
        XCTAssertFalse(cues[2].isNonSpeech)
    }

    func testMidLineTimeOutOfOrderIsText() throws {
        // 10:30 comes after the next line's 0:25, so it is a number in the text, not a cue start.
        let cues = try parse("0:20 we meet at 10:30 tomorrow\n0:25 next").cues
        XCTAssertEqual(cues.map(\.text), ["we meet at 10:30 tomorrow", "next"])
        XCTAssertEqual(cues.map(\.start), [20_000, 25_000])
    }

    func testMidLineTimeOnLastLineNeedsToBeNear() throws {
        let near = try parse("1:00 first part 1:04 second part").cues
        XCTAssertEqual(near.map(\.start), [60_000, 64_000])
        XCTAssertEqual(near.map(\.text), ["first part", "second part"])
        let far = try parse("1:00 see you at 9:30").cues
        XCTAssertEqual(far.map(\.text), ["see you at 9:30"])
    }

    func testBOMAndCRLFGiveTheSameCues() throws {
        let crlf = "\u{FEFF}" + messy.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try parse(crlf).cues, try parse(messy).cues)
        let bytes = Array(crlf.utf8)
        XCTAssertEqual(try CaptionParser.parse(bytes: bytes).cues, try parse(messy).cues)
    }

    func testContinuationAfterBlankLineIsSkipped() throws {
        let document = try parse("0:01 hello\n\nstray footer\n0:03 world")
        XCTAssertEqual(document.cues.map(\.text), ["hello", "world"])
        XCTAssertEqual(document.skippedLines, [SkippedLine(line: 3, text: "stray footer")])
    }

    func testSpeakerMarkerAfterMidLineTime() throws {
        let cues = try parse("0:01 question? 0:03 >> answer").cues
        XCTAssertEqual(cues.map(\.speakerChange), [false, true])
        XCTAssertEqual(cues.map(\.text), ["question?", "answer"])
    }

    func testInvalidTimesAreNotCues() throws {
        let document = try parse("0:61 not a time\n12:5 nor this\n0:07 real")
        XCTAssertEqual(document.cues.map(\.start), [7_000])
        XCTAssertEqual(document.skippedLines.map(\.line), [1, 2])
    }

    func testNoTimestampsIsAnError() {
        XCTAssertThrowsError(try parse("just a title\nand some text")) { error in
            XCTAssertEqual((error as? CaptionError)?.line, 1)
        }
    }

    func testLimitsNameTheLine() {
        let limits = CaptionLimits(maxLineBytes: 20)
        XCTAssertThrowsError(try CaptionParser.parse("0:01 short\n0:02 " + String(repeating: "x", count: 30),
                                                     as: .plain, limits: limits)) { error in
            XCTAssertEqual(error as? CaptionError, CaptionError(line: 2, message: "line is 35 bytes long; the limit is 20"))
        }
        XCTAssertThrowsError(try CaptionParser.parse("0:01 a\n0:02 b\n0:03 c", as: .plain,
                                                     limits: CaptionLimits(maxCues: 2))) { error in
            XCTAssertEqual((error as? CaptionError)?.line, 3)
        }
        XCTAssertThrowsError(try CaptionParser.parse("0:01 abc", as: .plain, limits: CaptionLimits(maxBytes: 4)))
    }

    func testInvalidUTF8IsReadAsWindows1252() throws {
        let bytes = Array("0:01 fine\n0:02 bad ".utf8) + [0xFF] + Array("\n".utf8)
        let document = try CaptionParser.parse(bytes: bytes)
        XCTAssertEqual(document.encoding, .windows1252)
        XCTAssertEqual(document.cues.map(\.text), ["fine", "bad ÿ"])
    }
}
