import XCTest
import Captions

/// Encodings and tags of SRT files from real tools, and page text around plain timestamped dumps.
final class CaptionImportReportTests: XCTestCase {
    private let srt = "1\r\n00:00:01,000 --> 00:00:02,000\r\nnaïve café\r\n"

    func testUTF16LittleEndianWithAByteOrderMark() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in srt.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let document = try CaptionParser.parse(bytes: bytes, fileExtension: "srt")
        XCTAssertEqual(document.encoding, .utf16LittleEndian)
        XCTAssertEqual(document.format, .srt)
        XCTAssertEqual(document.cues.map(\.text), ["naïve café"])
    }

    func testUTF16BigEndianWithAByteOrderMark() throws {
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in srt.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let document = try CaptionParser.parse(bytes: bytes, fileExtension: "srt")
        XCTAssertEqual(document.encoding, .utf16BigEndian)
        XCTAssertEqual(document.cues.map(\.text), ["naïve café"])
    }

    func testBytesThatAreNotUTF8AreReadAsWindows1252AndSaidSo() throws {
        // 0xE9 is é and 0x93/0x94 are curly quotes in Windows-1252; none is valid UTF-8 here.
        let bytes = Array("1\n00:00:01,000 --> 00:00:02,000\ncaf".utf8) + [0xE9, 0x20, 0x93] + Array("hi".utf8) + [0x94]
        let document = try CaptionParser.parse(bytes: bytes)
        XCTAssertEqual(document.encoding, .windows1252)
        XCTAssertEqual(document.cues.map(\.text), ["café “hi”"])
    }

    func testSRTFormattingTagsAndOverrideCodesAreRemoved() throws {
        let text = """
            1
            00:00:01,000 --> 00:00:02,000
            {\\an8}<font color="#ffff00">yellow</font> and <s>struck</s><br/>text, a < b

            """
        let cues = try CaptionParser.parse(text, as: .srt).cues
        XCTAssertEqual(cues.map(\.text), ["yellow and struck text, a < b"])
    }

    func testSRTWithoutBlankLinesBetweenCuesIsSplitAtEachTimingLine() throws {
        let text = """
            1
            00:00:01,000 --> 00:00:02,000
            first line
            2
            00:00:02,000 --> 00:00:03,000
            second, with
            3
            apples
            3
            00:00:03,000 --> 00:00:04,000
            00:00:05,000 --> 00:00:06,000 is text without a number before it
            """
        let cues = try CaptionParser.parse(text, as: .srt).cues
        XCTAssertEqual(cues.map(\.text), ["first line", "second, with 3 apples",
                                          "00:00:05,000 --> 00:00:06,000 is text without a number before it"])
        XCTAssertEqual(cues.map(\.start), [1_000, 2_000, 3_000])
        // Text that reads like a timing line survives writing and reading.
        XCTAssertEqual(try CaptionParser.parse(CaptionWriter.srt(cues), as: .srt).cues, cues)
    }

    func testSRTCuesAreKeptInTimeOrder() throws {
        let text = "1\n00:00:05,000 --> 00:00:06,000\nlater\n\n2\n00:00:01,000 --> 00:00:02,000\nearlier\n"
        XCTAssertEqual(try CaptionParser.parse(text, as: .srt).cues.map(\.text), ["earlier", "later"])
    }

    func testPageTextAfterACompleteLastCueIsSkippedAndReported() throws {
        let document = try CaptionParser.parse("""
            0:01 the solver runs
            once per pass
            0:04 and that is all for today.
            Sign in to keep watching
            Share
            """, as: .plain)
        XCTAssertEqual(document.cues.map(\.text), ["the solver runs once per pass", "and that is all for today."])
        XCTAssertEqual(document.joinedLines, [JoinedLine(line: 2, text: "once per pass", cueStart: 1_000)])
        XCTAssertEqual(document.skippedLines, [
            SkippedLine(line: 4, text: "Sign in to keep watching", reason: "untimed text after the last cue, which ends a sentence"),
            SkippedLine(line: 5, text: "Share", reason: "untimed text after the last cue, which ends a sentence"),
        ])
    }

    func testUntimedLinesAfterAnUnfinishedLastCueAreJoinedAndReported() throws {
        let document = try CaptionParser.parse("0:01 and the last words\nof the lecture", as: .plain)
        XCTAssertEqual(document.cues.map(\.text), ["and the last words of the lecture"])
        XCTAssertEqual(document.skippedLines, [])
        XCTAssertEqual(document.joinedLines, [JoinedLine(line: 2, text: "of the lecture", cueStart: 1_000)])
    }
}
