import Foundation
import GRDB
import ProactiveStorage
import ProactiveText

extension StoredEntry {
    static let columns = """
        e.id, e.appKey, e.kind, e.identityKey, e.uniqueIdentifier, e.domainIdentifier, e.persistentIdentifier,
        e.activityType, e.url, e.title, e.isEligibleForSearch, e.isEligibleForHandoff,
        e.isEligibleForPublicIndexing, e.isEligibleForPrediction, e.isCurrent, e.firstDonatedAt, e.donatedAt,
        e.expiresAt, e.donationCount, e.engagementCount, e.lastEngagedAt, e.payload,
        e.ftsTitle, e.ftsKeywords, e.ftsDescription, e.ftsAddress
        """
    /// Where the index-form text (``DeferredIndex/columns``) starts in ``columns``: the
    /// payload is decompressed beside it (``StoredText/Format/documentsBesideText``).
    static let indexedTextColumn = 22

    /// An entry from a row of ``columns`` (its payload decompressed: see ``StoredText``),
    /// whose app key stands for `app`.
    init(row: some ColumnValues, app: String) throws {
        self.init(
            id: row[0], app: app, kind: EntryKind(rawValue: row[2]) ?? .item, identityKey: row[3],
            uniqueIdentifier: row[4], domainIdentifier: row[5], persistentIdentifier: row[6],
            activityType: row[7], url: row[8], title: row[9], isEligibleForSearch: row[10],
            isEligibleForHandoff: row[11], isEligibleForPublicIndexing: row[12],
            isEligibleForPrediction: row[13],
            isCurrent: row[14], firstDonatedAt: Date(timeIntervalSince1970: row[15]),
            donatedAt: Date(timeIntervalSince1970: row[16]),
            expiresAt: (row[17] as Double?).map(Date.init(timeIntervalSince1970:)), donationCount: row[18],
            engagementCount: row[19],
            lastEngagedAt: (row[20] as Double?).map(Date.init(timeIntervalSince1970:)),
            payload: try StoredText.text(
                row[21] as DatabaseValue,
                companion: StoredText.companion(
                    row, columns: StoredEntry.indexedTextColumn..<StoredEntry.indexedTextColumn + 4)))
    }
}

extension SQLiteTransaction {
    /// An entry from a row of ``StoredEntry/columns``.
    func storedEntry(_ row: some ColumnValues) throws -> StoredEntry {
        try StoredEntry(row: row, app: names.name(of: row[1], db))
    }

    // MARK: Writing

