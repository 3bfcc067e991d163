import Foundation
import PostgresNIO
import ProactiveStorage

extension StoredEntry {
    /// The columns ``init(reader:)`` reads, in order.
    static let postgresColumns = """
        id, app, kind, identity_key, unique_identifier, domain_identifier, persistent_identifier,
        activity_type, url, title, is_eligible_for_search, is_eligible_for_handoff,
        is_eligible_for_public_indexing, is_eligible_for_prediction, is_current, first_donated_at, donated_at,
        expires_at, donation_count, engagement_count, last_engaged_at, payload
        """

    init(reader r: inout RowReader) throws {
        self.init(
            id: try r.next(), app: try r.next(), kind: EntryKind(rawValue: try r.next()) ?? .item,
            identityKey: try r.next(), uniqueIdentifier: try r.next(), domainIdentifier: try r.next(),
            persistentIdentifier: try r.next(), activityType: try r.next(), url: try r.next(),
            title: try r.next(), isEligibleForSearch: try r.next(), isEligibleForHandoff: try r.next(),
            isEligibleForPublicIndexing: try r.next(), isEligibleForPrediction: try r.next(),
            isCurrent: try r.next(), firstDonatedAt: try r.date(), donatedAt: try r.date(),
            expiresAt: try r.optionalDate(), donationCount: try r.next(), engagementCount: try r.next(),
            lastEngagedAt: try r.optionalDate(), payload: try r.next())
    }
}

extension Set<EntryKind> {
    /// The kinds' raw values, sorted (bound as a `text[]`).
    var rawValues: [String] { map(\.rawValue).sorted() }
}

extension PostgresTransaction {
    // MARK: Writing

    func upsertEntry(_ draft: EntryDraft) throws -> EntryWriteResult {
        let doing = "storing an entry"
        let text = draft.isEligibleForSearch ? draft.indexedText : IndexedText()
        // One statement: an insert, or on a conflict the same update as the SQLite store's (one
        // more donation, the later donation date). A fresh row is the only one with a donation
        // count of 1 (a merge makes it 2 or more; PostgreSQL cannot return `xmax` of a
        // partitioned table).
        let result = try write(
            """
            INSERT INTO entry (user_id, app, kind, identity_key, unique_identifier, domain_identifier,
              persistent_identifier, activity_type, url, title, is_eligible_for_search, is_eligible_for_handoff,
              is_eligible_for_public_indexing, is_eligible_for_prediction, first_donated_at, donated_at, expires_at,
              payload, fts_title, fts_keywords, fts_description, fts_address, search_all, search_title)
            VALUES (\(userID), \(draft.app), \(draft.kind.rawValue), \(draft.identityKey), \(draft.uniqueIdentifier),
              \(draft.domainIdentifier), \(draft.persistentIdentifier), \(draft.activityType), \(draft.url),
              \(draft.title), \(draft.isEligibleForSearch), \(draft.isEligibleForHandoff),
              \(draft.isEligibleForPublicIndexing), \(draft.isEligibleForPrediction),
              \(draft.donatedAt.timeIntervalSince1970), \(draft.donatedAt.timeIntervalSince1970),
              \(draft.expiresAt?.timeIntervalSince1970), \(draft.payload), \(text.title), \(text.keywords),
              \(text.description), \(text.address), array_to_tsvector(\(text.allLexemes)::text[]),
              array_to_tsvector(\(text.titleLexemes)::text[]))
            ON CONFLICT (user_id, app, kind, identity_key) DO UPDATE SET
              unique_identifier = excluded.unique_identifier, domain_identifier = excluded.domain_identifier,
              persistent_identifier = excluded.persistent_identifier, activity_type = excluded.activity_type,
              url = excluded.url, title = excluded.title, is_eligible_for_search = excluded.is_eligible_for_search,
              is_eligible_for_handoff = excluded.is_eligible_for_handoff,
              is_eligible_for_public_indexing = excluded.is_eligible_for_public_indexing,
              is_eligible_for_prediction = excluded.is_eligible_for_prediction,
              donated_at = greatest(entry.donated_at, excluded.donated_at), expires_at = excluded.expires_at,
              payload = excluded.payload, donation_count = entry.donation_count + 1,
              fts_title = excluded.fts_title, fts_keywords = excluded.fts_keywords,
              fts_description = excluded.fts_description, fts_address = excluded.fts_address,
              search_all = excluded.search_all, search_title = excluded.search_title
            RETURNING id, donation_count = 1
            """, doing)
        guard
            let (id, inserted) = try firstRow(
                result, doing, { (try $0.next(Int64.self), try $0.next(Bool.self)) })
        else { throw StorageError(code: .database, message: "PostgreSQL returned no row while \(doing)") }
        return EntryWriteResult(id: id, merged: !inserted)
    }

    func makeCurrent(entryID: Int64, app: String) throws {
        let doing = "making an activity current"
        try write(
            """
            UPDATE entry SET is_current = false
            WHERE user_id = \(userID) AND app = \(app) AND is_current AND id <> \(entryID)
            """, doing)
        try write(
            "UPDATE entry SET is_current = true WHERE user_id = \(userID) AND id = \(entryID) AND NOT is_current",
            doing)
    }

    func resignCurrent(app: String, entryID: Int64?) throws -> Bool {
        let doing = "resigning the current activity"
        let result: PostgresQueryResult
        if let entryID {
            result = try write(
                """
                UPDATE entry SET is_current = false
                WHERE user_id = \(userID) AND app = \(app) AND id = \(entryID) AND is_current
                """, doing)
        } else {
            result = try write(
                "UPDATE entry SET is_current = false WHERE user_id = \(userID) AND app = \(app) AND is_current",
                doing)
        }
        return (result.metadata.rows ?? 0) > 0
    }

