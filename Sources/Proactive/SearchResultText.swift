import Foundation
import ProactiveModel
import ProactiveStorage

/// What a search result shows of an entry: its title and second line, decoded from the
/// donated JSON without the rest of it.
///
/// The same text as ``SearchableAttributes/title`` and ``SearchableAttributes/subtitle``
/// (made by the same functions; a test compares them), which decode every attribute (for
/// filters): decoding the ~30 optional attributes of an item through `JSONDecoder` cost a
/// fifth of a search at 1M items. The fields are read by ``JSONFieldScanner`` where it is
/// sure, else decoded.
struct SearchResultText {
    /// The title.
    var title: String
    /// The description, else the street and city, else a page's URL.
    var subtitle: String?

    init(entry: StoredEntry, decoder: JSONDecoder) {
        var attributes: Attributes?
        var page: Page?
        if let scanned = Self.scan(entry) {
            (attributes, page) = scanned
        } else {
            (attributes, page) = Self.decode(entry, decoder: decoder)
        }
        title = SearchableAttributes.title(
            of: entry, named: attributes?.displayName ?? attributes?.title ?? attributes?.namedLocation,
            pageTitle: page?.title)
        subtitle = SearchableAttributes.subtitle(
            description: attributes?.contentDescription ?? page?.description,
            street: PostalAddress(
                subThoroughfare: attributes?.subThoroughfare, thoroughfare: attributes?.thoroughfare
            )
            .street,
            city: attributes?.city, pageURL: page?.url)
    }

    /// The attributes' fields, in ``Attributes``' order.
    private static let attributeNames = [
        "title", "displayName", "namedLocation", "contentDescription", "subThoroughfare", "thoroughfare",
        "city",
    ]
    private static let itemFields = JSONFieldScanner.Request(
        names: ["uniqueIdentifier"], nested: "attributeSet", nestedNames: attributeNames)
    private static let activityFields = JSONFieldScanner.Request(
        names: ["activityType"], nested: "contentAttributeSet", nestedNames: attributeNames)
    private static let pageFields = JSONFieldScanner.Request(names: ["url", "title", "description"])

    /// What ``decode(_:decoder:)`` gives, read by ``JSONFieldScanner``; nil when it is unsure
    /// or a required field is missing (then decoding decides).
    static func scan(_ entry: StoredEntry) -> (Attributes?, Page?)? {
        func attributes(_ values: [String?]) -> Attributes {
            Attributes(
                title: values[0], displayName: values[1], namedLocation: values[2],
                contentDescription: values[3],
                subThoroughfare: values[4], thoroughfare: values[5], city: values[6])
        }
        switch entry.kind {
        case .item:
            guard let fields = JSONFieldScanner.fields(of: entry.payload, itemFields), fields.values[0] != nil
            else { return nil }
            return (fields.nested.map(attributes) ?? Attributes(), nil)
        case .activity:
            guard let fields = JSONFieldScanner.fields(of: entry.payload, activityFields),
                fields.values[0] != nil
            else { return nil }
            return (fields.nested.map(attributes), nil)
        case .page:
            guard let fields = JSONFieldScanner.fields(of: entry.payload, pageFields),
                let url = fields.values[0]
            else { return nil }
            return (nil, Page(url: url, title: fields.values[1], description: fields.values[2]))
        }
    }

    /// The attributes or page of an entry, decoded with `JSONDecoder`.
    static func decode(_ entry: StoredEntry, decoder: JSONDecoder) -> (Attributes?, Page?) {
        let data = Data(entry.payload.utf8)
        var attributes: Attributes?
        var page: Page?
        switch entry.kind {
        case .item:
            attributes = (try? decoder.decode(Item.self, from: data)).map { $0.attributeSet ?? Attributes() }
        case .activity: attributes = (try? decoder.decode(Activity.self, from: data))?.contentAttributeSet
        case .page: page = try? decoder.decode(Page.self, from: data)
        }
        return (attributes, page)
    }

    /// The attributes shown (of `SearchableItemAttributeSet`).
    struct Attributes: Decodable, Equatable {
        var title: String?
        var displayName: String?
        var namedLocation: String?
        var contentDescription: String?
        var subThoroughfare: String?
        var thoroughfare: String?
        var city: String?
    }

    /// An item (`SearchableItem`): its identifier is required, as there.
    private struct Item: Decodable {
        var uniqueIdentifier: String
        var attributeSet: Attributes?
    }

    /// An activity (`UserActivity`): its type is required, as there.
    private struct Activity: Decodable {
        var activityType: String
        var contentAttributeSet: Attributes?
    }

    /// A visited page (`StoredPage`).
    struct Page: Decodable, Equatable {
        var url: String
        var title: String?
        var description: String?
    }
}
