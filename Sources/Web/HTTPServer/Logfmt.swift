/// Builds one logfmt line (`key=value key2="quoted value"`), quoting where needed.
struct LogfmtLine {
    private(set) var text = ""

    mutating func add(_ key: String, _ value: String) {
        if !text.isEmpty { text += " " }
        text += key
        text += "="
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains {
            $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
        }
        guard needsQuotes else {
            text += value
            return
        }
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    mutating func add(_ key: String, _ value: Int) { add(key, String(value)) }
}

/// Error and lifecycle messages from the server, in logfmt on standard error.
enum ServerLog {
    static func write(level: String, _ message: String, _ fields: [(String, String)] = []) {
        var line = LogfmtLine()
        line.add("level", level)
        line.add("msg", message)
        for (k, v) in fields { line.add(k, v) }
        Platform.writeStandardError(Array((line.text + "\n").utf8))
    }
}
