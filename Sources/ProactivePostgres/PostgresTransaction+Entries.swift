import Foundation
import PostgresNIO
import ProactiveStorage
import ProactiveText

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

/// What identifies an entry within a user: its app, kind and identity key.
struct EntryIdentity: Hashable {
    var app: String
    var kind: String
    var identityKey: String

    init(app: String, kind: String, identityKey: String) {
        self.app = app
        self.kind = kind
        self.identityKey = identityKey
    }

    init(_ draft: EntryDraft) {
        self.init(app: draft.app, kind: draft.kind.rawValue, identityKey: draft.identityKey)
    }
}

extension Set<EntryKind> {
    /// The kinds' raw values, sorted (bound as a `text[]`).
    var rawValues: [String] { map(\.rawValue).sorted() }
}

extension PostgresTransaction {
    /// The insert of an entry's columns, shared by `upsertEntry` and `upsertEntries`.
    static let entryInsert = """
        INSERT INTO entry (user_id, app, kind, identity_key, unique_identifier, domain_identifier,
          persistent_identifier, activity_type, url, title, is_eligible_for_search, is_eligible_for_handoff,
          is_eligible_for_public_indexing, is_eligible_for_prediction, first_donated_at, donated_at, expires_at,
          payload, fts_title, fts_keywords, fts_description, fts_address, search_all, search_title,
          fts_description_words)
        """

    /// What a donation of an existing entry changes (the SQLite store's merge: one more
    /// donation, the later donation date), shared by `upsertEntry` and `upsertEntries`.
    static let entryMerge = """
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
          fts_description_words = excluded.fts_description_words,
          search_all = excluded.search_all, search_title = excluded.search_title
        """

    // MARK: Writing

    func upsertEntry(_ draft: EntryDraft) throws -> EntryWriteResult {
        let doing = "storing an entry"
        let text = draft.isEligibleForSearch ? draft.indexedText : IndexedText()
        let lexemes = SearchLexemes.words(text, key: userKey)
        // One statement: an insert, or on a conflict the same update as the SQLite store's (one
        // more donation, the later donation date). A fresh row is the only one with a donation
        // count of 1 (a merge makes it 2 or more; PostgreSQL cannot return `xmax` of a
        // partitioned table).
        let result = try write(
            """
            \(unescaped: Self.entryInsert)
            VALUES (\(userID), \(draft.app), \(draft.kind.rawValue), \(draft.identityKey), \(draft.uniqueIdentifier),
              \(draft.domainIdentifier), \(draft.persistentIdentifier), \(draft.activityType), \(draft.url),
              \(draft.title), \(draft.isEligibleForSearch), \(draft.isEligibleForHandoff),
              \(draft.isEligibleForPublicIndexing), \(draft.isEligibleForPrediction),
              \(draft.donatedAt.timeIntervalSince1970), \(draft.donatedAt.timeIntervalSince1970),
              \(draft.expiresAt?.timeIntervalSince1970), \(draft.payload), \(text.title), \(text.keywords),
              \(text.description), \(text.address), array_to_tsvector(\(lexemes.all)::text[]),
              array_to_tsvector(\(lexemes.title)::text[]), \(TextRelevance.wordCount(text.description)))
            \(unescaped: Self.entryMerge)
            RETURNING id, donation_count = 1
            """, doing)
        guard
            let (id, inserted) = try firstRow(
                result, doing, { (try $0.next(Int64.self), try $0.next(Bool.self)) })
        else { throw StorageError(code: .database, message: "PostgreSQL returned no row while \(doing)") }
        return EntryWriteResult(id: id, merged: !inserted)
    }

    func upsertEntries(_ drafts: [EntryDraft]) throws -> [EntryWriteResult] {
        try submitEntries(drafts).results()
    }

    func submitEntries(_ drafts: [EntryDraft]) throws -> PendingEntryWrites {
        guard drafts.count > 1 else {
            let results = try drafts.map { try upsertEntry($0) }
            return PendingEntryWrites { results }
        }
        // One statement per run of drafts without a repeated identity (an `ON CONFLICT DO
        // UPDATE` cannot touch a row twice) and of at most `largestBatch` rows: a draft
        // repeating an identity starts a new run and merges into the row the earlier one wrote.
        // Each is sent as soon as its rows are built; the results are collected afterwards, in
        // order. (The engine overlaps its own work with the server's by submitting a donation's
        // documents in parts: `ProactiveEngine.ingestRun`.)
        let chunkSize = Self.largestBatch
        var chunks: [ArraySlice<EntryDraft>] = []
        var start = 0
        var seen: Set<EntryIdentity> = []
        for (index, draft) in drafts.enumerated() {
            if !seen.insert(EntryIdentity(draft)).inserted || index - start == chunkSize {
                chunks.append(drafts[start..<index])
                start = index
                seen = [EntryIdentity(draft)]
            }
        }
        chunks.append(drafts[start...])
        var sent: [(drafts: ArraySlice<EntryDraft>, pending: PostgresSession.PendingRows)] = []
        sent.reserveCapacity(chunks.count)
        for chunk in chunks { sent.append((chunk, try submitDistinct(chunk))) }
        return PendingEntryWrites { [self] in
            var results: [EntryWriteResult] = []
            results.reserveCapacity(drafts.count)
            for (chunk, pending) in sent { results += try collectDistinct(chunk, pending) }
            return results
        }
    }

