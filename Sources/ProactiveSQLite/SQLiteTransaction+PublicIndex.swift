import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    // MARK: Writing

    public func contributePublic(_ contribution: PublicContribution, contributor: Data) throws {
        let entryID = try publicEntryID(for: contribution.key)
        try db.cachedStatement(
            sql: """
                INSERT INTO publicContribution (entryId, contributor, engaged, activityType, title,
                  description, keywords, url, thumbnail, userInfo)
                VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (entryId, contributor) DO UPDATE SET engaged = 0,
                  activityType = excluded.activityType, title = excluded.title,
                  description = excluded.description, keywords = excluded.keywords, url = excluded.url,
                  thumbnail = excluded.thumbnail, userInfo = excluded.userInfo
                """
        ).execute(arguments: [
            entryID, contributor, contribution.activityType, contribution.title, contribution.description,
            contribution.keywords, contribution.url, contribution.thumbnail, contribution.userInfo,
        ])
        try refreshPublicEntry(entryID)
    }

    public func engagePublic(entryID: Int64, contributor: Data) throws -> Bool {
        guard
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM publicEntry WHERE id = ?"), arguments: [entryID])
                ?? false
        else { return false }
        try db.cachedStatement(
            sql: """
                INSERT INTO publicContribution (entryId, contributor, engaged) VALUES (?, ?, 1)
                ON CONFLICT (entryId, contributor) DO NOTHING
                """
        ).execute(arguments: [entryID, contributor])
        try refreshPublicEntry(entryID)
        return true
    }

    public func withdrawPublicContributions(contributor: Data, keeping: Set<PublicEntryKey>) throws {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT p.id, p.app, p.key FROM publicContribution c JOIN publicEntry p ON p.id = c.entryId
                    WHERE c.contributor = ? AND NOT c.engaged
                    """), arguments: [contributor])
        for row in rows where !keeping.contains(PublicEntryKey(app: row[1], key: row[2])) {
            try withdraw(contributor, from: row[0])
        }
    }

    public func withdrawPublicEngagements(contributor: Data, app: String?) throws {
        let ids = try Int64.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT p.id FROM publicContribution c JOIN publicEntry p ON p.id = c.entryId
                    WHERE c.contributor = ? AND c.engaged AND (? IS NULL OR p.app = ?)
                    """), arguments: [contributor, app, app])
        for entryID in ids { try withdraw(contributor, from: entryID) }
    }

    /// Removes one contribution and recounts its entry.
    private func withdraw(_ contributor: Data, from entryID: Int64) throws {
        try db.cachedStatement(sql: "DELETE FROM publicContribution WHERE entryId = ? AND contributor = ?")
            .execute(arguments: [entryID, contributor])
        try refreshPublicEntry(entryID)
    }

    /// The public entry of a key, created empty when there is none.
    private func publicEntryID(for key: PublicEntryKey) throws -> Int64 {
        if let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM publicEntry WHERE app = ? AND key = ?"),
            arguments: [key.app, key.key])
        {
            return id
        }
        try db.cachedStatement(sql: "INSERT INTO publicEntry (app, key) VALUES (?, ?)")
            .execute(arguments: [key.app, key.key])
        return db.lastInsertedRowID
    }

    /// Recounts a public entry's contributors and takes the most common value of each field
    /// (its index with them); removes the entry when no one contributes any more.
    private func refreshPublicEntry(_ entryID: Int64) throws {
        guard
            let entry = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT app, key, ftsTitle, ftsKeywords, ftsDescription, contributors
                        FROM publicEntry WHERE id = ?
                        """),
                arguments: [entryID])
        else { return }
        let key = PublicEntryKey(app: entry[0], key: entry[1])
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT engaged, activityType, title, description, keywords, url, thumbnail, userInfo
                    FROM publicContribution WHERE entryId = ?
                    """), arguments: [entryID])
        // The old text leaves the index (an external-content FTS5 table is told what it held;
        // an entry without contributors was never indexed, and deleting from an FTS5 index what
        // it does not hold damages it).
        if (entry[5] as Int) > 0 {
            try db.cachedStatement(
                sql: """
                    INSERT INTO publicEntry_fts (publicEntry_fts, rowid, ftsTitle, ftsKeywords, ftsDescription)
                    VALUES ('delete', ?, ?, ?, ?)
                    """
            ).execute(arguments: [entryID, entry[2], entry[3], entry[4]])
            // Its words stay in the index's older segments until they are merged.
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO searchIndexPurge (indexName) VALUES ('publicEntry_fts')"
            ).execute()
        }
        guard !rows.isEmpty else {
            try db.cachedStatement(sql: "DELETE FROM publicEntry WHERE id = ?").execute(arguments: [entryID])
            return
        }
        let fields = PublicContribution.consensus(
            of: rows.filter { !($0[0] as Bool) }.map { row in
                PublicContribution(
                    key: key, activityType: row[1], title: row[2], description: row[3], keywords: row[4],
                    url: row[5], thumbnail: row[6], userInfo: row[7])
            }, key: key)
        let text = fields.indexedText
        try db.cachedStatement(
            sql: """
                UPDATE publicEntry SET contributors = ?, activityType = ?, title = ?, description = ?,
                  keywords = ?, url = ?, thumbnail = ?, userInfo = ?, ftsTitle = ?, ftsKeywords = ?,
                  ftsDescription = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            rows.count, fields.activityType, fields.title, fields.description, fields.keywords, fields.url,
            fields.thumbnail, fields.userInfo, text.title, text.keywords, text.description, entryID,
        ])
        try db.cachedStatement(
            sql: """
                INSERT INTO publicEntry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription) VALUES (?, ?, ?, ?)
                """
        ).execute(arguments: [entryID, text.title, text.keywords, text.description])
    }

    // MARK: Reading

    public func entriesEligibleForPublicIndexing(now: Date) throws -> [StoredEntry] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(StoredEntry.columns) FROM entry e
                    WHERE e.userKey = ? AND e.isEligibleForPublicIndexing
                      AND (e.expiresAt IS NULL OR e.expiresAt > ?)
                    """), arguments: [userKey(), now.timeIntervalSince1970]
        ).map(storedEntry)
    }

    public func publicSearchCandidates(_ query: FullTextQuery, app: String?, threshold: Int, limit: Int)
        throws
        -> [PublicSearchCandidate]
    {
        guard !query.isEmpty else { return [] }
        return try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(StoredPublicEntry.columns), p.ftsTitle, p.ftsKeywords, p.ftsDescription
                    FROM publicEntry_fts JOIN publicEntry p ON p.id = publicEntry_fts.rowid
                    WHERE publicEntry_fts MATCH ? AND p.contributors >= ? AND (? IS NULL OR p.app = ?)
                    ORDER BY publicEntry_fts.rowid DESC LIMIT ?
                    """), arguments: [query.expression, threshold, app, app, limit]
        ).map { row in
            PublicSearchCandidate(
                entry: StoredPublicEntry(row: row),
                indexedText: IndexedText(title: row[11], keywords: row[12], description: row[13]))
        }
    }

}

extension StoredPublicEntry {
    /// The columns `init(row:)` reads, on the alias `p`.
    static let columns = """
        p.id, p.app, p.key, p.contributors, p.activityType, p.title, p.description, p.keywords, p.url,
        p.thumbnail, p.userInfo
        """

    init(row: some ColumnValues) {
        self.init(
            id: row[0],
            fields: PublicContribution(
                key: PublicEntryKey(app: row[1], key: row[2]), activityType: row[4], title: row[5],
                description: row[6], keywords: row[7], url: row[8], thumbnail: row[9], userInfo: row[10]),
            contributors: row[3])
    }
}
