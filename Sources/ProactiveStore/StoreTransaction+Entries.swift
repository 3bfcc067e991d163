import Foundation
import GRDB

extension StoredEntry {
    static let columns = """
        e.id, e.app, e.kind, e.identityKey, e.uniqueIdentifier, e.domainIdentifier, e.persistentIdentifier,
        e.activityType, e.url, e.title, e.isEligibleForSearch, e.isEligibleForHandoff,
        e.isEligibleForPublicIndexing, e.isEligibleForPrediction, e.isCurrent, e.firstDonatedAt, e.donatedAt,
        e.expiresAt, e.donationCount, e.engagementCount, e.lastEngagedAt, e.payload
        """

    init(row: Row) {
        id = row[0]
        app = row[1]
        kind = EntryKind(rawValue: row[2]) ?? .item
        identityKey = row[3]
        uniqueIdentifier = row[4]
        domainIdentifier = row[5]
        persistentIdentifier = row[6]
        activityType = row[7]
        url = row[8]
        title = row[9]
        isEligibleForSearch = row[10]
        isEligibleForHandoff = row[11]
        isEligibleForPublicIndexing = row[12]
        isEligibleForPrediction = row[13]
        isCurrent = row[14]
        firstDonatedAt = Date(timeIntervalSince1970: row[15])
        donatedAt = Date(timeIntervalSince1970: row[16])
        expiresAt = (row[17] as Double?).map(Date.init(timeIntervalSince1970:))
        donationCount = row[18]
        engagementCount = row[19]
        lastEngagedAt = (row[20] as Double?).map(Date.init(timeIntervalSince1970:))
        payload = row[21]
    }
}

/// Which entries a read may see: one app's, or every app's (for the system's surfaces).
public enum AppScope: Sendable, Hashable {
    /// Only this app's entries.
    case app(String)
    /// Every app's entries.
    case system

    var sql: (clause: String, arguments: StatementArguments) {
        switch self {
        case .app(let app): ("AND e.app = ?", [app])
        case .system: ("", [])
        }
    }
}

extension StoreTransaction {
    // MARK: Writing

    /// Inserts an entry, or updates the one with the same app, kind and identity key.
    @discardableResult
    public func upsertEntry(_ draft: EntryDraft) throws -> EntryWriteResult {
        let text = draft.isEligibleForSearch ? draft.indexedText : IndexedText()
        let row = try Row.fetchOne(
            db,
            sql: """
                INSERT INTO entry (app, kind, identityKey, uniqueIdentifier, domainIdentifier, persistentIdentifier,
                  activityType, url, title, isEligibleForSearch, isEligibleForHandoff, isEligibleForPublicIndexing,
                  isEligibleForPrediction, firstDonatedAt, donatedAt, expiresAt, payload,
                  ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (app, kind, identityKey) DO UPDATE SET
                  uniqueIdentifier = excluded.uniqueIdentifier, domainIdentifier = excluded.domainIdentifier,
                  persistentIdentifier = excluded.persistentIdentifier, activityType = excluded.activityType,
                  url = excluded.url, title = excluded.title, isEligibleForSearch = excluded.isEligibleForSearch,
                  isEligibleForHandoff = excluded.isEligibleForHandoff,
                  isEligibleForPublicIndexing = excluded.isEligibleForPublicIndexing,
                  isEligibleForPrediction = excluded.isEligibleForPrediction,
                  donatedAt = max(donatedAt, excluded.donatedAt), expiresAt = excluded.expiresAt,
                  payload = excluded.payload, donationCount = donationCount + 1,
                  ftsTitle = excluded.ftsTitle, ftsKeywords = excluded.ftsKeywords,
                  ftsDescription = excluded.ftsDescription, ftsAddress = excluded.ftsAddress
                RETURNING id, donationCount
                """,
            arguments: [
                draft.app, draft.kind.rawValue, draft.identityKey, draft.uniqueIdentifier,
                draft.domainIdentifier,
                draft.persistentIdentifier, draft.activityType, draft.url, draft.title,
                draft.isEligibleForSearch,
                draft.isEligibleForHandoff, draft.isEligibleForPublicIndexing, draft.isEligibleForPrediction,
                draft.donatedAt.timeIntervalSince1970, draft.donatedAt.timeIntervalSince1970,
                draft.expiresAt?.timeIntervalSince1970, draft.payload, text.title, text.keywords,
                text.description, text.address,
            ])!
        return EntryWriteResult(id: row[0], merged: (row[1] as Int) > 1)
    }

    /// Makes an entry its app's one current activity (`becomeCurrent()`).
    public func makeCurrent(entryID: Int64, app: String) throws {
        try db.execute(
            sql: "UPDATE entry SET isCurrent = 0 WHERE app = ? AND isCurrent AND id != ?",
            arguments: [app, entryID])
        try db.execute(sql: "UPDATE entry SET isCurrent = 1 WHERE id = ?", arguments: [entryID])
    }

    /// Clears an app's current activity (`resignCurrent()`); returns whether one was current.
    @discardableResult
    public func resignCurrent(app: String, entryID: Int64? = nil) throws -> Bool {
        if let entryID {
            try db.execute(
                sql: "UPDATE entry SET isCurrent = 0 WHERE app = ? AND id = ? AND isCurrent",
                arguments: [app, entryID])
        } else {
            try db.execute(
                sql: "UPDATE entry SET isCurrent = 0 WHERE app = ? AND isCurrent", arguments: [app])
        }
        return db.changesCount > 0
    }

