import Foundation
import ProactiveModel
import ProactiveStorage
import ProactiveText

extension ProactiveEngine {
    /// Resolves a request to the assistant ("call this place", "get directions", "remind me
    /// about this when I get home", in any supported language; see `AssistantPhrases`) against
    /// the foreground app's current activity (`app`, else the most recent current activity of
    /// any app): the place it shows, or, for a reminder, the activity itself.
    ///
    /// Throws an ``EngineError`` that says why when it cannot: the request is not understood,
    /// nothing is on screen, the activity shows no place, or the place has no phone number.
    /// The answer's `why` is in the language of `locale` (default: the system's). A moment the
    /// utterance names ("in 10 minutes", "tomorrow at 9", "demain à 9h30", "明天下午3點") is in
    /// `timeZone`, the user's (default: the engine's ``EngineConfiguration/timeZone``, the
    /// device's), whatever the machine's; one that cannot be (25:99, 31 April, one that has
    /// passed) is an error that says why.
    public func ask(
        _ utterance: String, app: String? = nil, now: Date? = nil, locale: String? = nil,
        timeZone: TimeZone? = nil
    ) throws -> AssistantAnswer {
        try EngineError.refuseNUL(in: [utterance], parameter: "utterance")
        try EngineError.refuseNUL(in: [app], parameter: "app")
        let wording = Wording(locale: locale)
        let now = now ?? self.now
        guard let (intent, language) = AssistantPhrases.shipped.intent(of: utterance) else {
            throw EngineError(
                .invalidRequest,
                "the request is not one the assistant understands (call, directions, remind)",
                parameter: "utterance")
        }
        let scope: AppScope = app.map { .app($0) } ?? .system
        guard
            let entry = try storage.read(user: user, { try $0.currentActivities(scope: scope, now: now) })
                .first
        else {
            throw EngineError(
                .notFound,
                "no app shows an activity now\(app.map { " (\($0) has no current activity)" } ?? "")")
        }
        if intent == "remind" {
            // 04/05 is April 5 in American English, 4 May elsewhere.
            let region = locale.map { Locale(identifier: $0).region?.identifier }
            return try remind(
                utterance, about: entry, now: now, timeZone: timeZone ?? configuration.timeZone,
                monthFirst: language == "en" && (region == nil || region == "US" || region == .some(nil)),
                wording: wording)
        }
        let attributes = SearchableAttributes(entry: entry, decoder: DonationCoding.makeDecoder())
        guard
            let (place, navigable) = PlaceCatalog.places(
                activity: attributes.activity, attributeSet: attributes.attributeSet, page: nil,
                phoneRegion: configuration.phoneRegion
            ).first
        else {
            throw EngineError(.notFound, "what \(displayName(ofApp: entry.app)) shows is not a place")
        }
        let why = [wording.onScreen(place.name, in: displayName(ofApp: entry.app))]
        switch intent {
        case "call":
            let callable = attributes.attributeSet?.supportsPhoneCalls ?? true
            guard callable, let number = place.phoneNumbers.first else {
                throw EngineError(.notFound, "\(place.name) has no phone number that can be called")
            }
            return AssistantAnswer(
                intent: "call", phoneNumber: number, target: place, app: entry.app, why: wording.written(why))
        default:
            guard navigable else {
                throw EngineError(
                    .notFound, "\(displayName(ofApp: entry.app)) does not allow navigating to \(place.name)")
            }
            let router = declaredApps.filter(\.supportsDirections).first
            let url = DirectionsRequest(
                destination: .init(
                    name: place.name, address: place.postalAddress, coordinate: place.coordinate,
                    phoneNumber: place.phoneNumbers.first)
            ).url.absoluteString
            return AssistantAnswer(
                intent: "directions",
                action: .init(type: .directions, app: router?.bundleIdentifier, url: url),
                target: place, app: entry.app,
                why: wording.written(why + [wording.givesDirections(router?.name)]))
        }
    }
}
