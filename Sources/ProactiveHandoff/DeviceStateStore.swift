import Crypto
import Foundation
import GRDB

/// A device's Handoff state, in a small SQLite file of its own (beside the store): for each user
/// of the store, the device's keys, the newest verified list of its group, the offers received
/// and the ids of messages seen (to refuse replays).
public final class DeviceStateStore: Sendable {
    private let queue: DatabaseQueue

    /// Opens (or creates, mode 0600) the file at `path`; `nil` keeps it in memory.
    public init(path: String?) throws {
        if let path {
            let existed = FileManager.default.fileExists(atPath: path)
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            // Offers and keys deleted are overwritten with zeros, not left in free space.
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON")
            }
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            if !existed { chmod(path, 0o600) }
        } else {
            queue = try DatabaseQueue()
        }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-handoff") { db in
            try db.execute(
                sql: """
                    CREATE TABLE identity (
                      user TEXT PRIMARY KEY, name TEXT NOT NULL, signingKey BLOB NOT NULL, agreementKey BLOB NOT NULL);
                    CREATE TABLE deviceList (
                      user TEXT PRIMARY KEY, version INTEGER NOT NULL, signed TEXT NOT NULL);
                    CREATE TABLE offer (
                      user TEXT NOT NULL, source TEXT NOT NULL, activity TEXT NOT NULL, app TEXT NOT NULL,
                      activityType TEXT NOT NULL, title TEXT, webpageURL TEXT, receivedAt TEXT NOT NULL,
                      PRIMARY KEY (user, source));
                    CREATE TABLE seenMessage (
                      user TEXT NOT NULL, id TEXT NOT NULL, seenAt REAL NOT NULL, PRIMARY KEY (user, id));
                    """)
        }
        try migrator.migrate(queue)
    }

    // MARK: Identity

    /// The device's identity for a user, if made.
    public func identity(user: String) throws -> DeviceIdentity? {
        try queue.read { db in try Self.identity(user: user, in: db) }
    }

    private static func identity(user: String, in db: Database) throws -> DeviceIdentity? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM identity WHERE user = ?", arguments: [user])
        else { return nil }
        return DeviceIdentity(
            name: row["name"],
            signingKey: try Curve25519.Signing.PrivateKey(rawRepresentation: row["signingKey"] as Data),
            agreementKey: try Curve25519.KeyAgreement.PrivateKey(
                rawRepresentation: row["agreementKey"] as Data))
    }

    /// The identity for a user, made (with `name`) on first use.
    public func identity(user: String, makingWithName name: String) throws -> DeviceIdentity {
        try queue.write { db in
            if let known = try Self.identity(user: user, in: db) { return known }
            let made = DeviceIdentity(name: name)
            try db.execute(
                sql: "INSERT INTO identity (user, name, signingKey, agreementKey) VALUES (?, ?, ?, ?)",
                arguments: [
                    user, name, made.signingKey.rawRepresentation, made.agreementKey.rawRepresentation,
                ])
            return made
        }
    }

    /// The users with an identity.
    public func users() throws -> [String] {
        try queue.read { db in try String.fetchAll(db, sql: "SELECT user FROM identity ORDER BY user") }
    }

    // MARK: The group

    /// The newest verified list of the user's group, as signed.
    public func signedList(user: String) throws -> SignedDeviceList? {
        try queue.read { db in
            guard
                let text = try String.fetchOne(
                    db, sql: "SELECT signed FROM deviceList WHERE user = ?", arguments: [user])
            else { return nil }
            return try JSONDecoder().decode(SignedDeviceList.self, from: Data(text.utf8))
        }
    }

    /// Keeps a verified list (only if newer than the one kept).
    public func keep(_ signed: SignedDeviceList, version: Int, user: String) throws {
        let text = String(decoding: try JSONEncoder().encode(signed), as: UTF8.self)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO deviceList (user, version, signed) VALUES (?, ?, ?)
                    ON CONFLICT (user) DO UPDATE SET version = excluded.version, signed = excluded.signed
                    WHERE excluded.version > deviceList.version
                    """, arguments: [user, version, text])
            // Offers from devices no longer in the group go with them.
            if let list = try? signed.unverifiedList() {
                let members = list.devices.map(\.id)
                try db.execute(
                    sql:
                        "DELETE FROM offer WHERE user = ? AND source NOT IN (\(members.map { _ in "?" }.joined(separator: ",")))",
                    arguments: StatementArguments([user] + members))
            }
        }
    }

    // MARK: Offers

    /// The offers received by a user's device, newest first.
    public func offers(user: String) throws -> [HandoffOfferRecord] {
        try queue.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM offer WHERE user = ? ORDER BY receivedAt DESC", arguments: [user]
            )
            .map {
                HandoffOfferRecord(
                    source: $0["source"], activity: $0["activity"], app: $0["app"],
                    activityType: $0["activityType"], title: $0["title"], webpageURL: $0["webpageURL"],
                    receivedAt: $0["receivedAt"])
            }
        }
    }

    /// Keeps an offer, replacing the source's previous one.
    public func keep(_ offer: HandoffOfferRecord, user: String) throws {
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO offer (user, source, activity, app, activityType, title, webpageURL, receivedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    user, offer.source, offer.activity, offer.app, offer.activityType, offer.title,
                    offer.webpageURL, offer.receivedAt,
                ])
        }
    }

    /// Withdraws a source's offer (of `activity`, or whatever it is when nil); answers whether one went.
    @discardableResult
    public func withdrawOffer(source: String, activity: String?, user: String) throws -> Bool {
        try queue.write { db in
            try db.execute(
                sql: "DELETE FROM offer WHERE user = ? AND source = ? AND (? IS NULL OR activity = ?)",
                arguments: [user, source, activity, activity])
            return db.changesCount > 0
        }
    }

    // MARK: Replays

    /// Records a message id; answers false when it was seen before (a replay). Ids older than
    /// twice the longest message age are forgotten.
    public func firstSighting(of id: String, user: String, now: Date) throws -> Bool {
        try queue.write { db in
            try db.execute(
                sql: "DELETE FROM seenMessage WHERE seenAt < ?",
                arguments: [now.timeIntervalSince1970 - 2 * EnvelopeSealer.maximumAge])
            try db.execute(
                sql: "INSERT OR IGNORE INTO seenMessage (user, id, seenAt) VALUES (?, ?, ?)",
                arguments: [user, id, now.timeIntervalSince1970])
            return db.changesCount > 0
        }
    }
}
