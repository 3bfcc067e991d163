extension ExtractedPlace {
    /// The places described by `entities` and the entities nested in them, without duplicates.
    ///
    /// A place needs an address, coordinates or (unless `includeTelephones` is false) a telephone
    /// number; a name alone is not a place the pipeline can use. When the same place appears twice
    /// (in JSON-LD and in microdata, say) the first is kept and completed with the fields of the other.
    static func places(in entities: [SchemaEntity], includeTelephones: Bool) -> [ExtractedPlace] {
        var places: [ExtractedPlace] = []
        var pending = entities.reversed() as [SchemaEntity]
        var visited = 0
        while let entity = pending.popLast(), visited < 100_000 {
            visited += 1
            if entity.isA("Place") {
                places.append(ExtractedPlace(entity, includeTelephones: includeTelephones))
            } else if entity.isA("Event") {
                for location in entity["location"] {
                    switch location {
                    case .entity(let address) where address.isA("PostalAddress"):
                        var place = ExtractedPlace(sourceSyntax: entity.source)
                        place.types = ["Place"]
                        place.name = address["name"].first?.string
                        place.apply(address: location)
                        places.append(place)
                    case .text(let text) where !text.isEmpty:
                        places.append(
                            ExtractedPlace(types: ["Place"], addressText: text, sourceSyntax: entity.source))
                    default:
                        continue
                    }
                }
            }
            // By property name, so that the places come in the same order on every run (a
            // dictionary's order changes from one instance to the next).
            for name in entity.properties.keys.sorted().reversed() {
                for case .entity(let nested) in entity[name].reversed() { pending.append(nested) }
            }
        }
        return merged(places.filter { $0.hasAddress || $0.hasCoordinates || !$0.telephones.isEmpty })
    }

    /// Reads a `Place` entity.
    init(_ entity: SchemaEntity, includeTelephones: Bool) {
        self.init(sourceSyntax: entity.source)
        types = entity.types
        name = (entity["name"] + entity["legalName"] + entity["alternateName"]).lazy.compactMap(\.string)
            .first { !$0.isEmpty }
        url = entity["url"].lazy.compactMap(\.string).first { !$0.isEmpty }
        for address in entity["address"] where !hasAddress { apply(address: address) }
        for geo in entity["geo"] where !hasCoordinates {
            if let coordinates = geo.entity { applyCoordinates(from: coordinates) }
        }
        if !hasCoordinates { applyCoordinates(from: entity) }
        if includeTelephones {
            for value in entity["telephone"] {
                guard var phone = value.string?.trimmed else { continue }
                if phone.lowercased().hasPrefix("tel:") { phone = String(phone.dropFirst(4)).trimmed }
                if !phone.isEmpty && !telephones.contains(phone) { telephones.append(phone) }
            }
        }
    }

    /// Reads a `PostalAddress` entity, or keeps an address given as one string in ``addressText``.
    mutating func apply(address value: SchemaValue) {
        switch value {
        case .text(let text), .url(let text):
            if !text.isEmpty { addressText = text }
        case .entity(let address):
            func first(_ property: String) -> String? {
                address[property].lazy.compactMap { value -> String? in
                    if let entity = value.entity {  // addressCountry as a Country entity
                        return entity["name"].first?.string ?? entity["identifier"].first?.string
                    }
                    return value.string
                }.first { !$0.isEmpty }
            }
            streetAddress = first("streetAddress")
            locality = first("addressLocality")
            region = first("addressRegion")
            postalCode = first("postalCode")
            country = first("addressCountry")
            if !hasAddress, let name = first("name") { addressText = name }
        }
    }

    /// Reads `latitude` and `longitude` (numbers or strings) and keeps them only when both are valid.
    mutating func applyCoordinates(from entity: SchemaEntity) {
        guard let latitude = entity["latitude"].lazy.compactMap({ $0.string.flatMap(Self.degrees) }).first,
            let longitude = entity["longitude"].lazy.compactMap({ $0.string.flatMap(Self.degrees) }).first,
            (-90...90).contains(latitude), (-180...180).contains(longitude),
            !(latitude == 0 && longitude == 0)
        else { return }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `"48.8566"`, `" 48.8566 "` or `"48,8566"` → 48.8566; `nil` for anything else.
    static func degrees(_ text: String) -> Double? {
        var text = text.trimmed
        if !text.contains("."), text.filter({ $0 == "," }).count == 1 {
            text = text.replacingOccurrences(",", with: ".")
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The places with duplicates folded into the first occurrence.
    static func merged(_ places: [ExtractedPlace]) -> [ExtractedPlace] {
        var result: [ExtractedPlace] = []
        for place in places {
            if let index = result.firstIndex(where: { $0.isSamePlace(as: place) }) {
                result[index].complete(with: place)
            } else {
                result.append(place)
            }
        }
        return result
    }

    /// Whether two places are the same: same name (ignoring case) and no conflicting address or
    /// coordinates.
    func isSamePlace(as other: ExtractedPlace) -> Bool {
        guard let name, let otherName = other.name, name.lowercased() == otherName.lowercased() else {
            return name == nil && other.name == nil && self.addressKey == other.addressKey
                && latitude == other.latitude && longitude == other.longitude
        }
        func agrees<T: Equatable>(_ a: T?, _ b: T?) -> Bool { a == nil || b == nil || a == b }
        return agrees(streetAddress?.lowercased(), other.streetAddress?.lowercased())
            && agrees(postalCode, other.postalCode)
            && agrees(locality?.lowercased(), other.locality?.lowercased())
            && agrees(latitude.map { ($0 * 1e4).rounded() }, other.latitude.map { ($0 * 1e4).rounded() })
            && agrees(longitude.map { ($0 * 1e4).rounded() }, other.longitude.map { ($0 * 1e4).rounded() })
    }

    private var addressKey: String {
        [streetAddress, locality, region, postalCode, country, addressText].map { $0 ?? "" }.joined(
            separator: "|")
    }

    /// Fills the fields this place lacks from `other` and adds its telephone numbers.
    mutating func complete(with other: ExtractedPlace) {
        if !hasAddress {
            streetAddress = other.streetAddress
            locality = other.locality
            region = other.region
            postalCode = other.postalCode
            country = other.country
            addressText = other.addressText
        }
        if !hasCoordinates {
            latitude = other.latitude
            longitude = other.longitude
        }
        for phone in other.telephones where !telephones.contains(phone) { telephones.append(phone) }
        if url == nil { url = other.url }
        for type in other.types where !types.contains(type) && !isA(type) { types.append(type) }
    }

    private func isA(_ type: String) -> Bool {
        types.contains { SchemaTypeHierarchy.isSubtype($0, of: type) }
    }
}

extension String {
    /// The string with every `target` replaced by `replacement` (without Foundation).
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
