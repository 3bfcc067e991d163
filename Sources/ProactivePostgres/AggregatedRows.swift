import NIOCore
import PostgresNIO

/// Rows that a statement returned aggregated into one row of arrays
/// (``PostgresStatement/aggregated(columns:)``), read row by row as ``RowReader`` reads them.
///
/// Each column's array is split into its elements' bytes once; a row's values are then decoded
/// from those as postgres-nio decodes a cell's, by the elements' type, without a `PostgresCell`
/// (and its copy of the column's description) for each value.
final class AggregatedRows: Sendable {
    /// Each column's elements, `nil` for NULL.
    private let columns: [[ByteBuffer?]]
    /// Each column's element type.
    private let types: [PostgresDataType]
    /// How many rows there are.
    let count: Int

    /// The rows of a result that has at most one row, of arrays of equal lengths (no row, or
    /// NULL arrays from `array_agg` of no rows: no rows).
    init(_ result: [PostgresRow]) throws {
        guard let row = result.first else {
            (columns, types, count) = ([], [], 0)
            return
        }
        var columns: [[ByteBuffer?]] = []
        var types: [PostgresDataType] = []
        for cell in row {
            let array = try ArrayCell(cell.bytes)
            columns.append(try array.buffers())
            types.append(PostgresDataType(array.elementType))
        }
        let count = columns.first?.count ?? 0
        guard columns.allSatisfy({ $0.count == count }) else {
            throw ArrayCellError("aggregated columns of unequal lengths")
        }
        (self.columns, self.types, self.count) = (columns, types, count)
    }

    /// The value of a row's column.
    func value<T: PostgresDecodable>(_ type: T.Type, row: Int, column: Int) throws -> T {
        guard column < columns.count else { throw RowReaderError() }
        var bytes = columns[column][row]
        return try T._decodeRaw(from: &bytes, type: types[column], format: .binary, context: .default)
    }

    /// The bytes of a row's column, `nil` for NULL.
    func bytes(row: Int, column: Int) throws -> ByteBuffer? {
        guard column < columns.count else { throw RowReaderError() }
        return columns[column][row]
    }
}