    /// The most rows one statement writes.
    static let largestBatch = 1000

    /// Sends the upsert of drafts of distinct identities as one statement (the same rows as
    /// ``upsertEntry(_:)`` writes for each, in order), without waiting for it.
    private func submitDistinct(_ drafts: ArraySlice<EntryDraft>) throws -> PostgresSession.PendingRows {
        let doing = "storing entries"
        func text(_ capacity: Int = 16) -> ArrayColumn {
            ArrayColumn(.text, capacity: drafts.count * capacity)
        }
        var app = text(), kind = text(8), identityKey = text(24), uniqueIdentifier = text(24)
        var domainIdentifier = text(), persistentIdentifier = text(8), activityType = text(8), url = text(8)
        var title = text(48), payload = text(512), ftsTitle = text(48), ftsKeywords = text(32)
        var ftsDescription = text(96), ftsAddress = text(48), searchAll = text(256), searchTitle = text(64)
        var search = ArrayColumn(.bool, capacity: drafts.count * 5)
        var handoff = search, publicIndexing = search, prediction = search
        var donatedAt = ArrayColumn(.float8, capacity: drafts.count * 12), expiresAt = donatedAt
        var descriptionWords = ArrayColumn(.int8, capacity: drafts.count * 12)
        let key = userKey
        for draft in drafts {
            let text = draft.isEligibleForSearch ? draft.indexedText : IndexedText()
            app.append(draft.app)
            kind.append(draft.kind.rawValue)
            identityKey.append(draft.identityKey)
            uniqueIdentifier.append(draft.uniqueIdentifier)
            domainIdentifier.append(draft.domainIdentifier)
            persistentIdentifier.append(draft.persistentIdentifier)
            activityType.append(draft.activityType)
            url.append(draft.url)
            title.append(draft.title)
            search.append(draft.isEligibleForSearch)
            handoff.append(draft.isEligibleForHandoff)
            publicIndexing.append(draft.isEligibleForPublicIndexing)
            prediction.append(draft.isEligibleForPrediction)
            donatedAt.append(draft.donatedAt.timeIntervalSince1970)
            expiresAt.append(draft.expiresAt?.timeIntervalSince1970)
            payload.append(draft.payload)
            ftsTitle.append(text.title)
            ftsKeywords.append(text.keywords)
            ftsDescription.append(text.description)
            ftsAddress.append(text.address)
            // Each row's lexemes travel as one space-separated text.
            let lexemes = SearchLexemes.joinedLexemes(text, key: key)
            searchAll.append(utf8: lexemes.joined)
            searchTitle.append(utf8: lexemes.joined[..<lexemes.titleEnd])
            descriptionWords.append(Int64(lexemes.descriptionWords))
        }
        // The same insert and conflict update as `upsertEntry`, over the rows in order (their
        // identifiers are drawn in that order): a prepared statement, planned once a
        // connection (its text is the same for any number of rows).
        return try submitPrepared(
            """
            \(unescaped: Self.entryInsert)
            SELECT \(userID), r.app, r.kind, r.identity_key, r.unique_identifier, r.domain_identifier,
              r.persistent_identifier, r.activity_type, r.url, r.title, r.is_eligible_for_search,
              r.is_eligible_for_handoff, r.is_eligible_for_public_indexing, r.is_eligible_for_prediction,
              r.donated_at, r.donated_at, r.expires_at, r.payload, r.fts_title, r.fts_keywords, r.fts_description,
              r.fts_address, array_to_tsvector(string_to_array(r.search_all, ' ')),
              array_to_tsvector(string_to_array(r.search_title, ' ')), r.description_words
            FROM unnest(\(app), \(kind), \(identityKey), \(uniqueIdentifier), \(domainIdentifier),
              \(persistentIdentifier), \(activityType), \(url), \(title), \(search), \(handoff), \(publicIndexing),
              \(prediction), \(donatedAt), \(expiresAt), \(payload), \(ftsTitle), \(ftsKeywords), \(ftsDescription),
              \(ftsAddress), \(searchAll), \(searchTitle), \(descriptionWords))
              WITH ORDINALITY AS r(app, kind, identity_key, unique_identifier, domain_identifier,
              persistent_identifier, activity_type, url, title, is_eligible_for_search, is_eligible_for_handoff,
              is_eligible_for_public_indexing, is_eligible_for_prediction, donated_at, expires_at, payload,
              fts_title, fts_keywords, fts_description, fts_address, search_all, search_title, description_words,
              ord)
            ORDER BY r.ord
            \(unescaped: Self.entryMerge)
            RETURNING id, donation_count = 1, app, kind, identity_key
            """, doing)
    }

