import Foundation
import ProactiveModel
import ProactiveStorage

/// The attributes of a stored entry, as the query language and "why" explanations see them.
struct SearchableAttributes {
    var entry: StoredEntry
    var attributeSet: SearchableItemAttributeSet?
    var activity: UserActivity?
    var page: StoredPage?

    init(entry: StoredEntry, decoder: JSONDecoder) {
        self.entry = entry
        let data = Data(entry.payload.utf8)
        switch entry.kind {
        case .item: attributeSet = (try? decoder.decode(SearchableItem.self, from: data))?.attributeSet
        case .activity:
            activity = try? decoder.decode(UserActivity.self, from: data)
            attributeSet = activity?.contentAttributeSet
        case .page: page = try? decoder.decode(StoredPage.self, from: data)
        }
    }

    var title: String {
        Self.title(of: entry, named: attributeSet?.effectiveTitle, pageTitle: page?.title)
    }

    /// A result's title: the entry's, else the name of its attributes, else a page's title, else
    /// its URL, else its key (also for ``SearchResultText``).
    static func title(of entry: StoredEntry, named name: String?, pageTitle: String?) -> String {
        entry.title ?? name ?? pageTitle ?? entry.url ?? entry.identityKey
    }

    var keywords: [String] { (activity?.keywords ?? []) + (attributeSet?.keywords ?? []) }

    var description: String? { attributeSet?.contentDescription ?? page?.description }

    var addressParts: [String] {
        let placemark = activity?.mapItem?.placemark
        return [
            attributeSet?.namedLocation, attributeSet?.subThoroughfare, attributeSet?.thoroughfare,
            attributeSet?.fullyFormattedAddress, attributeSet?.city,
            attributeSet?.stateOrProvince, attributeSet?.postalCode, attributeSet?.country,
            placemark?.subThoroughfare, placemark?.thoroughfare,
            placemark?.locality, placemark?.administrativeArea, placemark?.postalCode, placemark?.country,
        ].compactMap { $0 }
    }

    var subtitle: String? {
        Self.subtitle(
            description: description, street: attributeSet?.postalAddress.street, city: attributeSet?.city,
            pageURL: page?.url)
    }

    /// A result's second line: the description, else the street and city, else a page's URL
    /// (also for ``SearchResultText``).
    static func subtitle(description: String?, street: String?, city: String?, pageURL: String?) -> String? {
        if let description, !description.isEmpty { return description }
        let address = [street, city].compactMap { $0 }.joined(separator: ", ")
        return address.isEmpty ? pageURL : address
    }

    /// Values of an attribute for the query language (`**`: every text attribute).
    func values(_ name: String) -> [SearchQueryExpression.Value] {
        func strings(_ values: [String?]) -> [SearchQueryExpression.Value] {
            values.compactMap { $0 }.map { .string($0) }
        }
        func date(_ value: Date?) -> [SearchQueryExpression.Value] { value.map { [.date($0)] } ?? [] }
        switch name {
        case "**":
            return strings(
                [title, description, attributeSet?.textContent] + keywords.map(Optional.some)
                    + addressParts.map(Optional.some))
        case "title": return strings([title, attributeSet?.title, activity?.title])
        case "displayName": return strings([attributeSet?.displayName ?? title])
        case "contentDescription": return strings([attributeSet?.contentDescription])
        case "textContent": return strings([attributeSet?.textContent])
        case "keywords": return strings(keywords)
        case "contentType": return strings([attributeSet?.contentType])
        case "namedLocation": return strings([attributeSet?.namedLocation ?? activity?.mapItem?.name])
        case "subThoroughfare":
            return strings([attributeSet?.subThoroughfare ?? activity?.mapItem?.placemark?.subThoroughfare])
        case "thoroughfare":
            return strings([attributeSet?.thoroughfare ?? activity?.mapItem?.placemark?.thoroughfare])
        case "city": return strings([attributeSet?.city ?? activity?.mapItem?.placemark?.locality])
        case "stateOrProvince":
            return strings([attributeSet?.stateOrProvince ?? activity?.mapItem?.placemark?.administrativeArea]
            )
        case "postalCode":
            return strings([attributeSet?.postalCode ?? activity?.mapItem?.placemark?.postalCode])
        case "country": return strings([attributeSet?.country ?? activity?.mapItem?.placemark?.country])
        case "isoCountryCode":
            return strings([attributeSet?.isoCountryCode ?? activity?.mapItem?.placemark?.isoCountryCode])
        case "phoneNumbers":
            return strings((attributeSet?.phoneNumbers ?? []) + [activity?.mapItem?.phoneNumber])
        case "emailAddresses": return strings(attributeSet?.emailAddresses ?? [])
        case "latitude":
            return (attributeSet?.latitude ?? activity?.mapItem?.placemark?.latitude).map { [.number($0)] }
                ?? []
        case "longitude":
            return (attributeSet?.longitude ?? activity?.mapItem?.placemark?.longitude).map { [.number($0)] }
                ?? []
        case "rating": return attributeSet?.rating.map { [.number($0)] } ?? []
        case "supportsNavigation": return attributeSet?.supportsNavigation.map { [.bool($0)] } ?? []
        case "supportsPhoneCalls": return attributeSet?.supportsPhoneCalls.map { [.bool($0)] } ?? []
        case "uniqueIdentifier": return strings([entry.uniqueIdentifier])
        case "domainIdentifier": return strings([entry.domainIdentifier])
        case "persistentIdentifier": return strings([entry.persistentIdentifier])
        case "activityType": return strings([entry.activityType])
        case "url", "webpageURL", "contentURL": return strings([entry.url, attributeSet?.contentURL])
        case "bundleIdentifier", "app": return strings([entry.app])
        case "kind": return strings([entry.kind.rawValue])
        case "lastUsedDate", "contentModificationDate": return date(entry.donatedAt)
        case "contentCreationDate", "addedDate": return date(entry.firstDonatedAt)
        case "expirationDate": return date(entry.expiresAt)
        default: return []
        }
    }

    /// Every attribute name the query language knows.
    static let names: Set<String> = [
        "**", "title", "displayName", "contentDescription", "textContent", "keywords", "contentType",
        "namedLocation",
        "subThoroughfare", "thoroughfare", "city", "stateOrProvince", "postalCode", "country",
        "isoCountryCode",
        "phoneNumbers", "emailAddresses", "latitude", "longitude", "rating", "supportsNavigation",
        "supportsPhoneCalls", "uniqueIdentifier", "domainIdentifier", "persistentIdentifier", "activityType",
        "url",
        "webpageURL", "contentURL", "bundleIdentifier", "app", "kind", "lastUsedDate",
        "contentModificationDate",
        "contentCreationDate", "addedDate", "expirationDate",
    ]
}

extension SearchQueryExpression {
    /// The attribute names the expression uses.
    var attributeNames: [String] {
        switch self {
        case .and(let a, let b), .or(let a, let b): a.attributeNames + b.attributeNames
        case .not(let a): a.attributeNames
        case .comparison(let attribute, _, _, _), .inRange(let attribute, _, _): [attribute]
        case .constant: []
        }
    }
}
