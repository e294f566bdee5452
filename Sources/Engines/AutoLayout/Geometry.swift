/// A width and a height in points.
public struct LayoutSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT` (`320x568`, as `--size` takes it): two non-negative numbers of at
    /// most 1,000,000 points; `nil` for anything else.
    public init?(parsing text: String) {
        var scanner = LineScanner(Substring(text), line: 1)
        guard let width = scanner.number(signed: false), scanner.consume("x"),
              let height = scanner.number(signed: false), scanner.atEnd,
              width.value <= LayoutLimits.default.maxMagnitude, height.value <= LayoutLimits.default.maxMagnitude else {
            return nil
        }
        self.init(width: width.value, height: height.value)
    }

    /// The size along one axis: width for horizontal, height for vertical.
    public subscript(axis: LayoutAxis) -> Double {
        axis == .horizontal ? width : height
    }

    /// `320x568`, the form the layout text format uses.
    public var description: String { "\(formatPoints(width))x\(formatPoints(height))" }
}

/// A rectangle in points, origin at the top-left corner (as `UIView.frame`).
public struct LayoutRect: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: LayoutSize { LayoutSize(width: width, height: height) }

    /// `(20, 20, 54, 21)`: origin then size, as UIKit prints a frame.
    public var description: String {
        "(\(formatPoints(x)), \(formatPoints(y)), \(formatPoints(width)), \(formatPoints(height)))"
    }
}

/// Which way text runs; decides where leading and trailing are.
public enum LayoutDirection: String, Sendable, Equatable, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// Formats a point value for people: integers without a fraction, others with at most
/// three decimals (trailing zeros dropped), and `-0` printed as `0`.
func formatPoints(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        return String(Int64(rounded))
    }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