    /// The results of a submitted upsert, in the order of its drafts.
    private func collectDistinct(_ drafts: ArraySlice<EntryDraft>, _ pending: PostgresSession.PendingRows)
        throws
        -> [EntryWriteResult]
    {
        let doing = "storing entries"
        let result = try session.rows(of: pending)
        noteChange()
        // RETURNING gives no order: each row is matched to its draft by identity.
        let written = try rows(result, doing) { r in
            (
                id: try r.next(Int64.self), inserted: try r.next(Bool.self),
                identity: EntryIdentity(app: try r.next(), kind: try r.next(), identityKey: try r.next())
            )
        }
        var byIdentity: [EntryIdentity: EntryWriteResult] = [:]
        for row in written { byIdentity[row.identity] = EntryWriteResult(id: row.id, merged: !row.inserted) }
        return try drafts.map { draft in
            guard let result = byIdentity[EntryIdentity(draft)] else {
                throw StorageError(
                    code: .database, message: "PostgreSQL returned no row for an entry while \(doing)")
            }
            return result
        }
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
        try submitPurgeExpired(now: now).value()
    }

    func submitPurgeExpired(now: Date) throws -> PendingCount {
        // Every batch of a donation runs it first: a prepared statement, planned once a
        // connection (the deletion of ``deleteEntries(_:)``, written out).
        let doing = "deleting entries"
        let pending = try submitPrepared(
            """
            WITH gone AS (
                DELETE FROM entry WHERE user_id = \(userID)
                  AND expires_at IS NOT NULL AND expires_at <= \(now.timeIntervalSince1970)
                RETURNING id),
              sightings AS (
                DELETE FROM place_sighting s USING gone WHERE s.user_id = \(userID) AND s.entry_id = gone.id)
            SELECT count(*) FROM gone
            """, doing)
        return PendingCount { [self] in
            let count = try firstRow(session.rows(of: pending), doing) { try $0.next(Int.self) } ?? 0
            if count > 0 { noteChange() }
            return count
        }
    }

    /// Runs a deletion of the user's entries (a `DELETE FROM entry WHERE user_id = … `) and, in
    /// the same statement, of their place sightings (which have no foreign key: see migration
    /// v3); a foreign key deletes their reminders, and the index entries go with the rows.
    /// Returns how many entries were deleted.
    ///
    /// The sightings are named by the user as a value, not only through the deleted rows: the
    /// planner then plans the user's partition of `place_sighting` alone instead of all of them
    /// (every donation purges expired entries first, so this planning was paid per donation).
    private func deleteEntries(_ deletion: PostgresQuery) throws -> Int {
        try submitDeletion(deletion).value()
    }

    /// Sends a deletion as ``deleteEntries(_:)`` runs it, without waiting; the count waits.
    private func submitDeletion(_ deletion: PostgresQuery) throws(StorageError) -> PendingCount {
        let doing = "deleting entries"
        var query = deletion
        query.binds.append(userID)
        query.sql = """
            WITH gone AS (\(deletion.sql) RETURNING id),
              sightings AS (
                DELETE FROM place_sighting s USING gone WHERE s.user_id = $\(query.binds.count) AND s.entry_id = gone.id)
            SELECT count(*) FROM gone
            """
        let pending = try submitWrite(query, doing)
        return PendingCount { [self] in
            let count = try firstRow(collectWrite(pending), doing) { try $0.next(Int.self) } ?? 0
            if count > 0 { noteChange() }
            return count
        }
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

    func entries(ids: [Int64], scope: AppScope, now: Date) throws -> [StoredEntry] {
        guard !ids.isEmpty else { return [] }
        let doing = "reading entries"
        return try rows(
            fetch(.entries(ids: ids, scope: scope, now: now), doing), doing, StoredEntry.init(reader:))
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
            fetch(.currentActivities(scope: scope, now: now), doing), doing, StoredEntry.init(reader:))
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
