import Foundation
import PostgresNIO
import ProactiveStorage

extension StoredApp {
    init(reader r: inout RowReader) throws {
        self.init(
            bundleIdentifier: try r.next(), name: try r.next(), declaration: try r.next(),
            updatedAt: try r.date())
    }
}

extension PostgresTransaction {
    // MARK: App declarations (service-wide)

    func saveApp(bundleIdentifier: String, name: String, declaration: String, at date: Date) throws -> Bool {
        let doing = "declaring an app"
        let inserted = try firstRow(
            write(
                """
                INSERT INTO app (bundle_identifier, name, declaration, updated_at)
                VALUES (\(bundleIdentifier), \(name), \(declaration), \(date.timeIntervalSince1970))
                ON CONFLICT (bundle_identifier) DO UPDATE SET name = excluded.name,
                  declaration = excluded.declaration, updated_at = excluded.updated_at
                RETURNING xmax = 0
                """, doing), doing
        ) { try $0.next(Bool.self) }
        return inserted == false
    }

    func apps() throws -> [StoredApp] {
        let doing = "reading apps"
        return try rows(
            read(
                """
                SELECT bundle_identifier, name, declaration, updated_at FROM app
                ORDER BY bundle_identifier COLLATE "C"
                """, doing), doing, StoredApp.init(reader:))
    }

    func app(_ bundleIdentifier: String) throws -> StoredApp? {
        let doing = "reading an app"
        return try firstRow(
            read(
                """
                SELECT bundle_identifier, name, declaration, updated_at FROM app
                WHERE bundle_identifier = \(bundleIdentifier)
                """, doing), doing, StoredApp.init(reader:))
    }

    // MARK: Client state (per user)

    func saveClientState(_ state: String?, app: String, at date: Date) throws {
        try write(
            """
            INSERT INTO client_state (user_id, app, client_state, updated_at)
            VALUES (\(userID), \(app), \(state), \(date.timeIntervalSince1970))
            ON CONFLICT (user_id, app) DO UPDATE SET client_state = excluded.client_state,
              updated_at = excluded.updated_at
            """, "storing client state")
    }

    func clientState(app: String) throws -> String? {
        let doing = "reading client state"
        return try firstRow(
            read("SELECT client_state FROM client_state WHERE user_id = \(userID) AND app = \(app)", doing),
            doing
        ) { try $0.next(String?.self) } ?? nil
    }
}
