/// Formatting shared by parse and decoding error messages.

/// Uppercase hexadecimal of `value`, zero-padded to at least `digits` digits.
func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// `text` as a JSON string literal for error messages, shortened to 60 characters.
func quotedForMessage(_ text: String) -> String {
    let limit = 60
    var shown = text
    if text.unicodeScalars.count > limit {
        shown = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
    }
    var writer = JSONWriter(capacity: shown.utf8.count + 2)
    writer.string(shown)
    return writer.string
}
