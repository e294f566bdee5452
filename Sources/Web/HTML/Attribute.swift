/// An attribute of an element. Values are escaped when rendered; names that are not
/// valid attribute names are dropped; URL attributes with a script scheme become "#".
public struct Attribute: Sendable, Equatable {
    public let name: String
    /// nil for a boolean attribute (`disabled`).
    public let value: String?

    /// Any attribute.
    public static func attr(_ name: String, _ value: String) -> Attribute { Attribute(name: name, value: value) }
    /// A boolean attribute, present only when `on`.
    public static func flag(_ name: String, _ on: Bool = true) -> Attribute? { on ? Attribute(name: name, value: nil) : nil }

    public static func id(_ v: String) -> Attribute { attr("id", v) }
    public static func `class`(_ v: String...) -> Attribute { attr("class", v.filter { !$0.isEmpty }.joined(separator: " ")) }
    public static func href(_ v: String) -> Attribute { attr("href", safeURL(v)) }
    public static func src(_ v: String) -> Attribute { attr("src", safeURL(v)) }
    public static func action(_ v: String) -> Attribute { attr("action", safeURL(v)) }
    public static func method(_ v: String) -> Attribute { attr("method", v) }
    public static func type(_ v: String) -> Attribute { attr("type", v) }
    public static func name(_ v: String) -> Attribute { attr("name", v) }
    public static func value(_ v: String) -> Attribute { attr("value", v) }
    public static func alt(_ v: String) -> Attribute { attr("alt", v) }
    public static func title(_ v: String) -> Attribute { attr("title", v) }
    public static func rel(_ v: String) -> Attribute { attr("rel", v) }
    public static func `for`(_ v: String) -> Attribute { attr("for", v) }
    public static func placeholder(_ v: String) -> Attribute { attr("placeholder", v) }
    public static func content(_ v: String) -> Attribute { attr("content", v) }
    public static func charset(_ v: String) -> Attribute { attr("charset", v) }
    public static func style(_ v: String) -> Attribute { attr("style", v) }
    public static func role(_ v: String) -> Attribute { attr("role", v) }
    public static func data(_ key: String, _ v: String) -> Attribute { attr("data-" + key, v) }
    public static func aria(_ key: String, _ v: String) -> Attribute { attr("aria-" + key, v) }

    /// URLs whose scheme would run script (`javascript:`, `vbscript:`, `data:` outside images) become "#".
    static func safeURL(_ url: String) -> String {
        let compact = String(url.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        let blocked = compact.hasPrefix("javascript:") || compact.hasPrefix("vbscript:")
            || (compact.hasPrefix("data:") && !compact.hasPrefix("data:image/") || compact.hasPrefix("data:image/svg"))
        return blocked ? "#" : url
    }

    /// `[A-Za-z_:][A-Za-z0-9_:.-]*`, the conservative subset every parser agrees on.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else {
            return false
        }
        return name.utf8.allSatisfy { b in
            isLetter(b) || (b >= 48 && b <= 57) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
        }
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
}
