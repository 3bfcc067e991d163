import Foundation
import NIOCore
import PostgresNIO
import Testing

@testable import ProactivePostgres

/// Arrays read from PostgreSQL's binary form (`ArrayCell`): what `ArrayColumn` writes, what
/// the server's `array_agg` returns, and cells that are not what their reader expects.
@Suite struct ArrayCellTests {
    private func bytes(_ column: ArrayColumn) -> ByteBuffer {
        var buffer = ByteBuffer()
        column.encode(into: &buffer, context: .default)
        return buffer
    }

    @Test func whatArrayColumnWritesReadsBack() throws {
        let texts: [String?] = [
            "Gelateria", nil, "", "紅燒牛肉 crème brûlée", String(repeating: "z", count: 3000),
        ]
        var text = ArrayColumn(.text)
        for value in texts { text.append(value) }
        #expect(try ArrayCell(bytes(text), of: .text).optionalStrings() == texts)

        let doubles = [0, -1.5, 1e300, 788_918_400.25]
        var float8 = ArrayColumn(.float8)
        for value in doubles { float8.append(value) }
        #expect(try ArrayCell(bytes(float8), of: .float8).doubles() == doubles)

        let ints: [Int64] = [0, -1, .max, .min, 42]
        var int8 = ArrayColumn(.int8)
        for value in ints { int8.append(value) }
        #expect(try ArrayCell(bytes(int8), of: .int8).ints() == ints.map(Int.init))

        var bool = ArrayColumn(.bool)
        for value in [true, false, true] { bool.append(value) }
        #expect(try ArrayCell(bytes(bool), of: .bool).bools() == [true, false, true])

        // An empty array, and SQL NULL (`array_agg` of no rows).
        #expect(try ArrayCell(bytes(ArrayColumn(.text)), of: .text).optionalStrings().isEmpty)
        #expect(try ArrayCell(nil, of: .int8).ints().isEmpty)
    }

    @Test func cellsThatAreNotWhatTheReaderExpectsThrow() throws {
        var ints = ArrayColumn(.int8)
        ints.append(Int64(7))
        // Another element type.
        #expect(throws: ArrayCellError.self) { try ArrayCell(bytes(ints), of: .text) }
        // Cut short: in the header, and in the elements.
        var header = bytes(ints)
        header.moveWriterIndex(to: 10)
        #expect(throws: ArrayCellError.self) { try ArrayCell(header, of: .int8) }
        var elements = bytes(ints)
        elements.moveWriterIndex(to: elements.writerIndex - 3)
        #expect(throws: ArrayCellError.self) { try ArrayCell(elements, of: .int8).ints() }
        // A NULL where none may be.
        var doubles = ArrayColumn(.float8)
        doubles.append(Double?.none)
        #expect(throws: ArrayCellError.self) { try ArrayCell(bytes(doubles), of: .float8).doubles() }
        // Two dimensions.
        var twoDimensions = ByteBuffer()
        for value: Int32 in [2, 0, 20, 1, 1, 1, 1, 8] { twoDimensions.writeInteger(value) }
        twoDimensions.writeInteger(Int64(1))
        #expect(throws: ArrayCellError.self) { try ArrayCell(twoDimensions, of: .int8) }
    }

    /// The server's `array_agg` of each type, read through a prepared statement (whose rows
    /// describe their cells as text although they arrive binary) and an unnamed one.
    @Test(.enabled(if: PostgresStorageTests.isConfigured)) func theServersArrayAggReadsAsItsRows() throws {
        let storage = try #require(try PostgresTestDatabase.make())
        defer { storage.close() }
        let sql = """
            SELECT array_agg(t ORDER BY n), array_agg(i ORDER BY n), array_agg(w ORDER BY n),
              array_agg(d ORDER BY n), array_agg(b ORDER BY n)
            FROM (VALUES (1, 'Café ☕'::text, 9007199254740993::int8, 12::int4, 0.1::float8, true),
              (2, NULL, -3, NULL, -2.5, false), (3, '牛肉', 0, -7, 1e-300, true)) AS v(n, t, i, w, d, b)
            """
        let empty = "SELECT array_agg(n), array_agg(t) FROM (SELECT 1, 'x'::text WHERE false) AS v(n, t)"
        try storage.withSession { session in
            for rows in [
                try session.read(PostgresStatement(stringLiteral: sql), while: "testing"),
                try session.query(PostgresQuery(unsafeSQL: sql), while: "testing").rows,
            ] {
                var r = RowReader(try #require(rows.first))
                #expect(try ArrayCell(r.bytes(), of: .text).optionalStrings() == ["Café ☕", nil, "牛肉"])
                #expect(try ArrayCell(r.bytes(), of: .int8).ints() == [9_007_199_254_740_993, -3, 0])
                #expect(try ArrayCell(r.bytes(), of: .int4).optionalInt32s() == [12, nil, -7])
                #expect(try ArrayCell(r.bytes(), of: .float8).doubles() == [0.1, -2.5, 1e-300])
                #expect(try ArrayCell(r.bytes(), of: .bool).bools() == [true, false, true])
            }
            var r = RowReader(
                try #require(
                    try session.read(PostgresStatement(stringLiteral: empty), while: "testing").first))
            #expect(try ArrayCell(r.bytes(), of: .int4).optionalInt32s().isEmpty)
            #expect(try ArrayCell(r.bytes(), of: .text).optionalStrings().isEmpty)
        }
    }
}
