import XCTest
import Captions

final class WebVTTParserTests: XCTestCase {
    private let sample = """
        WEBVTT - Lecture 9

        NOTE
        This note spans
        two lines.

        STYLE
        ::cue { color: yellow }

        REGION
        id:left width:40%

        intro
        00:00:01.000 --> 00:00:04.500 align:start position:10%
        <v Paul Hegarty>So <i>this</i> &amp; that
        is &lt;UIView&gt; &#x41;&#66;</v>

        00:05.000 --> 00:07.250
        <v Paul Hegarty>Still <00:06.000>me

        3
        00:00:07.250 --> 00:00:09.000
        <v.loud Student>A question

        00:09.000 --> 00:12.000
        >> [ Inaudible Background Question ]
        """

    func testHeaderNotesStylesRegionsAreIgnored() throws {
        let document = try CaptionParser.parse(sample)
        XCTAssertEqual(document.format, .webVTT)
        XCTAssertEqual(document.cues.count, 4)
        XCTAssertEqual(document.skippedLines, [])
    }

    func testTimingsInBothForms() throws {
        let cues = try CaptionParser.parse(sample).cues
        XCTAssertEqual(cues.map(\.start), [1_000, 5_000, 7_250, 9_000])
        XCTAssertEqual(cues.map(\.end), [4_500, 7_250, 9_000, 12_000])
    }

    func testTagsEntitiesAndVoices() throws {
        let cues = try CaptionParser.parse(sample).cues
        XCTAssertEqual(cues.map(\.text), [
            "So this & that is <UIView> AB", "Still me", "A question", "[ Inaudible Background Question ]",
        ])
        XCTAssertEqual(cues.map(\.speaker), ["Paul Hegarty", "Paul Hegarty", "Student", nil])
        XCTAssertEqual(cues.map(\.speakerChange), [true, false, true, true])
        XCTAssertTrue(cues[3].isNonSpeech)
    }

    func testMissingHeaderIsAnErrorOnLineOne() {
        XCTAssertThrowsError(try CaptionParser.parse("00:01.000 --> 00:02.000\nhi", as: .webVTT)) { error in
            XCTAssertEqual((error as? CaptionError)?.line, 1)
        }
        XCTAssertThrowsError(try CaptionParser.parse("WEBVTTX\n", as: .webVTT))
    }

    func testBadTimingSkipsTheCueNamingTheLine() throws {
        let cases: [(String, String)] = [
            ("WEBVTT\n\n00:01.000 --> 00:0x.000\ntext", "invalid end time \"00:0x.000\""),
            ("WEBVTT\n\n00:01,000 --> 00:02.000\ntext", "invalid start time \"00:01,000\""),
            ("WEBVTT\n\n00:03.000 --> 00:02.000\ntext", "cue ends before it starts"),
            ("WEBVTT\n\n00:01.000 -> 00:02.000 -->\ntext", "expected a cue timing line \"start --> end\""),
        ]
        for (input, message) in cases {
            let document = try CaptionParser.parse(input)
            XCTAssertEqual(document.cues, [], input)
            XCTAssertEqual(document.skippedLines.first?.line, 3, input)
            XCTAssertEqual(document.skippedLines.first?.reason, "cue at line 3 skipped: " + message, input)
        }
    }

    func testBlockWithoutTimingIsSkipped() throws {
        let document = try CaptionParser.parse("WEBVTT\n\nstray\nlines\n\n00:01.000 --> 00:02.000\nok")
        XCTAssertEqual(document.cues.map(\.text), ["ok"])
        XCTAssertEqual(document.skippedLines, [SkippedLine(line: 3, text: "stray", reason: "not a cue: no timing line"),
                                               SkippedLine(line: 4, text: "lines", reason: "not a cue: no timing line")])
    }

    func testUnknownEntityStaysTextAndALoneAngleBracketCutsToTheEnd() throws {
        let cues = try CaptionParser.parse("WEBVTT\n\n00:01.000 --> 00:02.000\na &bogus; b < c").cues
        XCTAssertEqual(cues.map(\.text), ["a &bogus; b"])
    }

    func testDetection() {
        XCTAssertEqual(CaptionParser.detectFormat("\u{FEFF}WEBVTT\n"), .webVTT)
        XCTAssertEqual(CaptionParser.detectFormat("1\n00:00:01,000 --> 00:00:02,000\nhi"), .srt)
        XCTAssertEqual(CaptionParser.detectFormat("00:00:01.000 --> 00:00:02.000\nhi", fileExtension: ".VTT"), .webVTT)
        XCTAssertEqual(CaptionParser.detectFormat("0:01 hello"), .plain)
        XCTAssertEqual(CaptionParser.detectFormat("0:01 hello", fileExtension: "srt"), .srt)
        XCTAssertEqual(CaptionParser.detectFormat(""), .plain)
    }

    func testHeaderMetadataAndACueWithoutBlankLineAfterHeader() throws {
        let document = try CaptionParser.parse("WEBVTT\nKind: captions\nLanguage: en\n00:01.000 --> 00:02.000\nfirst\n\n00:03.000 --> 00:04.000\nsecond")
        XCTAssertEqual(document.cues.map(\.text), ["first", "second"])
        XCTAssertEqual(document.skippedLines, [])
    }
}
