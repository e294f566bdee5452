/// Which `Location` values stay on this origin.
///
/// A redirect target is local when a browser resolves it against any `http(s)` page of this site
/// to the same scheme, host and port: a path that starts with exactly one `/`. Browsers delete
/// tabs and newlines anywhere in a URL, strip leading spaces and controls, treat `\` as `/`, and
/// some servers and proxies decode `%2F` and `%5C`; so a target that contains controls, starts with
/// anything but `/`, or whose first two characters could become `//` in any of these ways is not
/// local. Nothing is repaired: an unsure target is refused.
public enum RedirectTarget {
    /// Whether `target` is a path on this origin (see the type's description).
    public static func isLocal(_ target: String) -> Bool {
        let bytes = Array(target.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        // Controls (tab, CR, LF, NUL, DEL) and spaces: browsers drop some of them, which can join `/` and `/`.
        guard !bytes.contains(where: { $0 < 0x21 || $0 == 0x7F }) else { return false }
        guard bytes.count > 1 else { return true }
        if isSlashLike(bytes[1]) { return false }
        // `/%2F…` and `/%5C…`: a slash or backslash once decoded.
        if bytes[1] == UInt8(ascii: "%"), bytes.count >= 4, let decoded = hexByte(bytes[2], bytes[3]), isSlashLike(decoded) {
            return false
        }
        return true
    }

    /// `target` when it is local, else `/`.
    public static func local(_ target: String) -> String { isLocal(target) ? target : "/" }

    private static func isSlashLike(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }

    private static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let h = ASCII.hexValue(high), let l = ASCII.hexValue(low) else { return nil }
        return UInt8(h << 4 | l)
    }
}
