import Foundation
import ProactiveStorage
import ProactiveText

/// Values shared by the conformance tests.
enum Fixture {
    /// Removes a store file made by a test with its write-ahead log and shared memory, which
    /// stay while the store is open.
    static func removeStore(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    static let now = Date(timeIntervalSince1970: 1_795_262_400)

    static func item(
        _ app: String, _ id: String, _ title: String, at date: Date = now, expires: Date? = nil,
        domain: String? = nil
    ) -> EntryDraft {
        var draft = EntryDraft(
            app: app, kind: .item, identityKey: id, donatedAt: date, payload: #"{"title":"\#(title)"}"#,
            isEligibleForSearch: true, indexedText: IndexedText(title: IndexText.indexForm(title)))
        draft.title = title
        draft.uniqueIdentifier = id
        draft.domainIdentifier = domain
        draft.expiresAt = expires
        return draft
    }

    static func activity(_ app: String, _ key: String, _ title: String, at date: Date = now) -> EntryDraft {
        var draft = EntryDraft(
            app: app, kind: .activity, identityKey: key, donatedAt: date, payload: "{}",
            isEligibleForSearch: true, isEligibleForHandoff: true, isEligibleForPrediction: true,
            indexedText: IndexedText(title: IndexText.indexForm(title), keywords: "kw"))
        draft.title = title
        draft.activityType = "com.example.view"
        draft.persistentIdentifier = key
        return draft
    }

    static func interaction(
        _ app: String, at date: Date, person: String, identifier: String? = nil, group: String? = nil
    ) -> InteractionDraft {
        InteractionDraft(
            app: app, at: date, kind: "sendMessage", direction: "outgoing", outcome: "success",
            identifier: identifier, groupIdentifier: group, payload: "{}",
            people: [InteractionPerson(key: "phone:\(person)", displayName: "Person \(person)")])
    }

    static func sighting(entryID: Int64, _ app: String, name: String, at date: Date = now)
        -> PlaceSightingRecord
    {
        PlaceSightingRecord(
            entryID: entryID, app: app, activityType: nil, url: nil, seenAt: date, expiresAt: nil,
            supportsNavigation: true, nameKey: name, cityKey: "paris", latitude: 48.85, longitude: 2.35,
            coordinateSource: "donated", place: #"{"name":"\#(name)"}"#)
    }
}
