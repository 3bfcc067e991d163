import Foundation
import ProactiveModel
import Testing

@Suite struct SearchQueryExpressionTests {
    static let now = Date(timeIntervalSince1970: 1_795_262_400)

    func attributes(_ values: [String: [SearchQueryExpression.Value]]) -> (String) -> [SearchQueryExpression
        .Value]
    {
        { name in name == "**" ? values.values.flatMap { $0 } : values[name] ?? [] }
    }

    let restaurant: [String: [SearchQueryExpression.Value]] = [
        "title": [.string("Restaurant Le Café")], "city": [.string("Paris")], "rating": [.number(4)],
        "keywords": [.string("dîner"), .string("bistro")],
        "lastUsedDate": [.date(Date(timeIntervalSince1970: 1_795_262_400 - 3600))],
    ]

    @Test(arguments: [
        (#"title == "rest*"cd && city == "Paris""#, true),
        (#"title == "rest*" && city == "Paris""#, false),
        (#"title == "*cafe"cd"#, true),
        (#"title == "*cafe"c"#, false),
        (#"InRange(rating, 3, 5)"#, true),
        (#"InRange(rating, 4.5, 5)"#, false),
        (#"city == "Lyon" || keywords == "diner"cd"#, true),
        (#"!(city == "Paris")"#, false),
        (#"city != "Lyon""#, true),
        (#"keywords == "bis*""#, true),
        (#"title == "le"cw"#, true),
        (#"title == "rest caf"cdt"#, true),
        (#"rating >= 4 && rating < 5"#, true),
        (#"lastUsedDate > $time.now(-7200)"#, true),
        (#"lastUsedDate > $time.now(-60)"#, false),
        (#"lastUsedDate >= $time.today"#, true),
        (#"** == "paris"c"#, true),
        (#"missing == "x""#, false),
    ])
    func evaluates(query: String, expected: Bool) throws {
        let expression = try SearchQueryExpression(parsing: query)
        #expect(expression.matches(now: Self.now, attributes: attributes(restaurant)) == expected)
    }

    @Test(arguments: [
        #"title == "unterminated"#, "title ~ 3", "(title == \"a\"", "title == \"a\" &&", "== \"a\"",
        "title == \"a\"x",
        "InRange(rating, 1)", "title == $time.tomorrow", "", String(repeating: "(", count: 500),
        // Found by the fuzzer: a day count beyond Int trapped.
        "InRange(888e, $time.today(-3),$time.today(-1e308))", "lastUsedDate > $time.today(1.5)",
        "lastUsedDate > $time.today(100001)",
        // Bounds the wrong way round, and numbers that are not.
        "InRange(rating, 5, 1)", "InRange(lastUsedDate, $time.today(0), $time.today(-1))",
        #"InRange(title, "b", "a")"#, "rating > 1e400", "rating > 1-2", "rating > 1.2.3",
    ])
    func rejectsBadSyntax(query: String) {
        #expect(throws: SearchQuerySyntaxError.self) { try SearchQueryExpression(parsing: query) }
    }

    /// The messages of a number out of range, one that is not a number, and reversed bounds
    /// say what is wrong, where.
    @Test func badNumbersAndReversedBoundsSayWhy() {
        for (query, offset, words) in [
            ("rating > 1e400", 9, "out of range"), ("rating > 1-2", 9, "1-2 is not a number"),
            ("InRange(rating, 5, 1)", 16, "lower bound is above its upper bound"),
        ] {
            do {
                _ = try SearchQueryExpression(parsing: query)
                Issue.record("\(query) parsed")
            } catch {
                #expect(error.offset == offset, "\(query): \(error)")
                #expect(error.description.contains(words), "\(query): \(error)")
            }
        }
        #expect(throws: Never.self) {
            try SearchQueryExpression(parsing: "InRange(rating, 1, 1) && rating > -2.5e2")
        }
    }

    @Test func syntaxErrorSaysWhere() {
        do {
            _ = try SearchQueryExpression(parsing: #"city == "Paris" && title ~ "x""#)
        } catch {
            #expect(error.offset == 25)
            #expect(error.description.contains("comparison operator"))
        }
    }

    /// Found by the query fuzz target: the position counted Unicode scalars, so after a letter
    /// with a combining accent it pointed past the end of the text the user typed.
    @Test func syntaxErrorCountsCharactersNotScalars() {
        let query = "title == \"cafe\u{301}\" ~ 1"
        do {
            _ = try SearchQueryExpression(parsing: query)
            Issue.record("parsed")
        } catch {
            #expect(error.offset == 16)
            #expect(error.offset <= query.count)
        }
    }
}
