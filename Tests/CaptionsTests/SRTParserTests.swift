import XCTest
import Captions

final class SRTParserTests: XCTestCase {
    func testNumberedBlocks() throws {
        let text = """
            1
            00:00:01,000 --> 00:00:04,000
            <i>Hello</i> there,
            second line

            2
            00:00:04,000 --> 00:01:06,500 X1:10 X2:20
            >> a < b [laughter]


            00:01:07.000 --> 01:00:00,001
            no number, dot milliseconds
            """
        let document = try CaptionParser.parse(text)
        XCTAssertEqual(document.format, .srt)
        XCTAssertEqual(document.cues.map(\.start), [1_000, 4_000, 67_000])
        XCTAssertEqual(document.cues.map(\.end), [4_000, 66_500, 3_600_001])
        XCTAssertEqual(document.cues.map(\.text), ["Hello there, second line", "a < b [laughter]", "no number, dot milliseconds"])
        XCTAssertEqual(document.cues.map(\.speakerChange), [false, true, false])
        XCTAssertEqual(document.cues[1].speechText, "a < b")
    }

    func testErrorsNameTheLine() {
        let cases: [(String, CaptionError)] = [
            ("1\n00:00:01,000 --> 00:00:02,000\nok\n\nstray text\n", CaptionError(line: 5, message: "expected a cue number or a timing line")),
            ("7\n", CaptionError(line: 1, message: "cue number without a timing line after it")),
            ("1\nnot a timing\n", CaptionError(line: 2, message: "expected a cue timing line \"start --> end\"")),
            ("1\n00:00:61,000 --> 00:01:02,000\n", CaptionError(line: 2, message: "invalid start time \"00:00:61,000\"")),
        ]
        for (input, expected) in cases {
            XCTAssertThrowsError(try CaptionParser.parse(input, as: .srt)) { error in
                XCTAssertEqual(error as? CaptionError, expected, input)
            }
        }
    }

    func testEmptyFileHasNoCues() throws {
        XCTAssertEqual(try CaptionParser.parse("", as: .srt).cues, [])
    }
}