    func recordEngagement(entryID: Int64, at date: Date) throws {
        try write(
            """
            UPDATE entry SET engagement_count = engagement_count + 1, last_engaged_at = \(date.timeIntervalSince1970)
            WHERE user_id = \(userID) AND id = \(entryID)
            """, "recording an engagement")
    }

    func deleteItems(app: String, uniqueIdentifiers: [String]) throws -> Int {
        guard !uniqueIdentifiers.isEmpty else { return 0 }
        return try deleteEntries(
            """
            DELETE FROM entry WHERE user_id = \(userID) AND app = \(app) AND kind = 'item'
              AND unique_identifier = ANY(\(uniqueIdentifiers))
            """)
    }

    func deleteItems(app: String, domainIdentifiers: [String]) throws -> Int {
        guard !domainIdentifiers.isEmpty else { return 0 }
        // A domain and its subdomains: "a.b" is under "a" (the SQLite store's
        // `substr(domainIdentifier, 1, n + 1) = domain || '.'`).
        return try deleteEntries(
            """
            DELETE FROM entry WHERE user_id = \(userID) AND app = \(app) AND kind = 'item'
              AND domain_identifier IS NOT NULL
              AND (domain_identifier = ANY(\(domainIdentifiers))
                OR EXISTS (SELECT 1 FROM unnest(\(domainIdentifiers)::text[]) AS d(domain)
                           WHERE starts_with(domain_identifier, d.domain || '.')))
            """)
    }

    func deleteActivities(app: String, persistentIdentifiers: [String]) throws -> Int {
        guard !persistentIdentifiers.isEmpty else { return 0 }
        return try deleteEntries(
            """
            DELETE FROM entry WHERE user_id = \(userID) AND app = \(app) AND kind = 'activity'
              AND persistent_identifier = ANY(\(persistentIdentifiers))
            """)
    }

    func deleteAllEntries(app: String, kinds: Set<EntryKind>) throws -> Int {
        guard !kinds.isEmpty else { return 0 }
        return try deleteEntries(
            "DELETE FROM entry WHERE user_id = \(userID) AND app = \(app) AND kind = ANY(\(kinds.rawValues))")
    }

    func deleteEntry(id: Int64, app: String) throws -> Bool {
        try deleteEntries("DELETE FROM entry WHERE user_id = \(userID) AND id = \(id) AND app = \(app)") > 0
    }

    func purgeExpired(now: Date) throws -> Int {
        try deleteEntries(
            """
            DELETE FROM entry WHERE user_id = \(userID)
              AND expires_at IS NOT NULL AND expires_at <= \(now.timeIntervalSince1970)
            """)
    }

    /// Runs a deletion of entries; foreign keys delete their place sightings and reminders,
    /// and the index entries go with the rows. Returns how many entries were deleted.
    private func deleteEntries(_ query: PostgresQuery) throws(StorageError) -> Int {
        try write(query, "deleting entries").metadata.rows ?? 0
    }

    // MARK: Reading

    func entry(id: Int64, scope: AppScope, now: Date) throws -> StoredEntry? {
        let doing = "reading an entry"
        return try firstRow(
            read(
                """
                SELECT \(unescaped: StoredEntry.postgresColumns) FROM entry
                WHERE user_id = \(userID) AND id = \(id)
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                  AND (\(scope.app)::text IS NULL OR app = \(scope.app))
                """, doing), doing, StoredEntry.init(reader:))
    }

    func entry(app: String, kind: EntryKind, identityKey: String, now: Date) throws -> StoredEntry? {
        let doing = "reading an entry"
        return try firstRow(
            read(
                """
                SELECT \(unescaped: StoredEntry.postgresColumns) FROM entry
                WHERE user_id = \(userID) AND app = \(app) AND kind = \(kind.rawValue)
                  AND identity_key = \(identityKey)
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                """, doing), doing, StoredEntry.init(reader:))
    }

    func entries(scope: AppScope, kinds: Set<EntryKind>, since: Date?, now: Date, limit: Int) throws
        -> [StoredEntry]
    {
        let doing = "reading entries"
        return try rows(
            read(
                """
                SELECT \(unescaped: StoredEntry.postgresColumns) FROM entry
                WHERE user_id = \(userID) AND kind = ANY(\(kinds.rawValues))
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                  AND (\(since?.timeIntervalSince1970)::double precision IS NULL
                       OR donated_at >= \(since?.timeIntervalSince1970))
                  AND (\(scope.app)::text IS NULL OR app = \(scope.app))
                ORDER BY donated_at DESC, id DESC LIMIT \(limit)
                """, doing), doing, StoredEntry.init(reader:))
    }

    func currentActivities(scope: AppScope, now: Date) throws -> [StoredEntry] {
        let doing = "reading current activities"
        return try rows(
            read(
                """
                SELECT \(unescaped: StoredEntry.postgresColumns) FROM entry
                WHERE user_id = \(userID) AND is_current
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                  AND (\(scope.app)::text IS NULL OR app = \(scope.app))
                ORDER BY donated_at DESC, id DESC
                """, doing), doing, StoredEntry.init(reader:))
    }

    func entryCounts() throws -> [EntryKind: Int] {
        let doing = "counting entries"
        let pairs = try rows(
            read("SELECT kind, count(*) FROM entry WHERE user_id = \(userID) GROUP BY kind", doing), doing
        ) { (try $0.next(String.self), try $0.next(Int.self)) }
        var counts: [EntryKind: Int] = [:]
        for (kind, count) in pairs {
            if let kind = EntryKind(rawValue: kind) { counts[kind] = count }
        }
        return counts
    }
}
