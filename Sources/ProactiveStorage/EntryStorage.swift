import Foundation

/// Entries (activities, items, pages) and their full-text index, within one user's data.
public protocol EntryStorage {
    // MARK: Writing

    /// Inserts an entry, or updates the one with the same app, kind and identity key (the
    /// update counts one more donation and keeps the later donation date).
    @discardableResult
    func upsertEntry(_ draft: EntryDraft) throws -> EntryWriteResult

    /// Inserts or updates several entries: the same as calling ``upsertEntry(_:)`` with each
    /// draft in order, with the same results in the same order. A draft with the identity of
    /// an earlier one in the same call merges into the entry that one wrote.
    ///
    /// Backends whose statements cost a round trip write them with a few statements (the
    /// default calls ``upsertEntry(_:)`` for each draft).
    @discardableResult
    func upsertEntries(_ drafts: [EntryDraft]) throws -> [EntryWriteResult]

    /// Starts ``upsertEntries(_:)``: a backend whose statements cost a round trip sends the
    /// writes and returns at once, so that the caller prepares its next writes while the server
    /// works; ``PendingEntryWrites/results()`` waits for them. The caller makes no other call
    /// on the transaction before reading the results. The default writes at once.
    func submitEntries(_ drafts: [EntryDraft]) throws -> PendingEntryWrites

    /// Makes an entry its app's one current activity (`becomeCurrent()`).
    func makeCurrent(entryID: Int64, app: String) throws

    /// Clears an app's current activity, or only `entryID` if given (`resignCurrent()`);
    /// returns whether one was current.
    @discardableResult
    func resignCurrent(app: String, entryID: Int64?) throws -> Bool

    /// Records that the user engaged with an entry (opened it from a suggestion or result).
    func recordEngagement(entryID: Int64, at date: Date) throws

    /// Deletes an app's items by unique identifier; returns how many were deleted.
    @discardableResult
    func deleteItems(app: String, uniqueIdentifiers: [String]) throws -> Int

    /// Deletes an app's items in the given domains and their subdomains ("a.b" is under "a").
    @discardableResult
    func deleteItems(app: String, domainIdentifiers: [String]) throws -> Int

    /// Deletes an app's saved activities by persistent identifier.
    @discardableResult
    func deleteActivities(app: String, persistentIdentifiers: [String]) throws -> Int

    /// Deletes every entry of an app of the given kinds; returns how many.
    @discardableResult
    func deleteAllEntries(app: String, kinds: Set<EntryKind>) throws -> Int

    /// Deletes one entry by identifier, within an app.
    @discardableResult
    func deleteEntry(id: Int64, app: String) throws -> Bool

    /// Deletes every expired entry of the user (and what hangs on it: places, reminders, index
    /// text); returns how many.
    @discardableResult
    func purgeExpired(now: Date) throws -> Int

    /// Starts ``purgeExpired(now:)``: a backend whose statements cost a round trip sends the
    /// deletion and returns at once, so that the caller prepares its next writes while the
    /// server deletes; ``PendingCount/value()`` waits for the count. Later calls on the
    /// transaction see the expired entries deleted. The default deletes at once.
    func submitPurgeExpired(now: Date) throws -> PendingCount

    // MARK: Reading

    /// An entry by identifier, if visible in the scope and not expired.
    func entry(id: Int64, scope: AppScope, now: Date) throws -> StoredEntry?

    /// The entries with these identifiers that are visible in the scope and not expired, in no
    /// particular order (the default reads them one by one with ``entry(id:scope:now:)``;
    /// backends whose statements cost a round trip read them at once).
    func entries(ids: [Int64], scope: AppScope, now: Date) throws -> [StoredEntry]

    /// An entry by its identity within an app, if not expired.
    func entry(app: String, kind: EntryKind, identityKey: String, now: Date) throws -> StoredEntry?

    /// Entries in a scope, newest donation first, of some kinds and donated since a date.
    func entries(scope: AppScope, kinds: Set<EntryKind>, since: Date?, now: Date, limit: Int) throws
        -> [StoredEntry]

    /// The current activity of each app in the scope (one per app at most), newest first.
    func currentActivities(scope: AppScope, now: Date) throws -> [StoredEntry]

    /// How many entries of each kind the user has (expired ones included until purged).
    func entryCounts() throws -> [EntryKind: Int]

