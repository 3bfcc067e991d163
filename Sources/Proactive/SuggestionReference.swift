/// What a suggestion's identifier refers to, for feedback: `app/<bundle>` (an app suggested
/// on the lock screen, search, the app switcher or the car), `contact/<person>/<bundle>` (an
/// app on a person's contact card), `place/<entry>` (a place seen in an entry) and
/// `place/<entry>/<bundle>` (directions to it with an app).
enum SuggestionReference: Hashable {
    case app(String)
    case contact(person: String, app: String)
    case place(entryID: Int64, app: String?)

    init?(_ string: String) {
        if string.hasPrefix("app/") {
            let app = String(string.dropFirst(4))
            guard !app.isEmpty else { return nil }
            self = .app(app)
        } else if string.hasPrefix("contact/"), let slash = string.lastIndex(of: "/") {
            let person = String(string[string.index(string.startIndex, offsetBy: 8)..<slash])
            let app = String(string[string.index(after: slash)...])
            guard !person.isEmpty, !app.isEmpty else { return nil }
            self = .contact(person: person, app: app)
        } else if string.hasPrefix("place/") {
            let parts = string.dropFirst(6).split(separator: "/", maxSplits: 1)
            guard let first = parts.first, first.allSatisfy(\.isASCII), let entryID = Int64(first) else {
                return nil
            }
            self = .place(entryID: entryID, app: parts.count == 2 ? String(parts[1]) : nil)
        } else {
            return nil
        }
    }

    var id: String {
        switch self {
        case .app(let app): "app/\(app)"
        case .contact(let person, let app): "contact/\(person)/\(app)"
        case .place(let entryID, let app?): "place/\(entryID)/\(app)"
        case .place(let entryID, nil): "place/\(entryID)"
        }
    }
}
