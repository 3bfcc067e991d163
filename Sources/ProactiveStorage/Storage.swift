import Foundation

/// Durable storage for the engine: a backend (the embedded SQLite store, PostgreSQL) behind
/// one protocol.
///
/// Every write is one transaction that keeps the invariants (the full-text index changes with
/// the rows it indexes); a write that returned has been committed durably and survives a crash
/// of the process. Every transaction acts for one user and sees only that user's rows;
/// app declarations and access tokens belong to the whole store or service.
///
/// The protocol is synchronous by design: the engine's transactions interleave Swift logic
/// (merging donations, learning context) with many small statements, and the embedded store's
/// transactions are synchronous closures. Callers that serve requests run engine calls off
/// Swift's cooperative threads (see `docs/architecture.md`).
public protocol Storage: Sendable {
    /// Runs `body` in one write transaction for `user`: all of it is committed, or none.
    @discardableResult
    func write<T>(user: UserID, _ body: (any StorageTransaction) throws -> T) throws -> T

    /// Runs `body` with a consistent read-only view of `user`'s data.
    func read<T>(user: UserID, _ body: (any StorageTransaction) throws -> T) throws -> T

    /// A number that changes when another process (another CLI, another daemon on the same
    /// database) commits a change; this process's own commits need not change it.
    func externalChangeCount() throws -> Int

    /// Asks to be told at once, on an arbitrary thread, when another process (another daemon on
    /// the same database) commits a change for a user. Returns whether the backend can; when it
    /// cannot, callers poll ``externalChangeCount()``.
    @discardableResult
    func onExternalChange(_ handler: @escaping @Sendable (UserID) -> Void) -> Bool

    /// The users who have an expired entry eligible for public indexing not yet purged: their
    /// contributions to the public index must be withdrawn (every user's search hides public
    /// entries below the threshold at once).
    func usersWithExpiredPublicContributions(now: Date) throws -> [UserID]

    /// The users who have an expired entry not yet purged.
    func usersWithExpiredEntries(now: Date) throws -> [UserID]

    /// Does one step of upkeep on the full-text index when it is due, at most `pages` pages of
    /// writing in one short write transaction, and answers whether more steps are due.
    ///
    /// The embedded store merges its index's segments into one when they have grown enough
    /// (a search then reads each word's matches in one place); callers run steps when idle
    /// until it answers `false`. Backends that keep their indexes themselves (PostgreSQL's
    /// autovacuum) answer `false` at once.
    func maintainSearchIndex(pages: Int) throws -> Bool

    /// Does one step of removing deleted and replaced text from the files of the full-text
    /// index, at most `pages` pages of writing in one short write transaction, and answers
    /// whether more steps are needed: callers that delete for a user run steps until it
    /// answers `false`.
    ///
    /// The embedded store's index keeps a deleted row's words in its file (behind a delete
    /// marker) until its segments are merged into one, and its pages keep older copies of
    /// their cells in their slack until the file is rewritten; the last step does both.
    /// ``maintainSearchIndex(pages:)`` does that too, spaced so that it costs little. Backends
    /// whose deleted rows leave their
    /// files through their own upkeep (PostgreSQL's vacuum) answer `false` at once.
    func purgeDeletedText(pages: Int) throws -> Bool

    /// Reads the whole store (every user's rows and the indexes over them) and answers the
    /// problems found, one sentence each; empty when the store is intact (`proactive check`).
    func checkIntegrity() throws -> [String]

    /// A short description of the backend and where its data lives, for logs and the inspector
    /// (never a password).
    var backendDescription: String { get }

    /// Does ahead of a write, on the calling thread, the work of storing these documents as
    /// payloads (their UTF-8 text) that does not depend on the store: a caller that parses
    /// documents on one thread and writes them on another calls it while parsing. The
    /// embedded store compresses them beside their entries' indexed text (the write then
    /// takes the compressed forms instead of compressing); a write of a payload not prepared,
    /// or whose entry indexes other text, does that work itself. The default does nothing.
    func prepareToStore(_ payloads: [PayloadDraft])

    /// Whether ``prepareToStore(_:)`` does anything: a caller makes no drafts for a backend
    /// that ignores them (their indexed text is a tenth of an item's ingest on PostgreSQL).
    /// The default is `false`.
    var preparesPayloads: Bool { get }

    /// Reads ahead what searches would otherwise read on their path, as a daemon does once at
    /// start (the embedded store reads the matches of its index's most frequent words, in the
    /// background); with `waitUntilDone`, returns once that is done. The default does
    /// nothing.
    func prepareSearchIndex(waitUntilDone: Bool)
}

extension Storage {
    /// Backends that store payloads as they are have nothing to prepare.
    public func prepareToStore(_ payloads: [PayloadDraft]) {}

    /// Backends that store payloads as they are prepare nothing.
    public var preparesPayloads: Bool { false }

    /// Backends whose searches read nothing ahead have nothing to prepare.
    public func prepareSearchIndex(waitUntilDone: Bool) {}

    /// Backends that keep their indexes themselves have no upkeep to do.
    public func maintainSearchIndex(pages: Int) throws -> Bool { false }

    /// Backends whose deleted rows leave their files through their own upkeep have nothing to
    /// purge.
    public func purgeDeletedText(pages: Int) throws -> Bool { false }

    /// Backends without change notifications are polled.
    @discardableResult
    public func onExternalChange(_ handler: @escaping @Sendable (UserID) -> Void) -> Bool { false }

    /// Runs `body` in one write transaction for the device's user.
    @discardableResult
    public func write<T>(_ body: (any StorageTransaction) throws -> T) throws -> T {
        try write(user: .device, body)
    }

    /// Runs `body` with a consistent read-only view of the device's user's data.
    public func read<T>(_ body: (any StorageTransaction) throws -> T) throws -> T {
        try read(user: .device, body)
    }
}

/// Access to storage inside one transaction, for one user (``user``), grouped by concern.
///
/// Only valid inside the closure passed to ``Storage/write(user:_:)`` or
/// ``Storage/read(user:_:)``; writing methods throw in a read transaction.
public protocol StorageTransaction:
    EntryStorage, PlaceStorage, InteractionStorage, EventStorage, ReminderStorage, AppStorage,
    AccessTokenStorage, ClientStateStorage, PublicIndexStorage
{
    /// The user whose data this transaction reads and writes.
    var user: UserID { get }

    /// Announces reads the caller is about to make, in any order, none depending on another.
    /// A backend whose statements each cost a round trip (PostgreSQL) sends them at once,
    /// without waiting, so that they run while the caller goes on and their results come with
    /// the next statement it waits for; each announced read, when it is made, is answered from
    /// what was sent (once: a second call reads again). The default does nothing; reads
    /// announced and never made cost only their fetch.
    func prefetch(_ reads: [StorageRead]) throws
}

extension StorageTransaction {
    public func prefetch(_ reads: [StorageRead]) throws {}
}
