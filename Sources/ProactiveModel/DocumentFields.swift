/// The fields a donation document of each type has at its top level, and the check that it has
/// no others: a misspelt field (`attributes` for `attributeSet`, `titel`) is rejected, naming
/// it and the field it most likely meant, instead of being ignored while the document is
/// stored without it.
///
/// Nested objects the contract defines (`attributeSet`, `contentAttributeSet`, `mapItem` and its
/// `placemark`, a batch's items, an interaction's `intent`, its people and its `activity`) are
/// checked the same way, by the types that decode them (``rejectUnknown(in:keys:)``), and their
/// fields named by their path (`items[2].attributeSet.titel`); `userInfo` is the app's own,
/// free-form, and never checked.
enum DocumentFields {
    /// What every document may carry besides its content.
    static let envelope: Set<String> = ["type", "app", "at"]

    /// Whether the document being decoded is known to have only fields its type has, where
    /// they are checked (``KnownFieldsScan``, before decoding): the decoding types then skip
    /// their checks.
    @TaskLocal static var fieldsAreKnown = false

    /// Every field a document of each type may have.
    static let byType: [String: Set<String>] = [
        "app": envelope.union(names(App.CodingKeys.self)),
        "activity": envelope.union(names(UserActivity.CodingKeys.self)).union(["current"]),
        "searchableItem": envelope.union(names(SearchableItem.CodingKeys.self)),
        "searchableItemBatch": envelope.union(names(SearchableItemBatch.CodingKeys.self)),
        "interaction": envelope.union(names(Interaction.CodingKeys.self)).union(["activity"]),
        "pageVisit": envelope.union(names(PageVisit.CodingKeys.self)),
        "nowPlaying": envelope.union(names(NowPlayingInfo.CodingKeys.self)),
        "event": envelope.union(names(SystemEvent.CodingKeys.self)),
    ]

    /// The fields of the nested objects, by the type of their keys (made once, not for every
    /// document).
    private static let nested: [ObjectIdentifier: Set<String>] = [
        ObjectIdentifier(SearchableItem.CodingKeys.self): names(SearchableItem.CodingKeys.self),
        ObjectIdentifier(SearchableItemAttributeSet.CodingKeys.self):
            names(SearchableItemAttributeSet.CodingKeys.self),
        ObjectIdentifier(UserActivity.CodingKeys.self): names(UserActivity.CodingKeys.self),
        ObjectIdentifier(MapItem.CodingKeys.self): names(MapItem.CodingKeys.self),
        ObjectIdentifier(Placemark.CodingKeys.self): names(Placemark.CodingKeys.self),
        ObjectIdentifier(Intent.CodingKeys.self): names(Intent.CodingKeys.self),
        ObjectIdentifier(Person.CodingKeys.self): names(Person.CodingKeys.self),
    ]

    static func names<Key: CodingKey & CaseIterable>(_: Key.Type) -> Set<String> {
        Set(Key.allCases.map(\.stringValue))
    }

    /// A key of any name, to list an object's fields.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws ``DonationError/Code/unknownField`` for the first field (by name) of the
    /// document that its type does not have.
    static func rejectUnknown(in decoder: any Decoder, type: String) throws {
        guard let allowed = byType[type] else { return }
        let fields = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        try reject(fields, allowed: allowed, of: "a document of type \(type)", at: nil)
    }

    /// Throws ``DonationError/Code/unknownField`` for the first field (by name) of the object
    /// `decoder` reads, nested in a document, that `keys` does not name. Nothing for the
    /// document itself (its type's fields are checked with its envelope:
    /// ``rejectUnknown(in:type:)``) or for a value that is not an object (decoding it says
    /// what is wrong).
    static func rejectUnknown<Keys: CodingKey & CaseIterable>(in decoder: any Decoder, keys: Keys.Type) throws
    {
        guard let object = DonationError.path(decoder.codingPath),
            let container = try? decoder.container(keyedBy: AnyKey.self)
        else { return }
        let allowed = nested[ObjectIdentifier(keys)] ?? names(keys)
        try reject(container.allKeys.map(\.stringValue), allowed: allowed, of: object, at: object)
    }

    /// Throws for the first of `fields` (by name) not `allowed` in `object` (at the path
    /// `path`, nil for the document), naming what it most likely meant.
    private static func reject(_ fields: [String], allowed: Set<String>, of object: String, at path: String?)
        throws
    {
        guard let unknown = fields.filter({ !allowed.contains($0) }).min() else { return }
        var reason = "unknown field for \(object)"
        if let meant = nearest(to: unknown, in: allowed) {
            reason += "; did you mean \(meant)?"
        } else {
            reason += "; expected \(allowed.sorted().joined(separator: ", "))"
        }
        throw DonationError(
            code: .unknownField, field: path.map { $0 + "." + unknown } ?? unknown, reason: reason)
    }

    /// The allowed name `name` most likely meant, case aside: the shortest one it begins (from
    /// three letters: `lat` for `latitude`), else the closest within about a third of its
    /// length in edits (at least one), if any.
    static func nearest(to name: String, in allowed: Set<String>) -> String? {
        let lowered = name.lowercased()
        if lowered.count >= 3,
            let started = allowed.filter({ $0.lowercased().hasPrefix(lowered) }).min(by: {
                ($0.count, $0) < ($1.count, $1)
            })
        {
            return started
        }
        let folded = Array(lowered)
        let limit = max(1, (folded.count + 1) / 3)
        let scored = allowed.map { ($0, distance(folded, Array($0.lowercased()))) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }), best.1 <= limit else { return nil }
        return best.0
    }

    /// The Levenshtein distance between two strings of characters.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension KeyedDecodingContainer {
    /// Rejects the fields of the object at `key`, when there is one, that `keys` does not name
    /// (see ``DocumentFields/rejectUnknown(in:keys:)``).
    func rejectUnknownFields<Keys: CodingKey & CaseIterable>(at key: Key, _ keys: Keys.Type) throws {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return }
        try DocumentFields.rejectUnknown(in: superDecoder(forKey: key), keys: keys)
    }
}
