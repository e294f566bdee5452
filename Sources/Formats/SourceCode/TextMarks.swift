/// Finding marks (`@implementation`, `isActive = true`) in a text by its UTF-8 bytes: format
/// detection runs on every graded submission, and Foundation's `String.contains` costs
/// microseconds a call on Linux.
public struct TextMarks: Sendable {
    private let bytes: [UInt8]

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether `mark` occurs in the text.
    public func contains(_ mark: String) -> Bool {
        let needle = Array(mark.utf8)
        guard let first = needle.first, needle.count <= bytes.count else { return needle.isEmpty }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether any of `marks` occurs in the text.
    public func containsAny(_ marks: [String]) -> Bool { marks.contains(where: contains) }
}
