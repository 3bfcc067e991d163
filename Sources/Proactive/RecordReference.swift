/// A reference to a stored record that is not an entry, as receipts, exports and reminders name
/// it: `interaction/3`, `event/8`, `reminder/2`.
enum RecordReference: Hashable, CustomStringConvertible {
    /// An interaction (a message sent, a call made).
    case interaction(Int64)
    /// A context event.
    case event(Int64)
    /// A reminder made by the assistant.
    case reminder(Int64)
    /// An entry of the public index.
    case publicEntry(Int64)

    /// Reads `interaction/3`, `event/8` or `reminder/2` (a `#surface` after it is ignored).
    init?(_ text: String) {
        let base = text.split(separator: "#", maxSplits: 1).first ?? Substring(text)
        let parts = base.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].allSatisfy(\.isASCII), let id = Int64(parts[1]) else { return nil }
        switch parts[0] {
        case "interaction": self = .interaction(id)
        case "event": self = .event(id)
        case "reminder": self = .reminder(id)
        case "public": self = .publicEntry(id)
        default: return nil
        }
    }

    /// `reminder/2`.
    var description: String {
        switch self {
        case .interaction(let id): "interaction/\(id)"
        case .event(let id): "event/\(id)"
        case .reminder(let id): "reminder/\(id)"
        case .publicEntry(let id): "public/\(id)"
        }
    }
}
