import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    /// Declares or re-declares an app; returns whether it was already known.
    @discardableResult
    public func saveApp(bundleIdentifier: String, name: String, declaration: String, at date: Date) throws
        -> Bool
    {
        let known =
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM app WHERE bundleIdentifier = ?", arguments: [bundleIdentifier])
            ?? false
        try db.execute(
            sql: """
                INSERT INTO app (bundleIdentifier, name, declaration, updatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (bundleIdentifier) DO UPDATE SET name = excluded.name,
                  declaration = excluded.declaration, updatedAt = excluded.updatedAt
                """,
            arguments: [bundleIdentifier, name, declaration, date.timeIntervalSince1970])
        return known
    }

    /// Every declared app.
    public func apps() throws -> [StoredApp] {
        try Row.fetchAll(
            db,
            sql: "SELECT bundleIdentifier, name, declaration, updatedAt FROM app ORDER BY bundleIdentifier"
        )
        .map {
            StoredApp(
                bundleIdentifier: $0[0], name: $0[1], declaration: $0[2],
                updatedAt: Date(timeIntervalSince1970: $0[3]))
        }
    }

    /// One declared app.
    public func app(_ bundleIdentifier: String) throws -> StoredApp? {
        try Row.fetchOne(
            db,
            sql: "SELECT bundleIdentifier, name, declaration, updatedAt FROM app WHERE bundleIdentifier = ?",
            arguments: [bundleIdentifier]
        ).map {
            StoredApp(
                bundleIdentifier: $0[0], name: $0[1], declaration: $0[2],
                updatedAt: Date(timeIntervalSince1970: $0[3]))
        }
    }

    /// Stores an app's client state with the batch that ends (`endIndexBatch`).
    public func saveClientState(_ state: String?, app: String, at date: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO clientState (userId, app, clientState, updatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (userId, app) DO UPDATE SET clientState = excluded.clientState,
                  updatedAt = excluded.updatedAt
                """,
            arguments: [userID, app, state, date.timeIntervalSince1970])
    }

    /// The client state stored with an app's last batch (`fetchLastClientState`).
    public func clientState(app: String) throws -> String? {
        try String.fetchOne(
            db, sql: "SELECT clientState FROM clientState WHERE userId = ? AND app = ?",
            arguments: [userID, app])
    }
}
