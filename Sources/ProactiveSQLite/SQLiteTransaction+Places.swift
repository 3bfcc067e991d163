import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    /// Replaces the places seen in an entry.
    public func replacePlaceSightings(entryID: Int64, with records: [PlaceSightingRecord]) throws {
        // By the entry's index: without statistics SQLite would otherwise pick (userKey, seenAt)
        // and read every sighting of the user for each entry (ingest became quadratic).
        let user = try names.internedKey(of: userID, db)
        try db.cachedStatement(
            sql:
                "DELETE FROM placeSighting INDEXED BY placeSighting_entryId WHERE entryId = ? AND userKey = ?"
        ).execute(arguments: [entryID, user])
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO placeSighting (userKey, entryId, appKey, activityType, url, seenAt, expiresAt, supportsNavigation,
                  nameKey, cityKey, latitude, longitude, coordinateSource, place)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for r in records {
            try insert.execute(arguments: [
                user, entryID, names.internedKey(of: r.app, db), r.activityType, r.url,
                r.seenAt.timeIntervalSince1970,
                r.expiresAt?.timeIntervalSince1970, r.supportsNavigation, r.nameKey, r.cityKey, r.latitude,
                r.longitude,
                r.coordinateSource, StoredText.placeValue(r.place, companion: r.companion),
            ])
        }
    }

    /// The places (JSON) of sightings, by sighting identifier.
    public func placeJSON(ids: [Int64]) throws -> [Int64: String] {
        var found: [Int64: String] = [:]
        let statement = try db.cachedStatement(
            sql:
                "SELECT place, \(PlaceSightingRecord.companionColumns) FROM placeSighting WHERE id = ? AND userKey = ?"
        )
        let user = try userKey()
        for id in ids {
            if let row = try Row.fetchOne(statement, arguments: [id, user]) {
                found[id] = try StoredText.text(
                    row[0] as DatabaseValue, companion: StoredText.companion(row, columns: 1..<row.count))
            }
        }
        return found
    }

    /// The most recent place sightings seen between `since` and `now`, not expired, newest
    /// first; with `includingPlace` false their `place` JSON is left empty (see ``placeJSON(ids:)``).
    public func placeSightings(since: Date, now: Date, limit: Int, includingPlace: Bool) throws
        -> [PlaceSightingRecord]
    {
        try rows(
            """
            SELECT id, entryId, appKey, activityType, url, seenAt, expiresAt, supportsNavigation, nameKey, cityKey,
              latitude, longitude, coordinateSource, \(includingPlace ? "place" : "''")
            FROM placeSighting
            WHERE userKey = ? AND seenAt >= ? AND seenAt <= ? AND (expiresAt IS NULL OR expiresAt > ?)
            ORDER BY seenAt DESC, id DESC LIMIT ?
            """,
            [
                userKey(), since.timeIntervalSince1970, now.timeIntervalSince1970, now.timeIntervalSince1970,
                limit,
            ]
        ) { row in
            var record = PlaceSightingRecord(
                entryID: row[1], app: try names.name(of: row[2], db), activityType: row[3], url: row[4],
                seenAt: Date(timeIntervalSince1970: row[5]),
                expiresAt: (row[6] as Double?).map(Date.init(timeIntervalSince1970:)),
                supportsNavigation: row[7], nameKey: row[8], cityKey: row[9], latitude: row[10],
                longitude: row[11],
                coordinateSource: row[12],
                place: try StoredText.text(
                    row[13] as DatabaseValue, companion: StoredText.companion(row, columns: 8..<12)))
            record.id = row[0]
            return record
        }
    }
}

extension PlaceSightingRecord {
    /// The columns a sighting's place is compressed beside (``StoredText/Format/placesBesideKeys``).
    static let companionColumns = "nameKey, cityKey, latitude, longitude"

    /// What the place is compressed beside: the values of ``companionColumns``.
    var companion: [UInt8] {
        StoredText.companion([
            nameKey.databaseValue, cityKey.databaseValue, latitude.databaseValue, longitude.databaseValue,
        ])
    }
}
