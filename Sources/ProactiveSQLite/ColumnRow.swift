import GRDB
import GRDBSQLite

/// A row whose columns are read by index: GRDB's `Row`, or a ``ColumnRow``.
protocol ColumnValues {
    /// The number of columns.
    var count: Int { get }
    /// The value of a column, converted (a crash when it cannot be, as with `Row`).
    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value { get }
}

extension Row: ColumnValues {}

/// The row a statement is on, its columns read by index straight from SQLite.
///
/// GRDB's row cursors build a dictionary of the statement's column names, lowercased, each
/// time a statement runs, with rows or without: about 2 % of a daemon's CPU on computed
/// suggestion lists, whose reads mostly find no row (nothing new since the last request).
/// Valid only while the statement stays on that row.
struct ColumnRow: ColumnValues {
    let sqliteStatement: SQLiteStatement
    let count: Int

    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        let value = DatabaseValue(sqliteStatement: sqliteStatement, index: CInt(index))
        guard let decoded = Value.fromDatabaseValue(value) else { Self.mismatch(Value.self, index, value) }
        return decoded
    }

    /// The value of a column, read straight from SQLite (the overload a concrete row's reader
    /// takes for integers, reals, text and blobs).
    subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ index: Int) -> Value {
        guard let decoded = Value.fromStatement(sqliteStatement, atUncheckedIndex: CInt(index)) else {
            Self.mismatch(
                Value.self, index, DatabaseValue(sqliteStatement: sqliteStatement, index: CInt(index)))
        }
        return decoded
    }

    private static func mismatch(_ type: Any.Type, _ index: Int, _ value: DatabaseValue) -> Never {
        fatalError("could not decode \(type) from column \(index), \(value)")
    }
}

/// A cursor over a statement's rows as ``ColumnRow``s.
final class ColumnCursor: DatabaseCursor {
    typealias Element = ColumnRow
    let _statement: Statement
    var _isDone = false
    private let count: Int

    /// Binds `arguments` to `statement` (which resets it) for iterating its rows at once.
    init(_ statement: Statement, arguments: StatementArguments) throws {
        _statement = statement
        count = statement.columnCount
        try statement.setArguments(arguments)
    }

    deinit {
        // Leaves the statement idle when it was not read to its end (a step's error, if any,
        // was thrown already).
        sqlite3_reset(_statement.sqliteStatement)
    }

    func _element(sqliteStatement: SQLiteStatement) -> ColumnRow {
        ColumnRow(sqliteStatement: sqliteStatement, count: count)
    }
}
