/// The column names of a result set and a case-insensitive lookup from name to index,
/// shared by every row of one statement.
public final class ColumnIndex: Sendable {
    /// Column names in result order.
    public let names: [String]
    private let positions: [String: Int]

    init(names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            let key = name.lowercased()
            if positions[key] == nil { positions[key] = index }   // the leftmost column wins, as in SQL
        }
        self.positions = positions
    }

    /// The index of the leftmost column with this name (ASCII case-insensitive), or nil.
    public func index(of name: String) -> Int? {
        positions[name.lowercased()]
    }
}

/// Why a column could not be read as the requested type.
public struct RowDecodingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The column name (or `#index` when reading by an index that has no column).
    public let column: String
    /// What went wrong, e.g. "expected Int64, found TEXT 'abc'".
    public let message: String
    /// The statement the row came from, when known.
    public let sql: String?

    public var description: String {
        var text = "column \(column): \(message)"
        if let sql { text += " in \"\(sql)\"" }
        return text
    }
}

/// One result row: a copy of its values, readable by index or by column name.
///
/// ```swift
/// let title: String = try row.get("title")
/// let dueAt: Date? = try row.get(3)
/// ```
public struct Row: Sendable, Equatable, CustomStringConvertible {
    /// The values, in column order.
    public let values: [DatabaseValue]
    /// The column names shared with the other rows of the same statement.
    public let columns: ColumnIndex
    let sql: String?

    init(values: [DatabaseValue], columns: ColumnIndex, sql: String?) {
        self.values = values
        self.columns = columns
        self.sql = sql
    }

    /// Number of columns.
    public var count: Int { values.count }

    /// The raw value at a column index, or NULL when the index is out of range.
    public subscript(index: Int) -> DatabaseValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// The raw value of a column, or nil when the row has no such column.
    public subscript(name: String) -> DatabaseValue? {
        columns.index(of: name).map { values[$0] }
    }

    /// True when the row has a column with this name.
    public func hasColumn(_ name: String) -> Bool { columns.index(of: name) != nil }

    /// Reads the value at a column index as `T`.
    public func get<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type = T.self) throws(RowDecodingError) -> T {
        guard values.indices.contains(index) else {
            throw RowDecodingError(column: "#\(index)", message: "no such column (the row has \(values.count))", sql: sql)
        }
        return try convert(values[index], column: columns.names[index])
    }

    /// Reads the value of a named column as `T`.
    public func get<T: DatabaseValueConvertible>(_ name: String, as type: T.Type = T.self) throws(RowDecodingError) -> T {
        guard let index = columns.index(of: name) else {
            throw RowDecodingError(column: name, message: "no such column among \(columns.names)", sql: sql)
        }
        return try convert(values[index], column: name)
    }

    private func convert<T: DatabaseValueConvertible>(_ value: DatabaseValue, column: String) throws(RowDecodingError) -> T {
        guard let converted = T(databaseValue: value) else {
            throw RowDecodingError(column: column, message: "expected \(T.self), found \(value.storageClass) \(value)", sql: sql)
        }
        return converted
    }

    public var description: String {
        "[" + zip(columns.names, values).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }

    public static func == (lhs: Row, rhs: Row) -> Bool {
        lhs.values == rhs.values && lhs.columns.names == rhs.columns.names
    }
}
