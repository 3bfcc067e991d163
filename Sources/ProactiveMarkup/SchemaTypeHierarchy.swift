/// The part of the schema.org type hierarchy that matters to places, as data.
///
/// A type may have several parents (a `LocalBusiness` is both a `Place` and an `Organization`; a
/// `Campground` is both a `CivicStructure` and a `LodgingBusiness`). Types are short schema.org names.
/// A type missing from the table is only a subtype of itself.
public enum SchemaTypeHierarchy {
    /// The direct parents of `type`; empty for `Thing` and for types outside the table.
    public static func parents(of type: String) -> [String] {
        parentTable[type] ?? []
    }

    /// Whether `type` is `ancestor` or one of its descendants, following every parent.
    public static func isSubtype(_ type: String, of ancestor: String) -> Bool {
        if type == ancestor { return true }
        if ancestor == "Thing" { return parentTable[type] != nil }
        var pending = parents(of: type)
        var seen: Set<String> = []
        while let next = pending.popLast() {
            if next == ancestor { return true }
            if seen.insert(next).inserted { pending.append(contentsOf: parents(of: next)) }
        }
        return false
    }

    /// Every type in the table, `Thing` included.
    public static var knownTypes: Set<String> {
        Set(parentTable.keys).union(["Thing"])
    }

    /// Child type → parent types, built once from ``childTable``.
    static let parentTable: [String: [String]] = {
        var table: [String: [String]] = [:]
        for (parent, children) in childTable {
            for child in children where !(table[child]?.contains(parent) ?? false) {
                table[child, default: []].append(parent)
            }
        }
        return table
    }()
}
