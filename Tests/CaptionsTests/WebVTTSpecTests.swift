import XCTest
@testable import Captions

/// WebVTT read as the spec's parsing algorithm reads it; one test per rule, with our own examples.
final class WebVTTSpecTests: XCTestCase {
    private func parse(_ text: String) throws -> CaptionDocument {
        try CaptionParser.parse(text, as: .webVTT)
    }

    func testALineWithAnArrowInsideCueTextStartsTheNextCue() throws {
        // Downloads that leave out the blank line between cues.
        let document = try parse("""
            WEBVTT

            00:00:01.000 --> 00:00:03.000
            constraints pin the edges
            00:00:03.000 --> 00:00:05.000
            and the solver finds the frames
            """)
        XCTAssertEqual(document.cues.map(\.text), ["constraints pin the edges", "and the solver finds the frames"])
        XCTAssertEqual(document.cues.map(\.start), [1_000, 3_000])
    }

    func testWhitespaceAroundTheArrowIsOptional() throws {
        let cues = try parse("WEBVTT\n\n00:01.000-->00:02.500\nno spaces\n\n00:03.000\t-->   00:04.000\ntabs and runs").cues
        XCTAssertEqual(cues.map(\.start), [1_000, 3_000])
        XCTAssertEqual(cues.map(\.end), [2_500, 4_000])
    }

    func testSettingsMayFollowTheEndTimeAndAreKept() throws {
        let cue = try XCTUnwrap(parse("WEBVTT\n\n00:01.000 --> 00:02.000 line:0 align:start\nup top").cues.first)
        XCTAssertEqual(cue.text, "up top")
        XCTAssertEqual(cue.settings, "line:0 align:start")
    }

    func testFormFeedCountsAsWhitespaceInATimingLine() throws {
        let cue = try XCTUnwrap(parse("WEBVTT\n\n00:01.000\u{0C}-->\u{0C}00:02.000\u{0C}align:end\nfed").cues.first)
        XCTAssertEqual(cue.end, 2_000)
        XCTAssertEqual(cue.settings, "align:end")
    }

    func testTheHeaderLineMayContainAnArrow() throws {
        let document = try parse("WEBVTT lecture 9 --> layout\n\n00:01.000 --> 00:02.000\nhello")
        XCTAssertEqual(document.cues.map(\.text), ["hello"])
        XCTAssertEqual(document.skippedLines, [])
    }

    func testAMalformedCueIsSkippedAndReportedWhileTheFileIsKept() throws {
        let document = try parse("""
            WEBVTT

            00:01.000 --> 00:02.000
            first

            00:02.000 --> 00:0x.000
            bad end

            00:05.000 --> 00:04.000
            backwards

            00:06.000 --> 00:07.000
            last
            """)
        XCTAssertEqual(document.cues.map(\.text), ["first", "last"])
        XCTAssertEqual(document.skippedLines, [
            SkippedLine(line: 6, text: "00:02.000 --> 00:0x.000", reason: "cue at line 6 skipped: invalid end time \"00:0x.000\""),
            SkippedLine(line: 7, text: "bad end", reason: "cue at line 6 skipped: invalid end time \"00:0x.000\""),
            SkippedLine(line: 9, text: "00:05.000 --> 00:04.000", reason: "cue at line 9 skipped: cue ends before it starts"),
            SkippedLine(line: 10, text: "backwards", reason: "cue at line 9 skipped: cue ends before it starts"),
        ])
    }

    func testAFileWithoutTheSignatureIsRefused() {
        let text = "00:01.000 --> 00:02.000\nno header"
        XCTAssertThrowsError(try CaptionParser.parse(text, fileExtension: "vtt")) { error in
            XCTAssertEqual(error as? CaptionError, CaptionError(line: 1, message: "a WebVTT file must start with \"WEBVTT\""))
        }
        XCTAssertThrowsError(try parse("WEBVTTX\n\n00:01.000 --> 00:02.000\nglued"))
    }

    func testCuesAreKeptInTimeOrderStably() throws {
        let cues = try parse("""
            WEBVTT

            00:09.000 --> 00:10.000
            third

            00:01.000 --> 00:02.000
            first

            00:05.000 --> 00:06.000
            second A

            00:05.000 --> 00:05.500
            second B
            """).cues
        XCTAssertEqual(cues.map(\.text), ["first", "second A", "second B", "third"])
    }

    func testTagsAreRemovedFromTheBracketToTheNextCloseOrTheEnd() throws {
        let cues = try parse("""
            WEBVTT

            00:01.000 --> 00:02.000
            a <b.loud>bold</b> word <00:01.500>then

            00:02.000 --> 00:03.000
            width < height is cut here
            """).cues
        XCTAssertEqual(cues.map(\.text), ["a bold word then", "width"])
    }

    func testNULBecomesTheReplacementCharacter() throws {
        let cue = try XCTUnwrap(parse("WEBVTT\n\n00:01.000 --> 00:02.000\nnull\u{0}byte").cues.first)
        XCTAssertEqual(cue.text, "null\u{FFFD}byte")
    }

    func testEveryHTMLNamedCharacterReferenceIsDecoded() throws {
        XCTAssertEqual(NamedCharacterReferences.count, 2231)
        let cue = try XCTUnwrap(parse("""
            WEBVTT

            00:01.000 --> 00:02.000
            caf&eacute; &mdash; x &le; y &hellip; &rarr; &NotNestedGreaterGreater; &copy 2026 &notit; &Bogus; &#x1F600;&#128;&#0;
            """).cues.first)
        XCTAssertEqual(cue.text, "café — x ≤ y … → \u{2AA2}\u{338} © 2026 ¬it; &Bogus; 😀€\u{FFFD}")
    }

    func testIdentifiersSettingsAndVoicesAreKeptAndWrittenBack() throws {
        let document = try parse("""
            WEBVTT

            intro
            00:01.000 --> 00:02.000 align:start
            <v Ada>Welcome

            00:02.000 --> 00:03.000
            <v.quiet Grace Hopper>A question
            """)
        XCTAssertEqual(document.cues.map(\.identifier), ["intro", nil])
        XCTAssertEqual(document.cues.map(\.speaker), ["Ada", "Grace Hopper"])
        let written = CaptionWriter.webVTT(document.cues)
        XCTAssertTrue(written.contains("intro\n00:00:01.000 --> 00:00:02.000 align:start\n<v Ada>Welcome\n"), written)
        XCTAssertEqual(try parse(written).cues, document.cues)
    }
}
