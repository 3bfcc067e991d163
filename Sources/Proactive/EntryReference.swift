/// A reference to a stored entry as it appears in receipts, results and suggestion ids:
/// `activity/12`, `item/57`, `page/3` (optionally followed by `#surface`).
struct EntryReference: Hashable {
    var kind: String
    var entryID: Int64

    init?(_ string: String) {
        let base = string.split(separator: "#", maxSplits: 1).first.map(String.init) ?? string
        let parts = base.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, ["activity", "item", "page"].contains(String(parts[0])),
            let id = Int64(parts[1])
        else { return nil }
        kind = String(parts[0])
        entryID = id
    }
}