    /// Inserts an entry, or updates the one with the same app, kind and identity key. A new
    /// entry's id is past every id the store gave before, deleted ones included (migration v20).
    @discardableResult
    public func upsertEntry(_ draft: EntryDraft) throws -> EntryWriteResult {
        let text = draft.isEligibleForSearch ? draft.indexedText : IndexedText()
        let descriptionWords = TextRelevance.wordCount(text.description)
        let user = try names.internedKey(of: userID, db)
        let app = try names.internedKey(of: draft.app, db)
        let forms = Self.storedForms(text)
        try db.cachedStatement(
            sql: """
                INSERT INTO entry (id, userKey, appKey, kind, identityKey, uniqueIdentifier, domainIdentifier,
                  persistentIdentifier, activityType, url, title, isEligibleForSearch, isEligibleForHandoff,
                  isEligibleForPublicIndexing, isEligibleForPrediction, firstDonatedAt, donatedAt, expiresAt, payload,
                  ftsTitle, ftsKeywords, ftsDescription, ftsAddress, ftsDescriptionWords)
                VALUES (
                  (SELECT max(f.id, coalesce((SELECT max(id) FROM entry), 0)) + 1 FROM entryIDFloor f),
                  ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (userKey, appKey, kind, identityKey) DO NOTHING
                """
        ).execute(
            arguments: [
                user, app, draft.kind.rawValue, draft.identityKey, draft.uniqueIdentifier,
                draft.domainIdentifier,
                draft.persistentIdentifier, draft.activityType, draft.url, draft.title,
                draft.isEligibleForSearch,
                draft.isEligibleForHandoff, draft.isEligibleForPublicIndexing, draft.isEligibleForPrediction,
                draft.donatedAt.timeIntervalSince1970, draft.donatedAt.timeIntervalSince1970,
                draft.expiresAt?.timeIntervalSince1970,
                StoredText.documentValue(draft.payload, companion: StoredText.companion(forms)), forms[0],
                forms[1], forms[2], forms[3], descriptionWords,
            ])
        if db.changesCount > 0 {
            let id = db.lastInsertedRowID
            index.enqueue(id)
            return EntryWriteResult(id: id, merged: false)
        }
        let existing = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id, \(DeferredIndex.columns) FROM entry
                    WHERE userKey = ? AND appKey = ? AND kind = ? AND identityKey = ?
                    """),
            arguments: [user, app, draft.kind.rawValue, draft.identityKey])!
        let id: Int64 = existing[0]
        let old = try IndexedText(row: existing, columnsFrom: 1)
        let textChanged = old != text
        if textChanged && index.isIndexed(id) {
            try index.removeIndexedText(id: id, text: old, db)
        }
        try db.cachedStatement(
            sql: """
                UPDATE entry SET uniqueIdentifier = ?, domainIdentifier = ?, persistentIdentifier = ?,
                  activityType = ?, url = ?, title = ?, isEligibleForSearch = ?, isEligibleForHandoff = ?,
                  isEligibleForPublicIndexing = ?, isEligibleForPrediction = ?, donatedAt = max(donatedAt, ?),
                  expiresAt = ?, payload = ?, donationCount = donationCount + 1,
                  ftsTitle = ?, ftsKeywords = ?, ftsDescription = ?, ftsAddress = ?, ftsDescriptionWords = ?
                WHERE id = ?
                """
        ).execute(
            arguments: [
                draft.uniqueIdentifier, draft.domainIdentifier, draft.persistentIdentifier,
                draft.activityType,
                draft.url,
                draft.title, draft.isEligibleForSearch, draft.isEligibleForHandoff,
                draft.isEligibleForPublicIndexing,
                draft.isEligibleForPrediction, draft.donatedAt.timeIntervalSince1970,
                draft.expiresAt?.timeIntervalSince1970,
                StoredText.documentValue(draft.payload, companion: StoredText.companion(forms)), forms[0],
                forms[1], forms[2], forms[3],
                descriptionWords, id,
            ])
        if textChanged { index.enqueue(id) }
        return EntryWriteResult(id: id, merged: true)
    }

    /// How the `fts*` columns store an entry's index-form text: title, keywords, description
    /// (its runs written once: ``StoredText/Format/indexText``), address. The other columns
    /// are read for every search candidate: with their runs written once too (31 bytes a
    /// document less at 1M items), spelling them out was 13.6 % of a search's time.
    static func storedForms(_ text: IndexedText) -> [DatabaseValue] {
        [
            text.title.databaseValue, text.keywords.databaseValue,
            StoredText.databaseValue(text.description, format: .indexText), text.address.databaseValue,
        ]
    }

    /// Makes an entry its app's one current activity (`becomeCurrent()`).
    public func makeCurrent(entryID: Int64, app: String) throws {
        try db.execute(
            sql: "UPDATE entry SET isCurrent = 0 WHERE userKey = ? AND appKey = ? AND isCurrent AND id != ?",
            arguments: [userKey(), appKey(app), entryID])
        try db.execute(
            sql: "UPDATE entry SET isCurrent = 1 WHERE id = ? AND userKey = ?",
            arguments: [entryID, userKey()])
    }

    /// Clears an app's current activity (`resignCurrent()`); returns whether one was current.
    @discardableResult
    public func resignCurrent(app: String, entryID: Int64?) throws -> Bool {
        if let entryID {
            try db.execute(
                sql:
                    "UPDATE entry SET isCurrent = 0 WHERE userKey = ? AND appKey = ? AND id = ? AND isCurrent",
                arguments: [userKey(), appKey(app), entryID])
        } else {
            try db.execute(
                sql: "UPDATE entry SET isCurrent = 0 WHERE userKey = ? AND appKey = ? AND isCurrent",
                arguments: [userKey(), appKey(app)])
        }
        return db.changesCount > 0
    }

    /// Records that the user engaged with an entry (opened it from a suggestion or result).
    public func recordEngagement(entryID: Int64, at date: Date) throws {
        try db.execute(
            sql: """
                UPDATE entry SET engagementCount = engagementCount + 1, lastEngagedAt = ? WHERE id = ? AND userKey = ?
                """,
            arguments: [date.timeIntervalSince1970, entryID, userKey()])
    }

    /// Deletes an app's items by unique identifier; returns how many were deleted.
    @discardableResult
    public func deleteItems(app: String, uniqueIdentifiers: [String]) throws -> Int {
        try deleteEntries(app: app, kind: .item, column: "uniqueIdentifier", values: uniqueIdentifiers)
    }

    /// Deletes an app's items in the given domains (and their subdomains, "a.b" under "a").
    @discardableResult
    public func deleteItems(app: String, domainIdentifiers: [String]) throws -> Int {
        var total = 0
        for domain in domainIdentifiers {
            total += try deleteEntries(
                where:
                    "userKey = ? AND appKey = ? AND kind = 'item' AND (domainIdentifier = ? OR substr(domainIdentifier, 1, ?) = ?)",
                arguments: [userKey(), appKey(app), domain, domain.count + 1, domain + "."])
        }
        return total
    }

    /// Deletes an app's saved activities by persistent identifier.
    @discardableResult
    public func deleteActivities(app: String, persistentIdentifiers: [String]) throws -> Int {
        try deleteEntries(
            app: app, kind: .activity, column: "persistentIdentifier", values: persistentIdentifiers)
    }

    /// Deletes every entry of an app of the given kinds; returns how many.
    @discardableResult
    public func deleteAllEntries(app: String, kinds: Set<EntryKind>) throws -> Int {
        var total = 0
        for kind in kinds {
            total += try deleteEntries(
                where: "userKey = ? AND appKey = ? AND kind = ?",
                arguments: [userKey(), appKey(app), kind.rawValue])
        }
        return total
    }

    /// Deletes one entry by row identifier, within an app.
    @discardableResult
    public func deleteEntry(id: Int64, app: String) throws -> Bool {
        try deleteEntries(
            where: "id = ? AND userKey = ? AND appKey = ?", arguments: [id, userKey(), appKey(app)]) > 0
    }

    private func deleteEntries(app: String, kind: EntryKind, column: String, values: [String]) throws -> Int {
        var total = 0
        for value in values {
            total += try deleteEntries(
                where: "userKey = ? AND appKey = ? AND kind = ? AND \(column) = ?",
                arguments: [userKey(), appKey(app), kind.rawValue, value])
        }
        return total
    }

    /// Deletes the entries matching a condition, and their text from the index.
    private func deleteEntries(where condition: String, arguments: StatementArguments) throws -> Int {
        try index.removeIndexedText(where: condition, arguments: arguments, db)
        try db.execute(sql: "DELETE FROM entry WHERE \(condition)", arguments: arguments)
        return db.changesCount
    }

    /// Deletes every expired entry, index rows included; returns how many.
    @discardableResult
    public func purgeExpired(now: Date) throws -> Int {
        let expired =
            try Bool.fetchOne(
                db.cachedStatement(
                    sql:
                        "SELECT 1 FROM entry WHERE expiresAt IS NOT NULL AND expiresAt <= ? AND userKey = ? LIMIT 1"
                ),
                arguments: [now.timeIntervalSince1970, userKey()]) ?? false
        guard expired else { return 0 }
        return try deleteEntries(
            where: "expiresAt IS NOT NULL AND expiresAt <= ? AND userKey = ?",
            arguments: [now.timeIntervalSince1970, userKey()])
    }

    // MARK: Reading

    /// An entry by row identifier, if visible in the scope and not expired.
    public func entry(id: Int64, scope: AppScope, now: Date) throws -> StoredEntry? {
        let (clause, arguments) = try condition(scope)
        return try firstRow(
            """
            SELECT \(StoredEntry.columns) FROM entry e
            WHERE e.id = ? AND e.userKey = ? AND (e.expiresAt IS NULL OR e.expiresAt > ?) \(clause)
            """,
            [id, userKey(), now.timeIntervalSince1970] + arguments, storedEntry)
    }

    /// An entry by its identity within an app.
    public func entry(app: String, kind: EntryKind, identityKey: String, now: Date) throws -> StoredEntry? {
        try firstRow(
            """
            SELECT \(StoredEntry.columns) FROM entry e
            WHERE e.userKey = ? AND e.appKey = ? AND e.kind = ? AND e.identityKey = ?
              AND (e.expiresAt IS NULL OR e.expiresAt > ?)
            """,
            [userKey(), appKey(app), kind.rawValue, identityKey, now.timeIntervalSince1970], storedEntry)
    }

    /// Entries in a scope, newest donation first, optionally of some kinds and donated since a date.
    public func entries(
        scope: AppScope, kinds: Set<EntryKind>, since: Date?, now: Date, limit: Int
    ) throws -> [StoredEntry] {
        let (clause, arguments) = try condition(scope)
        let kindList = kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ",")
        return try rows(
            """
            SELECT \(StoredEntry.columns) FROM entry e
            WHERE e.userKey = ? AND e.kind IN (\(kindList)) AND (e.expiresAt IS NULL OR e.expiresAt > ?)
              AND e.donatedAt >= ? \(clause)
            ORDER BY e.donatedAt DESC, e.id DESC LIMIT ?
            """,
            [
                userKey(), now.timeIntervalSince1970,
                since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude,
            ]
                + arguments + [limit],
            storedEntry)
    }

    /// The current activity of each app in the scope (one per app at most).
    public func currentActivities(scope: AppScope, now: Date) throws -> [StoredEntry] {
        let (clause, arguments) = try condition(scope)
        // At most one current activity per app: read them through the partial index, never by
        // scanning every entry in date order.
        return try rows(
            """
            SELECT \(StoredEntry.columns) FROM entry e INDEXED BY entry_current
            WHERE e.userKey = ? AND e.isCurrent AND (e.expiresAt IS NULL OR e.expiresAt > ?) \(clause)
            ORDER BY e.donatedAt DESC
            """,
            [userKey(), now.timeIntervalSince1970] + arguments, storedEntry)
    }

    /// How many entries of each kind the store holds (expired ones included until purged).
    public func entryCounts() throws -> [EntryKind: Int] {
        var counts: [EntryKind: Int] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT kind, count(*) FROM entry WHERE userKey = ? GROUP BY kind",
            arguments: [userKey()])
        {
            if let kind = EntryKind(rawValue: row[0]) { counts[kind] = row[1] }
        }
        return counts
    }

    /// How many of the user's rows the full-text index finds (for checking deletions reach the index).
    public func indexedRowCount(matching query: FullTextQuery) throws -> Int {
        guard !query.isEmpty else { return 0 }
        return try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM entry_fts JOIN entry e ON e.id = entry_fts.rowid
                WHERE entry_fts MATCH ? AND e.userKey = ?
                """,
            arguments: [query.expression, userKey()]) ?? 0
    }
}

extension SQLiteTransaction {
    /// Runs FTS5's integrity check on both full-text indexes against the rows they index.
    public func indexIntegrityCheck() throws -> Bool {
        do {
            try db.execute(sql: "INSERT INTO entry_fts(entry_fts, rank) VALUES ('integrity-check', 1)")
            try db.execute(
                sql: "INSERT INTO entry_title_fts(entry_title_fts, rank) VALUES ('integrity-check', 1)")
            return true
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_CORRUPT_VTAB
        {
            return false
        }
    }
}
