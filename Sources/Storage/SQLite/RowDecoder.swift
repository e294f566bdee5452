/// Decodes `Decodable` values from rows: each coding key names a column.
///
/// A key matches its column case-insensitively; when no column has the key's exact name, the
/// snake_case form is tried, so `displayName` reads `display_name`. Properties whose type is
/// `DatabaseValueConvertible` (Int64, String, Date, Data, optionals, ...) use that conversion, so
/// dates are read as seconds since 1970; other single-value types (such as enums with a raw value)
/// decode from the column's value.
public enum RowDecoder {
    /// Decodes one row as `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from row: Row) throws -> T {
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            return try RowDecoder.cast(ColumnDecoder(row: row, column: 0, codingPath: []).decodeConvertible(convertible))
        }
        return try T(from: RowDecoderImplementation(row: row))
    }

    static func cast<T>(_ value: Any) throws -> T {
        guard let typed = value as? T else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "expected \(T.self), found \(type(of: value))"))
        }
        return typed
    }

    /// The snake_case form of a camelCase key: `createdAt` → `created_at`, `videoURL` → `video_url`,
    /// `URLPath` → `url_path`.
    static func columnName(for key: String) -> String {
        let characters = Array(key)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
                    result.append("_")
                }
            }
            result += character.lowercased()
        }
        return result
    }
}

private struct RowDecoderImplementation: Decoder {
    let row: Row
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([DatabaseValue].self, .init(codingPath: [], debugDescription: "rows decode through keyed containers"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ColumnDecoder(row: row, column: 0, codingPath: [])
    }
}

private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        row.columns.names.compactMap { Key(stringValue: $0) }
    }

    func columnIndex(_ key: Key) -> Int? {
        row.columns.index(of: key.stringValue) ?? row.columns.index(of: RowDecoder.columnName(for: key.stringValue))
    }

    func contains(_ key: Key) -> Bool { columnIndex(key) != nil }

    func column(_ key: Key) throws -> ColumnDecoder {
        guard let index = columnIndex(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "no column \(key.stringValue) among \(row.columns.names)"))
        }
        return ColumnDecoder(row: row, column: index, codingPath: [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try column(key).decodeNil()
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try column(key).decode(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(T.self, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "a column holds a single value"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "a column holds a single value"))
    }

    func superDecoder() throws -> any Decoder { RowDecoderImplementation(row: row) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoderImplementation(row: row) }
}

/// Decodes one column's value.
private struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let row: Row
    let column: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var value: DatabaseValue { row[column] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "a column holds a single value"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a column holds a single value"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }

    func decodeConvertible(_ type: any DatabaseValueConvertible.Type) throws -> any DatabaseValueConvertible {
        guard let converted = type.init(databaseValue: value) else {
            let name = row.columns.names.indices.contains(column) ? row.columns.names[column] : "#\(column)"
            throw RowDecodingError(column: name, message: "expected \(type), found \(value.storageClass) \(value)", sql: row.sql)
        }
        return converted
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            return try RowDecoder.cast(decodeConvertible(convertible))
        }
        return try T(from: self)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try typed(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try typed(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try typed(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { Float(try typed(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try typed(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try typed(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try typed(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(UInt64.self) }

    private func typed<T: DatabaseValueConvertible>(_ type: T.Type) throws -> T {
        try RowDecoder.cast(decodeConvertible(T.self))
    }

    private func narrow<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let wide = try typed(Int64.self)
        guard let value = T(exactly: wide) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(wide) does not fit in \(T.self)"))
        }
        return value
    }
}