    /// Entries eligible for search, not expired, in the scope, matching every term of a query,
    /// with what ranking needs. At most `limit` entries matching in any field and `limit / 2`
    /// whose title matches are read, most recently indexed first; callers rank them.
    ///
    /// - Parameter reading: how much of each candidate's indexed text to read; what is left
    ///   out is `nil`, with ``SearchCandidate/isTextRead`` or
    ///   ``SearchCandidate/isDescriptionRead`` false.
    func searchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        reading: SearchCandidateText
    ) throws -> [SearchCandidate]

    /// The matches of a query whose title has every term as the title's index finds them (a
    /// superset of those whose title ranking matches) or that the user engaged with, eligible
    /// for search, not expired, in the scope, of the kinds, at most `limit`, most recently
    /// indexed first, each read without its description; and, when they are fewer than
    /// `othersBelow`, every other match too (at most `limit`), in the same read. A long last
    /// word matches as ``SearchCandidatePolicy`` reads it first (a whole word, when that
    /// finds enough for a first page of `othersBelow`).
    /// `nil` when the store cannot read them apart cheaply (a first page then reads every
    /// match).
    func titleSearchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        othersBelow: Int
    ) throws -> TitleSearchCandidates?

    /// Every match of a query whose title has every term as the title's index finds them or
    /// that the user engaged with, as ``titleSearchCandidates(_:scope:kinds:now:limit:othersBelow:)``
    /// reads them, however many (a long last word as a prefix, as a ranking of every match
    /// reads it), and none of the others (``TitleSearchCandidates/others`` nil): what a ranking
    /// of every match reads first. The others are bounded without being read, and read
    /// (``searchCandidates(_:scope:kinds:now:limit:reading:)``, ``SearchCandidateText/none``)
    /// only when these cannot fill the page. `nil` when the store cannot tell them apart, or
    /// not for less than reading every match (the ranking then reads every match).
    func everyTitleSearchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date
    ) throws -> TitleSearchCandidates?

    /// The entries of `ids` in the scope, not expired (as ``entries(ids:scope:now:)``, in no
    /// particular order), each with its whole indexed text: what ranking reads for candidates
    /// read without it, and what a page shows of them.
    func entriesForRanking(ids: [Int64], scope: AppScope, now: Date) throws -> [EntryForRanking]

    /// How many of the user's entries the full-text index finds for a query, expired or not
    /// (for checking that deletions reach the index).
    func indexedRowCount(matching query: FullTextQuery) throws -> Int

    /// Checks the full-text index against the rows it indexes.
    func indexIntegrityCheck() throws -> Bool
}

extension EntryStorage {
    /// Calls ``upsertEntry(_:)`` for each draft, in order.
    @discardableResult
    public func upsertEntries(_ drafts: [EntryDraft]) throws -> [EntryWriteResult] {
        try drafts.map { try upsertEntry($0) }
    }

    /// Writes at once with ``upsertEntries(_:)``.
    public func submitEntries(_ drafts: [EntryDraft]) throws -> PendingEntryWrites {
        let results = try upsertEntries(drafts)
        return PendingEntryWrites { results }
    }

    /// Deletes at once with ``purgeExpired(now:)``.
    public func submitPurgeExpired(now: Date) throws -> PendingCount {
        let count = try purgeExpired(now: now)
        return PendingCount { count }
    }

    /// No title candidates apart: the store reads every match for a first page.
    public func titleSearchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        othersBelow: Int
    ) throws -> TitleSearchCandidates? { nil }

    /// No title candidates apart: a ranking of every match reads every match.
    public func everyTitleSearchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date
    ) throws -> TitleSearchCandidates? { nil }

    /// Reads the entries one by one with ``entry(id:scope:now:)``.
    public func entries(ids: [Int64], scope: AppScope, now: Date) throws -> [StoredEntry] {
        try ids.compactMap { try entry(id: $0, scope: scope, now: now) }
    }

    /// Clears an app's current activity; returns whether one was current.
    @discardableResult
    public func resignCurrent(app: String) throws -> Bool { try resignCurrent(app: app, entryID: nil) }

    /// Deletes every entry of an app; returns how many.
    @discardableResult
    public func deleteAllEntries(app: String) throws -> Int {
        try deleteAllEntries(app: app, kinds: Set(EntryKind.allCases))
    }

    /// Entries of every kind in a scope, newest donation first.
    public func entries(scope: AppScope, now: Date, limit: Int = 1000) throws -> [StoredEntry] {
        try entries(scope: scope, kinds: Set(EntryKind.allCases), since: nil, now: now, limit: limit)
    }

    /// Entries of any kind matching a query, with their whole indexed text (see
    /// ``searchCandidates(_:scope:kinds:now:limit:reading:)``), at most `limit` (150).
    public func searchCandidates(
        _ query: FullTextQuery, scope: AppScope, now: Date, limit: Int = 150,
        reading: SearchCandidateText = .whole
    ) throws -> [SearchCandidate] {
        try searchCandidates(
            query, scope: scope, kinds: Set(EntryKind.allCases), now: now, limit: limit, reading: reading)
    }
}
