import Foundation
import GRDB
import ProactivePostgres
import ProactiveStorage
import ProactiveText
import Testing

/// PostgreSQL's index holds the words Swift finds in a text (`SearchLexemes`); SQLite's holds
/// the words FTS5's tokenizer finds in the same index form. Searches agree across backends only
/// if both find the same words: compared here on random multilingual text.
@Suite struct LexemesMatchFTS5Tests {
    static let samples = [
        "Café", "Straße", "ÉCOLE", "école", "d’été", "l'hôtel", "naïve", "Ærø", "œuvre", "São", "João",
        "Zürich", "Größe", "città", "perché", "ação", "coração", "Über", "東京タワー", "北京烤鸭", "我們在台北見面",
        "ラーメン", "한국어", "2026", "3.5", "a_b-c.d", "e\u{301}", "Ｆｕｌｌ", "ｗｉｄｔｈ", "Αθήνα", "Москва",
        "—", "«quoted»", "🍣", "sushi", "e-mail", "x@y.z", "#tag", "50%", "naïveté", "Ελληνικά",
        "déjà", "vu", "ﬁne", "İstanbul", "ß", "ĳssel", "Ångström", "nº", "½", "①", "Ⅻ", "ª",
    ]

    @Test func swiftFindsTheWordsFTS5Finds() throws {
        let db = try DatabaseQueue()
        try db.write { db in
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE t USING fts5(
                      x, tokenize="unicode61 remove_diacritics 2 categories 'L* N* Mn Mc Me'", detail=none);
                    CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row');
                    """)
        }
        var rng = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                Self.samples.randomElement(using: &rng)!
            }.joined(separator: Bool.random(using: &rng) ? " " : ", ")
            let indexed = IndexText.indexForm(text)
            let fts5 = try db.write { db -> Set<String> in
                try db.execute(sql: "DELETE FROM t")
                try db.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [indexed])
                return Set(try String.fetchAll(db, sql: "SELECT term FROM v"))
            }
            let swift = Set(SearchLexemes.words(IndexedText(title: indexed), key: "").all)
            if fts5 != swift {
                mismatches.append(
                    "\(text): FTS5 \(fts5.subtracting(swift).sorted()) Swift \(swift.subtracting(fts5).sorted())"
                )
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).joined(separator: "\n"))")
    }
}
