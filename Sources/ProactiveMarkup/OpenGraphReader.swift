/// Turns Open Graph `<meta>` tags into one schema.org entity.
///
/// `og:title`, `og:description`, `og:url` and `og:image` become `name`, `description`, `url` and
/// `image`; `place:location:latitude`/`longitude` become a `GeoCoordinates` `geo`;
/// `business:contact_data:*` become a `PostalAddress` `address`, `telephone`, `email` and `url`.
/// `og:type` picks the type (`restaurant.restaurant` → `Restaurant`, `business.business` →
/// `LocalBusiness`, `place` → `Place`, `website` → `WebSite`, `article` → `Article`, otherwise
/// `Thing`); a page with location or contact data but another `og:type` is typed `Place`.
enum OpenGraphReader {
    static let typesByOpenGraphType: [String: String] = [
        "restaurant.restaurant": "Restaurant",
        "restaurant": "Restaurant",
        "business.business": "LocalBusiness",
        "business": "LocalBusiness",
        "place": "Place",
        "website": "WebSite",
        "article": "Article",
        "profile": "Person",
        "book": "Book",
        "product": "Product",
        "event": "Event",
    ]

    static let addressFields: [(String, String)] = [
        ("business:contact_data:street_address", "streetAddress"),
        ("business:contact_data:locality", "addressLocality"),
        ("business:contact_data:region", "addressRegion"),
        ("business:contact_data:postal_code", "postalCode"),
        ("business:contact_data:country_name", "addressCountry"),
    ]

    /// The entity described by `metas`, or `nil` when the page has no Open Graph tags.
    static func entity(from metas: [PageScanner.Meta]) -> SchemaEntity? {
        var tags: [String: String] = [:]
        for meta in metas {
            guard let key = (meta.property ?? meta.name)?.trimmed.lowercased(),
                key.hasPrefix("og:") || key.hasPrefix("place:") || key.hasPrefix("business:")
            else { continue }
            let content = HTMLText.collapsingWhitespace(meta.content)
            if !content.isEmpty && tags[key] == nil { tags[key] = content }
        }
        guard !tags.isEmpty else { return nil }

        var properties: [String: [SchemaValue]] = [:]
        if let title = tags["og:title"] { properties["name"] = [.text(title)] }
        if let description = tags["og:description"] { properties["description"] = [.text(description)] }
        if let image = tags["og:image"] ?? tags["og:image:url"] { properties["image"] = [.url(image)] }
        var urls: [SchemaValue] = []
        if let url = tags["og:url"] { urls.append(.url(url)) }
        if let website = tags["business:contact_data:website"] { urls.append(.url(website)) }
        if !urls.isEmpty { properties["url"] = urls }

        var address: [String: [SchemaValue]] = [:]
        for (tag, property) in addressFields {
            if let value = tags[tag] { address[property] = [.text(value)] }
        }
        if !address.isEmpty {
            properties["address"] = [
                .entity(SchemaEntity(types: ["PostalAddress"], properties: address, source: .openGraph))
            ]
        }
        let latitude = tags["place:location:latitude"] ?? tags["og:latitude"]
        let longitude = tags["place:location:longitude"] ?? tags["og:longitude"]
        if let latitude, let longitude {
            let geo = SchemaEntity(
                types: ["GeoCoordinates"],
                properties: ["latitude": [.text(latitude)], "longitude": [.text(longitude)]],
                source: .openGraph)
            properties["geo"] = [.entity(geo)]
        }
        if let phone = tags["business:contact_data:phone_number"] ?? tags["og:phone_number"] {
            properties["telephone"] = [.text(phone)]
        }
        if let email = tags["business:contact_data:email"] ?? tags["og:email"] {
            properties["email"] = [.text(email)]
        }

        var type = tags["og:type"].flatMap { typesByOpenGraphType[$0.lowercased()] } ?? "Thing"
        let describesPlace =
            properties["address"] != nil || properties["geo"] != nil || properties["telephone"] != nil
        if describesPlace && !SchemaTypeHierarchy.isSubtype(type, of: "Place") { type = "Place" }
        return SchemaEntity(types: [type], id: nil, properties: properties, source: .openGraph)
    }
}
