import Foundation
import PostgresNIO
import ProactiveStorage

extension PostgresTransaction {
    func replacePlaceSightings(entryID: Int64, with records: [PlaceSightingRecord]) throws {
        let doing = "storing place sightings"
        try write(
            "DELETE FROM place_sighting WHERE user_id = \(userID) AND entry_id = \(entryID)", doing)
        for r in records {
            try write(
                """
                INSERT INTO place_sighting (user_id, entry_id, app, activity_type, url, seen_at, expires_at,
                  supports_navigation, name_key, city_key, latitude, longitude, coordinate_source, place)
                VALUES (\(userID), \(entryID), \(r.app), \(r.activityType), \(r.url), \(r.seenAt.timeIntervalSince1970),
                  \(r.expiresAt?.timeIntervalSince1970), \(r.supportsNavigation), \(r.nameKey), \(r.cityKey),
                  \(r.latitude), \(r.longitude), \(r.coordinateSource), \(r.place))
                """, doing)
        }
    }

    func placeJSON(ids: [Int64]) throws -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        let doing = "reading places"
        let pairs = try rows(
            read(
                "SELECT id, place FROM place_sighting WHERE user_id = \(userID) AND id = ANY(\(ids))", doing),
            doing
        ) { (try $0.next(Int64.self), try $0.next(String.self)) }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    func placeSightings(since: Date, now: Date, limit: Int, includingPlace: Bool) throws
        -> [PlaceSightingRecord]
    {
        let doing = "reading place sightings"
        return try rows(
            read(
                """
                SELECT id, entry_id, app, activity_type, url, seen_at, expires_at, supports_navigation, name_key,
                  city_key, latitude, longitude, coordinate_source, \(unescaped: includingPlace ? "place" : "''")
                FROM place_sighting
                WHERE user_id = \(userID) AND seen_at >= \(since.timeIntervalSince1970)
                  AND seen_at <= \(now.timeIntervalSince1970)
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                ORDER BY seen_at DESC, id DESC LIMIT \(limit)
                """, doing), doing
        ) { r in
            let id: Int64 = try r.next()
            var record = PlaceSightingRecord(
                entryID: try r.next(), app: try r.next(), activityType: try r.next(), url: try r.next(),
                seenAt: try r.date(), expiresAt: try r.optionalDate(), supportsNavigation: try r.next(),
                nameKey: try r.next(), cityKey: try r.next(), latitude: try r.next(), longitude: try r.next(),
                coordinateSource: try r.next(), place: try r.next())
            record.id = id
            return record
        }
    }
}
