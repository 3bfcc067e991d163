import Foundation
import GRDB
import ProactiveStorage
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// The embedded store's reading of a long prefix apart: the rows its first five characters
/// find, tested in their text, are those FTS5 matches.
@Suite struct SQLiteLongPrefixTests {
    static let vocabulary = [
        "activity", "activities", "Activité", "activity-log", "reactivity", "NSUserActivity", "inactive",
        "act", "actor", "Aktivität", "activ", "common", "report", "reports", "reporting", "l'activité",
        "东京", "ACTIVITY", "activityType", "the", "de",
    ]

    @Test func longPrefixesReadApartMatchAsFTS5Matches() throws {
        let storage = try SQLiteStorage()
        var rng = SystemRandomNumberGenerator()
        func text(_ count: Int) -> String {
            (0..<count).map { _ in Self.vocabulary.randomElement(using: &rng)! }.joined(separator: " ")
        }
        try storage.write { tx in
            for i in 0..<400 {
                var draft = Fixture.item("com.a", "i\(i)", text(Int.random(in: 1...4, using: &rng)))
                draft.indexedText.description = IndexText.indexForm(text(Int.random(in: 0...6, using: &rng)))
                draft.indexedText.keywords = IndexText.indexForm(text(Int.random(in: 0...2, using: &rng)))
                try tx.upsertEntry(draft)
            }
        }
        let queries: [[(text: String, isPrefix: Bool)]] = [
            [("activit", true)], [("common", false), ("activit", true)], [("activity", true)],
            [("report", false), ("reporti", true)], [("de", false), ("activite", true)],
            [("aktivit", true), ("the", false)], [("activityt", true)], [("reportx", true)],
        ]
        var checked = 0
        for words in queries {
            let (apart, fts5) = try storage.read { tx in
                let tx = try #require(tx as? SQLiteTransaction)
                return (
                    try tx.matchingIDsCheckingLongPrefixes(words, atMost: 10_000, fromPages: 0),
                    try Int64.fetchAll(
                        tx.db, sql: "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ?",
                        arguments: [FullTextQuery.expression(words)])
                )
            }
            if let apart {
                #expect(apart == fts5, "\(words)")
                checked += 1
            }
        }
        // Each query's cut form finds at most 500 of the 400 rows: every one is read apart.
        #expect(checked == queries.count)
        // Few words start with the prefix: FTS5 gathers them itself.
        let declined = try storage.read { tx in
            try #require(tx as? SQLiteTransaction).matchingIDsCheckingLongPrefixes(
                [("activit", true)], atMost: 10_000)
        }
        #expect(declined == nil)
    }
}
