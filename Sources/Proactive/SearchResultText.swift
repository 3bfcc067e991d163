import Foundation
import ProactiveModel
import ProactiveStorage

/// What a search result shows of an entry: its title and second line, decoded from the
/// donated JSON without the rest of it.
///
/// The same text as ``SearchableAttributes/title`` and ``SearchableAttributes/subtitle``
/// (made by the same functions; a test compares them), which decode every attribute (for
/// filters): decoding the ~30 optional attributes of an item through `JSONDecoder` cost a
/// fifth of a search at 1M items.
struct SearchResultText {
    /// The title.
    var title: String
    /// The description, else the street and city, else a page's URL.
    var subtitle: String?

    init(entry: StoredEntry, decoder: JSONDecoder) {
        let data = Data(entry.payload.utf8)
        var attributes: Attributes?
        var page: Page?
        switch entry.kind {
        case .item:
            attributes = (try? decoder.decode(Item.self, from: data)).map { $0.attributeSet ?? Attributes() }
        case .activity: attributes = (try? decoder.decode(Activity.self, from: data))?.contentAttributeSet
        case .page: page = try? decoder.decode(Page.self, from: data)
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

    /// The attributes shown (of `SearchableItemAttributeSet`).
    private struct Attributes: Decodable {
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
    private struct Page: Decodable {
        var url: String
        var title: String?
        var description: String?
    }
}
