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
        try replacePlaceSightings(sightings, newEntryIDs: [])
    }

    func replacePlaceSightings(
        _ sightings: [(entryID: Int64, records: [PlaceSightingRecord])], newEntryIDs: Set<Int64>
    ) throws {
        guard sightings.count > 1 else {
            for (entryID, records) in sightings { try replacePlaceSightings(entryID: entryID, with: records) }
            return
        }
        // An entry given twice keeps its last element's records, inserted where that element is.
        var last: [Int64: Int] = [:]
        for (index, element) in sightings.enumerated() { last[element.entryID] = index }
        let kept = sightings.enumerated().filter { last[$0.element.entryID] == $0.offset }.map(\.element)
        // Only entries that existed before this transaction can have sightings to delete.
        let entryIDs = kept.map(\.entryID).filter { !newEntryIDs.contains($0) }
        let records = kept.flatMap { element in element.records.map { (entryID: element.entryID, record: $0) }
        }
        let doing = "storing place sightings"
        guard !records.isEmpty else {
            guard !entryIDs.isEmpty else { return }
            try write(
                "DELETE FROM place_sighting WHERE user_id = \(userID) AND entry_id = ANY(\(entryIDs))", doing)
            return
        }
        var entryID = ArrayColumn(.int8, capacity: records.count * 12)
        var app = ArrayColumn(.text, capacity: records.count * 24), activityType = app, url = app
        var nameKey = app, cityKey = app, coordinateSource = app
        var place = ArrayColumn(.text, capacity: records.reduce(0) { $0 + $1.record.place.utf8.count + 4 })
        var seenAt = ArrayColumn(.float8, capacity: records.count * 12), expiresAt = seenAt, latitude = seenAt
        var longitude = seenAt
        var supportsNavigation = ArrayColumn(.bool, capacity: records.count * 5)
        for (id, r) in records {
            entryID.append(id)
            app.append(r.app)
            activityType.append(r.activityType)
            url.append(r.url)
            seenAt.append(r.seenAt.timeIntervalSince1970)
            expiresAt.append(r.expiresAt?.timeIntervalSince1970)
            supportsNavigation.append(r.supportsNavigation)
            nameKey.append(r.nameKey)
            cityKey.append(r.cityKey)
            latitude.append(r.latitude)
            longitude.append(r.longitude)
            coordinateSource.append(r.coordinateSource)
            place.append(r.place)
        }
        // One statement: the old sightings deleted and the new ones inserted (in order), in the
        // same snapshot; they are different rows. It inserts rows, so the transaction changed;
        // it is not waited for: the transaction's next statement (at the latest its COMMIT)
        // waits for it first and reports its failure.
        try requireWritable(doing)
        noteChange()
        // (The entries created in this transaction are not looked for: for a batch of new
        // items the deletion reads nothing.) A prepared statement, planned once a connection
        // (every batch of a donation runs it).
        try sendPrepared(
            """
            WITH replaced AS (
              DELETE FROM place_sighting WHERE user_id = \(userID) AND entry_id = ANY(\(entryIDs))
            )
            INSERT INTO place_sighting (user_id, entry_id, app, activity_type, url, seen_at, expires_at,
              supports_navigation, name_key, city_key, latitude, longitude, coordinate_source, place)
            SELECT \(userID), r.entry_id, r.app, r.activity_type, r.url, r.seen_at, r.expires_at,
              r.supports_navigation, r.name_key, r.city_key, r.latitude, r.longitude, r.coordinate_source, r.place
            FROM unnest(\(entryID), \(app), \(activityType), \(url), \(seenAt), \(expiresAt), \(supportsNavigation),
              \(nameKey), \(cityKey), \(latitude), \(longitude), \(coordinateSource), \(place))
              WITH ORDINALITY AS r(entry_id, app, activity_type, url, seen_at, expires_at, supports_navigation,
              name_key, city_key, latitude, longitude, coordinate_source, place, ord)
            ORDER BY r.ord
            """, doing)
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
