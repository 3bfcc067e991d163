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

    func replacePlaceSightings(_ sightings: [(entryID: Int64, records: [PlaceSightingRecord])]) throws {
        guard sightings.count > 1 else {
            for (entryID, records) in sightings { try replacePlaceSightings(entryID: entryID, with: records) }
            return
        }
        // An entry given twice keeps its last element's records, inserted where that element is.
        var last: [Int64: Int] = [:]
        for (index, element) in sightings.enumerated() { last[element.entryID] = index }
        let kept = sightings.enumerated().filter { last[$0.element.entryID] == $0.offset }.map(\.element)
        let entryIDs = kept.map(\.entryID)
        let records = kept.flatMap { element in element.records.map { (entryID: element.entryID, record: $0) }
        }
        let doing = "storing place sightings"
        guard !records.isEmpty else {
            try write(
                "DELETE FROM place_sighting WHERE user_id = \(userID) AND entry_id = ANY(\(entryIDs))", doing)
            return
        }
        guard
            records.allSatisfy({
                JSONRows.isRepresentable($0.record.latitude) && JSONRows.isRepresentable($0.record.longitude)
                    && JSONRows.isRepresentable($0.record.seenAt.timeIntervalSince1970)
                    && JSONRows.isRepresentable($0.record.expiresAt?.timeIntervalSince1970)
            })
        else {
            // A number JSON cannot hold: the one-by-one path binds it.
            for (entryID, records) in kept { try replacePlaceSightings(entryID: entryID, with: records) }
            return
        }
        var batch = JSONRows(reservingCapacity: records.reduce(0) { $0 + $1.record.place.utf8.count + 256 })
        for (ord, (entryID, r)) in records.enumerated() {
            batch.startRow()
            batch.add("ord", ord)
            batch.add("entry_id", entryID)
            batch.add("app", r.app)
            batch.add("activity_type", r.activityType)
            batch.add("url", r.url)
            batch.add("seen_at", r.seenAt.timeIntervalSince1970)
            batch.add("expires_at", r.expiresAt?.timeIntervalSince1970)
            batch.add("supports_navigation", r.supportsNavigation)
            batch.add("name_key", r.nameKey)
            batch.add("city_key", r.cityKey)
            batch.add("latitude", r.latitude)
            batch.add("longitude", r.longitude)
            batch.add("coordinate_source", r.coordinateSource)
            batch.add("place", r.place)
        }
        // One statement: the old sightings deleted and the new ones inserted (in order), in the
        // same snapshot; they are different rows. It inserts rows, so the transaction changed;
        // it is not waited for: the transaction's next statement (at the latest its COMMIT)
        // waits for it first and reports its failure.
        try requireWritable(doing)
        noteChange()
        session.send(
            """
            WITH replaced AS (
              DELETE FROM place_sighting WHERE user_id = \(userID) AND entry_id = ANY(\(entryIDs))
            )
            INSERT INTO place_sighting (user_id, entry_id, app, activity_type, url, seen_at, expires_at,
              supports_navigation, name_key, city_key, latitude, longitude, coordinate_source, place)
            SELECT \(userID), r.entry_id, r.app, r.activity_type, r.url, r.seen_at, r.expires_at,
              r.supports_navigation, r.name_key, r.city_key, r.latitude, r.longitude, r.coordinate_source, r.place
            FROM jsonb_to_recordset(\(batch.json)::jsonb) AS r(ord integer, entry_id bigint, app text,
              activity_type text, url text, seen_at double precision, expires_at double precision,
              supports_navigation boolean, name_key text, city_key text, latitude double precision,
              longitude double precision, coordinate_source text, place text)
            ORDER BY r.ord
            """, while: doing)
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
            fetch(
                .placeSightings(since: since, now: now, limit: limit, includingPlace: includingPlace), doing),
            doing
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