    /// Records that the user engaged with an entry (opened it from a suggestion or result).
    public func recordEngagement(entryID: Int64, at date: Date) throws {
        try db.execute(
            sql: "UPDATE entry SET engagementCount = engagementCount + 1, lastEngagedAt = ? WHERE id = ?",
            arguments: [date.timeIntervalSince1970, entryID])
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
            try db.execute(
                sql: """
                    DELETE FROM entry WHERE app = ? AND kind = 'item'
                      AND (domainIdentifier = ? OR substr(domainIdentifier, 1, ?) = ?)
                    """,
                arguments: [app, domain, domain.count + 1, domain + "."])
            total += db.changesCount
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
    public func deleteAllEntries(app: String, kinds: Set<EntryKind> = Set(EntryKind.allCases)) throws -> Int {
        var total = 0
        for kind in kinds {
            try db.execute(
                sql: "DELETE FROM entry WHERE app = ? AND kind = ?", arguments: [app, kind.rawValue])
            total += db.changesCount
        }
        return total
    }

    /// Deletes one entry by row identifier, within an app.
    @discardableResult
    public func deleteEntry(id: Int64, app: String) throws -> Bool {
        try db.execute(sql: "DELETE FROM entry WHERE id = ? AND app = ?", arguments: [id, app])
        return db.changesCount > 0
    }

    private func deleteEntries(app: String, kind: EntryKind, column: String, values: [String]) throws -> Int {
        var total = 0
        let statement = try db.cachedStatement(
            sql: "DELETE FROM entry WHERE app = ? AND kind = ? AND \(column) = ?")
        for value in values {
            try statement.execute(arguments: [app, kind.rawValue, value])
            total += db.changesCount
        }
        return total
    }

    /// Deletes every expired entry, index rows included; returns how many.
    @discardableResult
    public func purgeExpired(now: Date) throws -> Int {
        try db.execute(
            sql: "DELETE FROM entry WHERE expiresAt IS NOT NULL AND expiresAt <= ?",
            arguments: [now.timeIntervalSince1970])
        return db.changesCount
    }

    // MARK: Reading

    /// An entry by row identifier, if visible in the scope and not expired.
    public func entry(id: Int64, scope: AppScope, now: Date) throws -> StoredEntry? {
        let (clause, arguments) = scope.sql
        return try Row.fetchOne(
            db,
            sql: """
                SELECT \(StoredEntry.columns) FROM entry e
                WHERE e.id = ? AND (e.expiresAt IS NULL OR e.expiresAt > ?) \(clause)
                """,
            arguments: [id, now.timeIntervalSince1970] + arguments
        ).map(StoredEntry.init(row:))
    }

    /// An entry by its identity within an app.
    public func entry(app: String, kind: EntryKind, identityKey: String, now: Date) throws -> StoredEntry? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT \(StoredEntry.columns) FROM entry e
                WHERE e.app = ? AND e.kind = ? AND e.identityKey = ? AND (e.expiresAt IS NULL OR e.expiresAt > ?)
                """,
            arguments: [app, kind.rawValue, identityKey, now.timeIntervalSince1970]
        ).map(StoredEntry.init(row:))
    }

    /// Entries in a scope, newest donation first, optionally of some kinds and donated since a date.
    public func entries(
        scope: AppScope, kinds: Set<EntryKind> = Set(EntryKind.allCases), since: Date? = nil, now: Date,
        limit: Int = 1000
    ) throws -> [StoredEntry] {
        let (clause, arguments) = scope.sql
        let kindList = kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ",")
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(StoredEntry.columns) FROM entry e
                WHERE e.kind IN (\(kindList)) AND (e.expiresAt IS NULL OR e.expiresAt > ?) AND e.donatedAt >= ? \(clause)
                ORDER BY e.donatedAt DESC, e.id DESC LIMIT ?
                """,
            arguments: [
                now.timeIntervalSince1970, since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude,
            ]
                + arguments + [limit]
        ).map(StoredEntry.init(row:))
    }

    /// The current activity of each app in the scope (one per app at most).
    public func currentActivities(scope: AppScope, now: Date) throws -> [StoredEntry] {
        let (clause, arguments) = scope.sql
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(StoredEntry.columns) FROM entry e
                WHERE e.isCurrent AND (e.expiresAt IS NULL OR e.expiresAt > ?) \(clause)
                ORDER BY e.donatedAt DESC
                """,
            arguments: [now.timeIntervalSince1970] + arguments
        ).map(StoredEntry.init(row:))
    }

    /// How many entries of each kind the store holds (expired ones included until purged).
    public func entryCounts() throws -> [EntryKind: Int] {
        var counts: [EntryKind: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT kind, count(*) FROM entry GROUP BY kind") {
            if let kind = EntryKind(rawValue: row[0]) { counts[kind] = row[1] }
        }
        return counts
    }

    /// How many rows the full-text index holds with any text (for checking deletions reach the index).
    public func indexedRowCount(matching expression: String) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM entry_fts WHERE entry_fts MATCH ?", arguments: [expression]) ?? 0
    }
}
