import XCTest
import Captions

final class CaptionRoundTripTests: XCTestCase {
    private let plain = """
        Lecture 3
        0:00 [ Music ]
        0:04 >> Welcome & hello <everyone> --> arrows
        0:09 a caption broken after [pause]
        the line feed
        0:09 same start
        59:59 late
        1:00:01 past the first hour
        """

    private func assertRoundTrips(_ cues: [Cue], file: StaticString = #filePath, line: UInt = #line) throws {
        let vtt = try CaptionParser.parse(CaptionWriter.webVTT(cues))
        XCTAssertEqual(vtt.format, .webVTT, file: file, line: line)
        XCTAssertEqual(vtt.cues, cues, file: file, line: line)
        let srt = try CaptionParser.parse(CaptionWriter.srt(cues))
        XCTAssertEqual(srt.format, .srt, file: file, line: line)
        XCTAssertEqual(srt.cues, cues.map { Cue(start: $0.start, end: $0.end, text: $0.text, speakerChange: $0.speakerChange) },
                       file: file, line: line)
    }

    func testPlainCaptionsRoundTripThroughBothWriters() throws {
        let cues = try CaptionParser.parse(plain).cues
        XCTAssertEqual(cues.count, 6)
        try assertRoundTrips(cues)
    }

    func testWebVTTRoundTripKeepsVoices() throws {
        let source = """
            WEBVTT

            00:00:01.000 --> 00:00:02.000
            <v Ann>one

            00:00:02.000 --> 00:00:03.000
            <v Ann>>> two, same voice but marked

            00:00:03.000 --> 00:00:04.000
            <v Bob &amp; Co>three

            00:00:04.000 --> 00:00:05.000
            &gt;&gt; four is not a speaker change
            """
        let cues = try CaptionParser.parse(source).cues
        XCTAssertEqual(cues.map(\.speaker), ["Ann", "Ann", "Bob & Co", nil])
        XCTAssertEqual(cues.map(\.speakerChange), [true, true, true, false])
        XCTAssertEqual(cues[3].text, ">> four is not a speaker change")
        XCTAssertEqual(try CaptionParser.parse(CaptionWriter.webVTT(cues)).cues, cues)
    }

    func testSRTRoundTrip() throws {
        let cues = try CaptionParser.parse("1\n00:00:00,000 --> 00:00:01,000\n>> hi\n\n2\n00:00:01,000 --> 100:00:00,000\n42\n").cues
        XCTAssertEqual(cues.map(\.end), [1_000, 360_000_000])
        XCTAssertEqual(try CaptionParser.parse(CaptionWriter.srt(cues)).cues, cues)
        try assertRoundTrips(cues)
    }

    func testWriterOutputFormat() {
        let cues = [Cue(start: 3_723_004, end: 3_724_000, text: "a < b & c", speakerChange: true)]
        XCTAssertEqual(CaptionWriter.webVTT(cues), "WEBVTT\n\n01:02:03.004 --> 01:02:04.000\n>> a &lt; b &amp; c\n")
        XCTAssertEqual(CaptionWriter.srt(cues), "1\n01:02:03,004 --> 01:02:04,000\n>> a < b & c\n")
        XCTAssertEqual(cues[0].timestamp, "1:02:03")
        XCTAssertEqual(Cue(start: 2_238_000, end: 0, text: "x").timestamp, "37:18")
    }
}
