import Digest

/// The files of one exercise folder, by path relative to the folder (`exercise.json`,
/// `examples/magic-numbers.layout`), as read by whoever has access to the file system.
///
/// Paths use `/` as separator. Operating-system clutter (`.DS_Store`, `Thumbs.db`, `desktop.ini`,
/// AppleDouble `._*` files) is ignored everywhere, including in the version.
public struct ExerciseFiles: Sendable, Equatable {
    /// The files that make up the exercise, clutter removed.
    public let contents: [String: [UInt8]]

    /// Wraps a file map, dropping operating-system clutter.
    public init(_ files: [String: [UInt8]]) {
        contents = files.filter { !Self.isClutter($0.key) }
    }

    /// The paths in a stable order: sorted by their UTF-8 bytes.
    public var sortedPaths: [String] {
        contents.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The exercise version: the SHA-256 (hex) of every path and its contents, in `sortedPaths` order.
    /// Each file contributes its path, a 0 byte, its length in decimal, a 0 byte and its bytes, so
    /// that no two different folders hash alike by moving bytes between names and contents.
    public var version: String {
        var hasher = SHA256()
        for path in sortedPaths {
            let bytes = contents[path] ?? []
            hasher.update(Array(path.utf8))
            hasher.update([0])
            hasher.update(Array(String(bytes.count).utf8))
            hasher.update([0])
            hasher.update(bytes)
        }
        return Hex.encode(hasher.finalize())
    }

    /// Whether a path names a file the operating system leaves behind, never part of an exercise.
    public static func isClutter(_ path: String) -> Bool {
        path.split(separator: "/").contains { component in
            clutterNames.contains(String(component)) || component.hasPrefix("._")
        }
    }

    private static let clutterNames: Set<String> = [".DS_Store", "Thumbs.db", "desktop.ini", "Icon\r", ".Spotlight-V100", ".Trashes", ".fseventsd"]

    /// The file's text, when it is present and valid UTF-8.
    func text(_ path: String) throws(ExerciseError) -> String {
        guard let bytes = contents[path] else { throw ExerciseError(path, "missing file") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ExerciseError(path, "not valid UTF-8 text")
        }
        return text
    }
}
