import Foundation
import Proactive
import ProactiveModel

extension DeletionRequest {
    /// A deletion from `{"app": …, "identifiers"|"domains"|"persistentIdentifiers"|
    /// "interactionGroups": [...]}` or `{"app": …, "all"|"allItems"|"allActivities": true}`;
    /// an app token's own app when `app` is left out.
    init(json: [String: JSONValue], donor: Donor) throws(APIError) {
        let lists = ["identifiers", "domains", "persistentIdentifiers", "interactionGroups"]
        let flags = ["all", "allItems", "allActivities"]
        let known = Set(["app"] + lists + flags)
        if let unknown = json.keys.sorted().first(where: { !known.contains($0) }) {
            throw APIError.invalid(
                unknown, "unknown field; expected app and one of \((lists + flags).joined(separator: ", "))")
        }
        let app: String
        switch (json["app"], donor) {
        case (.string(let named)?, _) where !named.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty:
            app = named
        case (.string?, _): throw APIError.invalid("app", "expected a bundle identifier, not an empty string")
        case (nil, .app(let own)): app = own
        case (nil, .system): throw APIError.missing("app")
        default: throw APIError.invalid("app", "expected a bundle identifier")
        }
        var targets: [Target] = []
        for name in lists {
            guard let value = json[name] else { continue }
            guard case .array(let items) = value, !items.isEmpty else {
                throw APIError.invalid(name, "expected a non-empty list of strings")
            }
            var strings: [String] = []
            for item in items {
                guard case .string(let text) = item else {
                    throw APIError.invalid(name, "expected a list of strings")
                }
                strings.append(text)
            }
            switch name {
            case "identifiers": targets.append(.identifiers(strings))
            case "domains": targets.append(.domains(strings))
            case "persistentIdentifiers": targets.append(.persistentIdentifiers(strings))
            default: targets.append(.interactionGroups(strings))
            }
        }
        for name in flags {
            guard let value = json[name] else { continue }
            guard case .bool(true) = value else { throw APIError.invalid(name, "expected true") }
            switch name {
            case "all": targets.append(.all)
            case "allItems": targets.append(.allItems)
            default: targets.append(.allActivities)
            }
        }
        guard targets.count == 1 else {
            throw APIError.invalid(
                "target",
                "name exactly one of \((lists + flags).joined(separator: ", ")) (found \(targets.count))")
        }
        self.init(app: app, target: targets[0])
    }
}
