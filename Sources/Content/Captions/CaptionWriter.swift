import HTML

/// Writes cues as WebVTT or SRT, for download and for `<track>` elements.
///
/// Speaker changes are written as a leading `>> `, speakers as WebVTT voice tags, identifiers and
/// settings where WebVTT keeps them, so that reading the output back gives the same cues (SRT has
/// no voices, identifiers or settings and drops them).
public enum CaptionWriter {
    /// A complete WebVTT file.
    public static func webVTT(_ cues: [Cue]) -> String {
        var output = "WEBVTT\n"
        var previousVoice: String?
        for cue in cues {
            output += "\n"
            if let identifier = cue.identifier, isWritableIdentifier(identifier) { output += identifier + "\n" }
            output += Timestamp.formatCueTime(cue.start, separator: ".")
            output += " --> "
            output += Timestamp.formatCueTime(cue.end, separator: ".")
            if let settings = cue.settings, isWritableSettings(settings) { output += " " + settings }
            output += "\n"
            let voiceImpliesChange = cue.speaker != nil && cue.speaker != previousVoice
            if let speaker = cue.speaker {
                output += "<v \(escaped(speaker))>"
                previousVoice = speaker
            }
            if cue.speakerChange && !voiceImpliesChange { output += ">> " }
            output += escaped(cue.text)
            output += "\n"
        }
        return output
    }

    /// The captions as plain text to read: without timestamps, one paragraph per speaker (a new one at
    /// each speaker change, led by the speaker's name when known); with them, one line per cue led by
    /// its time (`[37:18] text`, or `[37:18] Name: text` where a named speaker starts).
    public static func plainText(_ cues: [Cue], timestamps: Bool) -> String {
        var output = ""
        var paragraph: [String] = []
        func endParagraph() {
            if !paragraph.isEmpty { output += paragraph.joined(separator: " ") + "\n\n" }
            paragraph = []
        }
        for (index, cue) in cues.enumerated() {
            let named = cue.speaker != nil && (index == 0 || cue.speaker != cues[index - 1].speaker)
            let lead = named ? "\(cue.speaker ?? ""): " : ""
            if timestamps {
                output += "[\(cue.timestamp)] " + lead + cue.text + "\n"
            } else {
                if cue.speakerChange || named { endParagraph() }
                paragraph.append(lead + cue.text)
            }
        }
        endParagraph()
        return output
    }

    /// A complete SRT file, cues numbered from 1.
    public static func srt(_ cues: [Cue]) -> String {
        var output = ""
        for (index, cue) in cues.enumerated() {
            if index > 0 { output += "\n" }
            output += "\(index + 1)\n"
            output += Timestamp.formatCueTime(cue.start, separator: ",")
            output += " --> "
            output += Timestamp.formatCueTime(cue.end, separator: ",")
            output += "\n"
            if cue.speakerChange { output += ">> " }
            output += cue.text
            output += "\n"
        }
        return output
    }

    /// An identifier fits on one line and cannot be taken for a timing line.
    private static func isWritableIdentifier(_ identifier: String) -> Bool {
        !identifier.contains(where: \.isNewline) && !CueBlocks.containsArrow(identifier.utf8)
    }

    /// Settings are `name:value` words on one line.
    private static func isWritableSettings(_ settings: String) -> Bool {
        !settings.contains(where: \.isNewline) && !CueBlocks.containsArrow(settings.utf8)
    }

    /// WebVTT cue text escaping: `&`, `<` and `>` as character references (HTML's text rules).
    private static func escaped(_ text: String) -> String {
        Markup.escape(text, .text)
    }
}
