/// One problem in a layout document: where it is and what was expected.
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    public let location: SourceLocation
    public let message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `LINE:COL: message`, e.g. `3:14: unknown view 'thng1' (did you mean 'thing1'?)`.
    public var description: String { "\(location): \(message)" }
}

/// Every problem found in a rejected document, in source order.
public struct LayoutErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public let errors: [LayoutError]

    public init(_ errors: [LayoutError]) {
        self.errors = errors.sorted { $0.location < $1.location }
    }

    /// One `LINE:COL: message` per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }

    /// Each error followed by its source line and a caret under the column, as a compiler prints it.
    public func rendered(source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for error in errors {
            out.append(error.description)
            let index = error.location.line - 1
            guard lines.indices.contains(index) else { continue }
            let text = String(lines[index]).replacingTabs()
            out.append("    " + text)
            let pad = String(repeating: " ", count: max(0, min(error.location.column - 1, text.unicodeScalars.count)))
            out.append("    " + pad + "^")
        }
        return out.joined(separator: "\n")
    }
}

private extension String {
    /// Tabs become single spaces so the caret line stays aligned by column.
    func replacingTabs() -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(scalar == "\t" ? " " : scalar)
        }
        if result.last == "\r" { result.removeLast() }
        return String(result)
    }
}

/// Size limits on a layout document, so that no input can make parsing or solving unbounded.
public struct LayoutLimits: Sendable, Equatable {
    /// Largest document in UTF-8 bytes.
    public var maxBytes: Int
    /// Most lines.
    public var maxLines: Int
    /// Most characters on one line.
    public var maxLineLength: Int
    /// Most views and guides.
    public var maxItems: Int
    /// Most constraints after expanding VFL.
    public var maxConstraints: Int
    /// Largest magnitude of any number (sizes, constants, metrics, multipliers).
    public var maxMagnitude: Double
    /// Most errors reported before giving up.
    public var maxErrors: Int
    /// Most conflicts whose minimal set of conflicting constraints a solve computes (each costs a
    /// few scratch solves); further required constraints that cannot hold are broken without that
    /// analysis and reported together in one summary conflict.
    public var maxAnalyzedConflicts: Int
    /// Most simplex pivots one solve may make (each of its solver runs); a solve that reaches it
    /// stops there and says so in `LayoutResult.reachedPivotLimit`.
    public var maxPivots: Int

    public init(maxBytes: Int = 256 * 1024, maxLines: Int = 5_000, maxLineLength: Int = 2_000, maxItems: Int = 500,
                maxConstraints: Int = 5_000, maxMagnitude: Double = 1e6, maxErrors: Int = 50,
                maxAnalyzedConflicts: Int = 10, maxPivots: Int = 5_000_000) {
        self.maxBytes = maxBytes
        self.maxLines = maxLines
        self.maxLineLength = maxLineLength
        self.maxItems = maxItems
        self.maxConstraints = maxConstraints
        self.maxMagnitude = maxMagnitude
        self.maxErrors = maxErrors
        self.maxAnalyzedConflicts = maxAnalyzedConflicts
        self.maxPivots = maxPivots
    }

    public static let `default` = LayoutLimits()
}
