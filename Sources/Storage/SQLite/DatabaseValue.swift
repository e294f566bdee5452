import Foundation

/// A value as SQLite stores it: one of its five storage classes.
public enum DatabaseValue: Sendable, Equatable, Hashable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// True for SQL NULL.
    public var isNull: Bool { self == .null }

    /// The storage class name used in error messages: NULL, INTEGER, REAL, TEXT or BLOB.
    public var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }

    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'\(value)'"
        case .blob(let bytes): "<\(bytes.count) bytes>"
        }
    }
}

/// A Swift type that can be bound to a statement parameter and read back from a column.
///
/// Reading fails (returns nil) when the stored value cannot represent the type exactly,
/// for example a REAL 1.5 read as `Int64` or a TEXT read as `Double`.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }
    /// Converts a stored value, or returns nil when it has the wrong storage class or is out of range.
    init?(databaseValue: DatabaseValue)
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .integer(let value): self = value
        case .real(let value): self.init(exactly: value)
        default: return nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public init?(databaseValue: DatabaseValue) {
        guard let value = Int64(databaseValue: databaseValue) else { return nil }
        self.init(exactly: value)
    }
}

extension Int32: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public init?(databaseValue: DatabaseValue) {
        guard let value = Int64(databaseValue: databaseValue) else { return nil }
        self.init(exactly: value)
    }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    public init?(databaseValue: DatabaseValue) {
        guard case .integer(let value) = databaseValue else { return nil }
        self = value != 0
    }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
    public init?(databaseValue: DatabaseValue) {
        guard case .text(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
    public var databaseValue: DatabaseValue { .blob(self) }
    public init?(databaseValue: DatabaseValue) {
        guard case .blob(let bytes) = databaseValue else { return nil }
        self = bytes
    }
}

extension Data: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .blob([UInt8](self)) }
    public init?(databaseValue: DatabaseValue) {
        guard case .blob(let bytes) = databaseValue else { return nil }
        self.init(bytes)
    }
}

/// Dates are stored as seconds since 1970-01-01 UTC (REAL, so sub-second precision survives).
extension Date: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(timeIntervalSince1970) }
    public init?(databaseValue: DatabaseValue) {
        guard let seconds = Double(databaseValue: databaseValue) else { return nil }
        self.init(timeIntervalSince1970: seconds)
    }
}

/// `nil` binds NULL; NULL reads as `nil`.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
    public init?(databaseValue: DatabaseValue) {
        if databaseValue.isNull {
            self = .none
        } else if let value = Wrapped(databaseValue: databaseValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
