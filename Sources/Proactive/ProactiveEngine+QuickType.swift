import Foundation
import ProactiveGeocoding
import ProactiveModel
import ProactivePhoneNumbers
import ProactiveStore
import ProactiveText

extension ProactiveEngine {
    /// QuickType: for a field's content type, the matching field of recent places and people;
    /// in a plain field, after a phrase announcing a place ("Meet me at", "Rendez-vous à",
    /// "我們在"… from `PlacePhrases`), recent places as "Name, address". Filtered by what was typed.
    func quickType(_ request: SuggestionRequest, now: Date, into list: inout SuggestionList) throws {
        let typed = request.text ?? ""
        let places = try rankedPlaces(now: now)
        guard let contentType = request.contentType else {
            guard let mention = PlacePhrases.shipped.placeMention(in: typed) else { return }
            for ranked in places {
                let name = ranked.place.name
                guard mention.typed.isEmpty || TextFolding.fold(name).hasPrefix(mention.typed) else {
                    continue
                }
                // The whole place is inserted, replacing the start of its name already typed.
                let value = [name, ranked.place.formattedAddress].compactMap { $0 }.joined(separator: ", ")
                addText(
                    value, insert: value, from: ranked, now: now, into: &list,
                    why: "“\(typed.trimmingCharacters(in: .whitespaces))” announces a place")
            }
            return
        }
        let prefix = TextFolding.fold(typed)
        func matches(_ value: String?) -> String? {
            guard let value, !value.isEmpty, prefix.isEmpty || TextFolding.fold(value).hasPrefix(prefix)
            else { return nil }
            return value
        }
        let formatter = AddressFormatter()
        for ranked in places {
            let place = ranked.place
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
                        ?? place.isoCountryCode.flatMap {
                            Country(isoCode: $0)?.name(forLanguage: GeneratedText.language(request.locale))
                        }
                case .telephoneNumber:
                    place.phoneNumbers.first.flatMap { try? PhoneNumber(parsing: $0).nationalFormat }
                        ?? place.phoneNumbers.first
                case .URL: ranked.sightings.compactMap(\.url).first
                case .name, .givenName, .familyName, .emailAddress: nil
                }
            if let value = matches(value) {
                addText(value, insert: value, from: ranked, now: now, into: &list, why: nil)
            }
        }
        try people(contentType, now: now, matching: matches, into: &list)
    }

    private func addText(
        _ value: String, insert: String, from ranked: RankedPlace, now: Date, into list: inout SuggestionList,
        why extra: String?
    ) {
        let source = ranked.sightings[0]
        list.add(
            Suggestion(
                id: "text/\(source.entryID)/\(value.hashValue & 0xFFFF)", surface: list.surface, kind: .text,
                title: value,
                action: .init(type: .insertText, app: nil), insertText: insert,
                source: .init(app: source.app, activityType: source.activityType, url: source.url),
                score: 0.3 + 0.7 * min(ranked.score, 1),
                why: (extra.map { [$0] } ?? [])
                    + [
                        "from \(ranked.place.name), viewed in \(displayName(ofApp: source.app)) \(RelativeTimeDescription.ago(now.timeIntervalSince(source.seenAt)))"
                    ],
                place: ranked.place))
    }

    /// Names, phone numbers and emails of people the user recently communicated with.
    private func people(
        _ contentType: TextContentType, now: Date, matching: (String?) -> String?,
        into list: inout SuggestionList
    ) throws {
        guard [.name, .givenName, .familyName, .telephoneNumber, .emailAddress].contains(contentType) else {
            return
        }
        let decoder = DonationCoding.makeDecoder()
        let interactions = try store.read { tx in
            try tx.interactions(from: now.addingTimeInterval(-configuration.eventRetention), to: now)
                .reversed()
        }
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
                list.add(
                    Suggestion(
                        id:
                            "text/person/\(PersonKey.make(person, region: configuration.phoneRegion))/\(contentType.rawValue)",
                        surface: list.surface, kind: .text, title: value, action: .init(type: .insertText),
                        insertText: value, source: .init(app: stored.app), score: 0.5,
                        why: [
                            "you wrote to or called \(person.displayName ?? value) with \(displayName(ofApp: stored.app)) \(RelativeTimeDescription.ago(now.timeIntervalSince(stored.at)))"
                        ]))
            }
        }
    }
}
