import Foundation
import ProactiveGeocoding
import ProactiveModel
import ProactivePhoneNumbers
import ProactiveStorage
import ProactiveText

extension ProactiveEngine {
    /// QuickType: for a field's content type, the matching field of recent places and people;
    /// in a plain field, after a phrase announcing a place ("Meet me at", "Rendez-vous à",
    /// "我們在"… from `PlacePhrases`), recent places as "Name, address" (inserted whole, replacing
    /// the start of the name already typed). Filtered by what was typed.
    func quickType(
        _ tx: any StorageTransaction, _ request: SuggestionRequest, now: Date, into list: inout SuggestionList
    ) throws {
        let typed = request.text ?? ""
        let wording = Wording(locale: request.locale)
        let places = try rankedPlaces(tx, now: now)
        guard let contentType = request.contentType else {
            guard let mention = PlacePhrases.shipped.placeMention(in: typed) else { return }
            let announcement = wording.announcesPlace(typed.trimmingCharacters(in: .whitespaces))
            // Traditional and Simplified Chinese compare as one (臺 typed finds 台北).
            let typedKey = SimplifiedChinese.fold(mention.typed)
            let matching = places.lazy.filter {
                typedKey.isEmpty || SimplifiedChinese.fold($0.latest.nameKey).hasPrefix(typedKey)
            }
            .prefix(request.limit * 2)
            for (ranked, place) in zip(matching, try self.places(tx, of: Array(matching))) {
                guard let place else { continue }
                let value = [place.name, place.formattedAddress].compactMap { $0 }.joined(separator: ", ")
                addText(
                    value, from: ranked, place: place, now: now, into: &list, why: announcement,
                    wording: wording)
            }
            return
        }
        let prefix = SimplifiedChinese.fold(TextFolding.fold(typed))
        func matches(_ value: String?) -> String? {
            guard let value, !value.isEmpty,
                prefix.isEmpty || SimplifiedChinese.fold(TextFolding.fold(value)).hasPrefix(prefix)
            else { return nil }
            return value
        }
        let formatter = AddressFormatter()
        let language = GeneratedText.language(request.locale)
        // Enough recent places to fill the list: a few more than asked, more when a typed
        // prefix filters them.
        let candidates = Array(places.prefix(prefix.isEmpty ? request.limit * 2 : max(request.limit * 6, 30)))
        for (ranked, place) in zip(candidates, try self.places(tx, of: candidates)) {
            guard let place else { continue }
            let address = place.postalAddress
            let value: String? =
                switch contentType {
                case .location, .organizationName: place.name
                case .fullStreetAddress: place.formattedAddress
                case .streetAddressLine1: formatter.streetLine(from: address)
                case .streetAddressLine2, .sublocality: address.subLocality
                case .addressCity: place.city
                case .addressState: place.stateOrProvince
                case .addressCityAndState: formatter.cityAndState(from: address)
                case .postalCode: place.postalCode
                case .countryName:
                    place.country
                        ?? place.isoCountryCode.flatMap { Country(isoCode: $0)?.name(forLanguage: language) }
                case .telephoneNumber:
                    place.phoneNumbers.first.map { (try? PhoneNumber(parsing: $0).nationalFormat) ?? $0 }
                case .URL: ranked.sightings.compactMap(\.url).first
                case .name, .givenName, .familyName, .emailAddress: nil
                }
            if let value = matches(value) {
                addText(
                    value, from: ranked, place: place, now: now, into: &list, why: nil,
                    wording: wording)
            }
        }
        try people(
            tx, contentType, now: now, matching: matches, wording: wording,
            into: &list)
    }

    private func addText(
        _ value: String, from ranked: RankedPlace, place: Place, now: Date, into list: inout SuggestionList,
        why extra: String?, wording: Wording
    ) {
        let source = ranked.latest
        var hasher = StableHasher()
        hasher.combine(value)
        let seen = wording.fromPlace(
            place.name, viewedIn: displayName(ofApp: source.app), ago: now.timeIntervalSince(source.seenAt))
        list.add(
            Suggestion(
                id: "text/\(source.entryID)/\(hasher.hexDigest)", surface: list.surface, kind: .text,
                title: value,
                action: .init(type: .insertText), insertText: value,
                source: .init(app: source.app, activityType: source.activityType, url: source.url),
                score: 0.3 + 0.7 * min(ranked.score, 1), why: (extra.map { [$0] } ?? []) + [seen],
                place: place))
    }

    /// Names, phone numbers and emails of people the user recently communicated with.
    private func people(
        _ tx: any StorageTransaction, _ contentType: TextContentType, now: Date,
        matching: (String?) -> String?, wording: Wording,
        into list: inout SuggestionList
    ) throws {
        guard [.name, .givenName, .familyName, .telephoneNumber, .emailAddress].contains(contentType) else {
            return
        }
        let decoder = DonationCoding.makeDecoder()
        let interactions = try tx.interactions(
            from: now.addingTimeInterval(-configuration.eventRetention), to: now
        ).reversed()
        for stored in interactions {
            guard let interaction = try? decoder.decode(Interaction.self, from: Data(stored.payload.utf8))
            else { continue }
            for person in interaction.people {
                let parts = (person.displayName ?? "").split(separator: " ").map(String.init)
                let value: String? =
                    switch contentType {
                    case .name: person.displayName
                    case .givenName: parts.first
                    case .familyName: parts.count > 1 ? parts.last : nil
                    case .telephoneNumber: person.handleType == .phoneNumber ? person.handle : nil
                    case .emailAddress: person.handleType == .emailAddress ? person.handle : nil
                    default: nil
                    }
                guard let value = matching(value) else { continue }
                let name = person.displayName ?? value
                list.add(
                    Suggestion(
                        id:
                            "text/person/\(PersonKey.make(person, region: configuration.phoneRegion))/\(contentType.rawValue)",
                        surface: list.surface, kind: .text, title: value, action: .init(type: .insertText),
                        insertText: value, source: .init(app: stored.app), score: 0.5,
                        why: [
                            wording.contacted(
                                name, with: displayName(ofApp: stored.app),
                                ago: now.timeIntervalSince(stored.at))
                        ]
                    ))
            }
        }
    }
}
