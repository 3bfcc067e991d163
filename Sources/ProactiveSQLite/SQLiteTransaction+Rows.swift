import GRDB

extension SQLiteTransaction {
    /// Every row of a query, each made into a value while the statement is on it.
    ///
    /// `Row.fetchAll` copies each row into `DatabaseValue`s and decodes them again through
    /// generic conversions (a quarter of a suggestion request's time went there); a cursor's row
    /// reads each column straight from SQLite. The statement is prepared once per connection and
    /// SQL text (`cachedStatement`). `transform` must not keep the row.
    func rows<Value>(
        _ sql: String, _ arguments: StatementArguments = [], _ transform: (ColumnRow) throws -> Value
    ) throws -> [Value] {
        let cursor = try ColumnCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var values: [Value] = []
        while let row = try cursor.next() { values.append(try transform(row)) }
        return values
    }

    /// The first row of a query made into a value, or `nil` when there is none (see
    /// ``rows(_:_:_:)``).
    func firstRow<Value>(
        _ sql: String, _ arguments: StatementArguments = [], _ transform: (ColumnRow) throws -> Value
    ) throws -> Value? {
        let cursor = try ColumnCursor(db.cachedStatement(sql: sql), arguments: arguments)
        return try withExtendedLifetime(cursor) { try cursor.next().map(transform) }
    }
}
