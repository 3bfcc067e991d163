import Foundation
import GRDB
import ProactiveHandoff

/// What the relay keeps on disk: each group's signed lists, and the envelopes waiting for
/// their recipients (recipient, size, times, ciphertext — never a sender).
final class RelayStore: Sendable {
    private let queue: DatabaseQueue

    init(path: String?) throws {
        if let path {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            // WAL with synchronous NORMAL: a commit survives the process being killed (what a
            // relay must promise for an acknowledged envelope); only a power cut may lose the
            // last ones, which their senders post again when they find them missing.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
        } else {
            queue = try DatabaseQueue()
        }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-relay") { db in
            try db.execute(
                sql: """
                    CREATE TABLE groupList (
                      groupID TEXT NOT NULL, version INTEGER NOT NULL, signed TEXT NOT NULL,
                      PRIMARY KEY (groupID, version));
                    CREATE TABLE envelope (
                      id TEXT PRIMARY KEY, recipient TEXT NOT NULL, size INTEGER NOT NULL,
                      receivedAt REAL NOT NULL, expiresAt REAL NOT NULL, ciphertext BLOB NOT NULL);
                    CREATE INDEX envelopeByRecipient ON envelope (recipient, receivedAt);
                    """)
        }
        try migrator.migrate(queue)
    }

    /// Every group's newest signed list.
    func currentLists() throws -> [SignedDeviceList] {
        try queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT signed FROM groupList g
                    WHERE version = (SELECT MAX(version) FROM groupList WHERE groupID = g.groupID)
                    """
            ).map { try JSONDecoder().decode(SignedDeviceList.self, from: Data($0.utf8)) }
        }
    }

    /// Adds a list version; false if that version exists (a concurrent change).
    func add(_ signed: SignedDeviceList, group: String, version: Int) throws -> Bool {
        let text = String(decoding: try JSONEncoder().encode(signed), as: UTF8.self)
        return try queue.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO groupList (groupID, version, signed) VALUES (?, ?, ?)",
                arguments: [group, version, text])
            return db.changesCount > 0
        }
    }

    /// The lists of a group after a version.
    func lists(group: String, since: Int) throws -> [SignedDeviceList] {
        try queue.read { db in
            try String.fetchAll(
                db, sql: "SELECT signed FROM groupList WHERE groupID = ? AND version > ? ORDER BY version",
                arguments: [group, since]
            ).map { try JSONDecoder().decode(SignedDeviceList.self, from: Data($0.utf8)) }
        }
    }

    /// Stores an envelope.
    func store(id: String, recipient: String, ciphertext: Data, receivedAt: Date, expiresAt: Date) throws {
        try queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO envelope (id, recipient, size, receivedAt, expiresAt, ciphertext) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    id, recipient, ciphertext.count, receivedAt.timeIntervalSince1970,
                    expiresAt.timeIntervalSince1970,
                    ciphertext,
                ])
        }
    }

    struct Stored {
        var id: String
        var ciphertext: Data
        var receivedAt: Date
        var expiresAt: Date
    }

    /// The unexpired envelopes for a device, oldest first.
    func envelopes(for recipient: String, now: Date, limit: Int = 100) throws -> [Stored] {
        try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, ciphertext, receivedAt, expiresAt FROM envelope
                    WHERE recipient = ? AND expiresAt > ? ORDER BY receivedAt LIMIT ?
                    """, arguments: [recipient, now.timeIntervalSince1970, limit]
            ).map {
                Stored(
                    id: $0["id"], ciphertext: $0["ciphertext"],
                    receivedAt: Date(timeIntervalSince1970: $0["receivedAt"]),
                    expiresAt: Date(timeIntervalSince1970: $0["expiresAt"]))
            }
        }
    }

    /// How many unexpired envelopes wait for a device.
    func waitingCount(for recipient: String, now: Date) throws -> Int {
        try queue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM envelope WHERE recipient = ? AND expiresAt > ?",
                arguments: [recipient, now.timeIntervalSince1970]) ?? 0
        }
    }

    /// Deletes a recipient's envelope; answers whether it existed.
    func delete(id: String, recipient: String) throws -> Bool {
        try queue.write { db in
            try db.execute(
                sql: "DELETE FROM envelope WHERE id = ? AND recipient = ?", arguments: [id, recipient])
            return db.changesCount > 0
        }
    }

    /// Deletes every envelope for devices (revoked ones).
    func deleteEnvelopes(for recipients: [String]) throws {
        guard !recipients.isEmpty else { return }
        try queue.write { db in
            try db.execute(
                sql:
                    "DELETE FROM envelope WHERE recipient IN (\(recipients.map { _ in "?" }.joined(separator: ",")))",
                arguments: StatementArguments(recipients))
        }
    }

    /// Deletes expired envelopes; answers how many.
    func sweep(now: Date) throws -> Int {
        try queue.write { db in
            try db.execute(
                sql: "DELETE FROM envelope WHERE expiresAt <= ?", arguments: [now.timeIntervalSince1970])
            return db.changesCount
        }
    }

    /// How many envelopes wait (for metrics and tests).
    func envelopeCount() throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM envelope") ?? 0 }
    }
}
