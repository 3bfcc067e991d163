import GRDB
import ProactiveStorage

extension SQLiteMigrations {
    /// v23: the index form of text written before Traditional Chinese characters were folded to
    /// Simplified ones (`SimplifiedChinese`) is folded in place, so that queries, which are
    /// folded too, find it. Only rows whose index text has a character to fold are rewritten:
    /// their old text leaves both full-text indexes and the new text enters them, as a write of
    /// the store does (``DeferredIndex``), and an entry's document is stored again beside its new
    /// text (see ``StoredText/Format/documentsBesideText``). Public entries likewise.
    static func foldTraditionalChinese(_ db: Database) throws {
        try foldEntries(db)
        try foldPublicEntries(db)
    }

    /// How many rows are read at a time.
    private static let batch = 1_000

    /// Whether some column of `columns` may hold a character to fold (is not plain ASCII).
    private static func mayHoldCJK(_ columns: [String]) -> String {
        columns.map { "typeof(\($0)) = 'blob' OR \($0) GLOB '*[^ -~]*'" }.joined(separator: " OR ")
    }

    private static func foldEntries(_ db: Database) throws {
        let index = DeferredIndex()
        let select = try db.makeStatement(
            sql: """
                SELECT id, payload, \(DeferredIndex.columns) FROM entry
                WHERE id > ? AND (\(mayHoldCJK(["ftsTitle", "ftsKeywords", "ftsDescription", "ftsAddress"])))
                ORDER BY id LIMIT \(batch)
                """)
        let update = try db.makeStatement(
            sql: """
                UPDATE entry SET payload = ?, ftsTitle = ?, ftsKeywords = ?, ftsDescription = ?, ftsAddress = ?
                WHERE id = ?
                """)
        var after: Int64 = 0
        while true {
            let rows = try Row.fetchAll(select, arguments: [after])
            guard let last = rows.last else { break }
            after = last[0]
            for row in rows {
                let old = try IndexedText(row: row, columnsFrom: 2)
                guard let new = old.foldingTraditionalChinese else { continue }
                let id: Int64 = row[0]
                let document = try StoredText.text(
                    row[1] as DatabaseValue, companion: StoredText.companion(row, columns: 2..<6))
                let forms = SQLiteTransaction.storedForms(new)
                try index.removeIndexedText(id: id, text: old, db)
                try update.execute(
                    arguments: [
                        StoredText.documentValue(document, companion: StoredText.companion(forms)), forms[0],
                        forms[1], forms[2], forms[3], id,
                    ])
                index.enqueue(id)
            }
            try index.flush(db)
        }
    }

    private static func foldPublicEntries(_ db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, ftsTitle, ftsKeywords, ftsDescription, contributors FROM publicEntry
                WHERE \(mayHoldCJK(["ftsTitle", "ftsKeywords", "ftsDescription"]))
                """)
        for row in rows {
            let old = IndexedText(title: row[1], keywords: row[2], description: row[3])
            guard let new = old.foldingTraditionalChinese else { continue }
            // An entry without contributors is not in the index (see `refreshPublicEntry`).
            let indexed = (row[4] as Int) > 0
            if indexed {
                try db.execute(
                    sql: """
                        INSERT INTO publicEntry_fts (publicEntry_fts, rowid, ftsTitle, ftsKeywords, ftsDescription)
                        VALUES ('delete', ?, ?, ?, ?)
                        """, arguments: [row[0], old.title, old.keywords, old.description])
                try db.execute(
                    sql: "INSERT OR IGNORE INTO searchIndexPurge (indexName) VALUES ('publicEntry_fts')")
            }
            try db.execute(
                sql: "UPDATE publicEntry SET ftsTitle = ?, ftsKeywords = ?, ftsDescription = ? WHERE id = ?",
                arguments: [new.title, new.keywords, new.description, row[0]])
            if indexed {
                try db.execute(
                    sql: """
                        INSERT INTO publicEntry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription)
                        VALUES (?, ?, ?, ?)
                        """, arguments: [row[0], new.title, new.keywords, new.description])
            }
        }
    }
}
