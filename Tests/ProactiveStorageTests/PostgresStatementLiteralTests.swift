import Foundation
import PostgresNIO
import Testing

@testable import ProactivePostgres

/// A statement planned for its values runs unnamed with them written into its text
/// (`PostgresStatement.literalQuery`): each value reads back as it was bound, hostile text
/// included, and no `plan_cache_mode` is set around it.
@Suite struct PostgresStatementLiteralTests {
    static let hostile = [
        "it's", "\\", "\\'", "'; DROP TABLE entry; --", "E'\\x41'", "$1 $$ $2", "Café ☕ 牛肉", "", "\\\\''",
    ]

    @Test func valuesAreWrittenAsLiteralsOfTheirType() throws {
        let statement: PostgresStatement =
            "SELECT \("it's \\ x"), \(Int64(-5)), \(Int32(7)), \(true), \(0.25), \(String?.none), \(Int?.none)"
        let query = try #require(statement.literalQuery)
        #expect(
            query.sql
                == "SELECT (E'it''s \\\\ x'::TEXT), ('-5'::BIGINT), ('7'::INTEGER), true, ('0.25'::DOUBLE PRECISION), (NULL::TEXT), (NULL::BIGINT)"
        )
        #expect(query.binds.count == 0)
    }

    @Test func valuesNotWrittenSoLeaveNoLiteralQuery() {
        let array: PostgresStatement = "SELECT \(["a", "b"])"
        #expect(array.literalQuery == nil)
        let nul: PostgresStatement = "SELECT \("a\u{0}b")"
        #expect(nul.literalQuery == nil)
        let infinite: PostgresStatement = "SELECT \(Double.infinity)"
        #expect(infinite.literalQuery == nil)
    }

    @Test(.enabled(if: PostgresStorageTests.isConfigured))
    func aCustomPlannedStatementReadsItsValuesBackWithoutSettingThePlanMode() throws {
        let storage = try #require(try PostgresTestDatabase.make())
        defer { storage.close() }
        try storage.withSession { session in
            for text in Self.hostile {
                let statement: PostgresStatement = """
                    SELECT current_setting('plan_cache_mode'), \(text), \(text) = \(text), \(Int64.min), \(String?.none)
                    """
                let rows = try session.read(statement.withCustomPlan(), while: "testing")
                var r = RowReader(try #require(rows.first))
                #expect(try r.next(String.self) == "force_generic_plan")
                #expect(try r.next(String.self) == text)
                #expect(try r.next(Bool.self))
                #expect(try r.next(Int64.self) == .min)
                #expect(try r.next(String?.self) == nil)
            }
            // Values not written as literals: `plan_cache_mode` is set around the statement.
            let arrayStatement: PostgresStatement =
                "SELECT current_setting('plan_cache_mode'), array_length(\(Self.hostile), 1)"
            let rows = try session.read(arrayStatement.withCustomPlan(), while: "testing")
            var r = RowReader(try #require(rows.first))
            #expect(try r.next(String.self) == "force_custom_plan")
            #expect(try r.next(Int32.self) == Int32(Self.hostile.count))
            // And reset after it.
            let after = try session.read("SELECT current_setting('plan_cache_mode')", while: "testing")
            var a = RowReader(try #require(after.first))
            #expect(try a.next(String.self) == "force_generic_plan")
        }
    }
}
