import Foundation
import ProactiveModel
import ProactiveRanking
import ProactiveStorage
import Synchronization

extension ProactiveEngine {
    /// The surfaces answered by ``suggestions(for:)``; Siri is answered by ``ask(_:app:now:locale:timeZone:)``.
    public static let contextSurfaces: Set<Surface> = [
        .lockScreen, .spotlight, .appSwitcher, .carPlay, .contactCard, .maps, .quickType,
    ]

    /// What a surface should show now, each suggestion with its reason.
    ///
    /// - `lockScreen`: what is playing; the media app usually played after the trigger in force
    ///   (headphones, Bluetooth, car, arriving home or at work) with its last item; then the
    ///   apps (and their current activities eligible for prediction) the user will open next.
    /// - `spotlight` (before typing), `appSwitcher`: the apps and activities predicted next.
    /// - `carPlay`: the media app for the car first, destinations, then predicted media and
    ///   routing apps.
    /// - `maps`: destinations: places seen in donations, freshest and most seen first.
    /// - `appSwitcher` also offers "Get directions to …" through each routing app and "Get a
    ///   ride to …" through ride-share-only apps for the place seen last.
    /// - `contactCard` (`person`): the apps used with that person, the usual (or picked) first.
    public func suggestions(for request: SuggestionRequest) throws -> [Suggestion] {
        let wording = Wording(locale: request.locale)
        guard wording.isSimplified else { return try suggestionsInTraditionalChinese(for: request) }
        return try suggestionsInTraditionalChinese(for: request).map { suggestion in
            var suggestion = suggestion
            suggestion.why = wording.written(suggestion.why)
            return suggestion
        }
    }

    /// The suggestions of ``suggestions(for:)``, their Chinese explanations written in
    /// Traditional characters whatever the locale's script.
    private func suggestionsInTraditionalChinese(for request: SuggestionRequest) throws -> [Suggestion] {
        try EngineError.refuseNUL(in: [request.app], parameter: "app")
        try EngineError.refuseNUL(in: [request.person], parameter: "person")
        guard Self.contextSurfaces.contains(request.surface) else {
            throw EngineError(
                .invalidRequest,
                "surface \(request.surface.rawValue) is answered by requests to the assistant (ProactiveEngine.ask, `proactive ask`); surfaces here: "
                    + "\(Self.contextSurfaces.map(\.rawValue).sorted().joined(separator: ", "))",
                parameter: "surface")
        }
        guard request.limit > 0 else {
            throw EngineError(.invalidRequest, "limit must be positive", parameter: "limit")
        }
        guard request.limit <= SuggestionRequest.maximumLimit else {
            throw EngineError(
                .invalidRequest, "limit must be at most \(SuggestionRequest.maximumLimit)", parameter: "limit"
            )
        }
        if let location = request.location, !location.isValid {
            throw EngineError(
                .invalidRequest,
                "the location is out of range (latitude -90…90, longitude -180…180)",
                parameter: (-90...90).contains(location.latitude) ? "longitude" : "latitude")
        }
        let now = request.now ?? self.now
        let apps = apps.withLock { $0 }
        let names = apps.mapValues(\.name)
        // One read transaction; on a backend where each statement costs a round trip, the
        // reads that do not depend on one another are announced and sent together.
        return try storage.read(user: user) { tx in
            var builder = SuggestionList(surface: request.surface, limit: request.limit)
            // Maps and QuickType need only places; the other surfaces need the learned context.
            switch request.surface {
            case .quickType:
                try tx.prefetch([placeSightingsRead(now: now)])
                try quickType(tx, request, now: now, into: &builder)
                return builder.suggestions
            case .maps:
                try tx.prefetch([placeSightingsRead(now: now)])
                try destinations(
                    tx, now: now, apps: apps, request: request, limit: request.limit, into: &builder)
                return builder.suggestions
            default:
                break
            }
            var reads = contextReads() + [.nowPlaying, .currentActivities(scope: .system, now: now)]
            if request.surface == .lockScreen { reads.append(.openReminders(now: now, limit: 100)) }
            // The app switcher's places are only for routes: without an app that gives
            // directions, neither the sightings nor a place are read.
            if request.surface == .carPlay
                || (request.surface == .appSwitcher && Self.anyGivesDirections(apps))
            {
                reads.append(placeSightingsRead(now: now))
            }
            try tx.prefetch(reads)
            let models = try contextModels(tx, now: now, apps: apps)
            let nowPlaying = try tx.nowPlaying()
            let current = try tx.currentActivities(scope: .system, now: now)
            let reminders = request.surface == .lockScreen ? try tx.openReminders(now: now, limit: 100) : []
            switch request.surface {
            case .contactCard:
                guard let person = request.person, !person.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw EngineError(
                        .invalidRequest, "contactCard needs a person (a phone number or email)",
                        parameter: "person")
                }
                contactCard(
                    person: person, models: models, names: names, now: now, locale: request.locale,
                    into: &builder)
            case .lockScreen:
                due(
                    reminders, models: models, now: now, locale: request.locale,
                    timeZone: request.timeZone ?? configuration.timeZone, into: &builder)
                playing(nowPlaying, now: now, names: names, locale: request.locale, into: &builder)
                triggered(models: models, now: now, names: names, locale: request.locale, into: &builder)
                predicted(
                    models: models, request: request, current: current, now: now, names: names, into: &builder
                )
            case .carPlay:
                triggered(models: models, now: now, names: names, locale: request.locale, into: &builder)
                try destinations(tx, now: now, apps: apps, request: request, limit: 3, into: &builder)
                predicted(
                    models: models, request: request, current: current, now: now, names: names,
                    into: &builder,
                    only: { apps[$0]?.isMediaApp == true || apps[$0]?.directionsModes.isEmpty == false })
            case .appSwitcher:
                handoffSuggestions(names: names, locale: request.locale, into: &builder)
                try routes(tx, now: now, apps: apps, request: request, into: &builder)
                predicted(
                    models: models, request: request, current: current, now: now, names: names, into: &builder
                )
            default:
                predicted(
                    models: models, request: request, current: current, now: now, names: names, into: &builder
                )
            }
            return builder.suggestions
        }
    }

    /// The reads ``contextModels(_:now:apps:)`` makes when the kept models can be caught up.
    func contextReads() -> [StorageRead] {
        guard configuration.keepsLearnedContext else { return [] }
        guard let kept = contextCache.withLock({ $0 }) else { return [.contextLogDeletions] }
        return [
            .contextLogDeletions, .eventsAfter(id: kept.lastEventID, limit: 100_000),
            .interactionsAfter(id: kept.lastInteractionID, limit: 100_000),
        ]
    }

    /// The learned context at `now`: the kept models fed what was donated since, or learned
    /// again from the store when they cannot be (see ``ContextModelCache``).
    func contextModels(_ tx: any StorageTransaction, now: Date, apps: [String: App]) throws -> ContextModels {
        let region = configuration.phoneRegion
        let retention = configuration.eventRetention
        guard configuration.keepsLearnedContext else {
            let start = now.addingTimeInterval(-retention)
            return ContextModels(
                events: try tx.events(from: start, to: now),
                interactions: try tx.interactions(from: start, to: now),
                apps: apps, region: region)
        }
        let deletions = try tx.contextLogDeletions()
        var cache = contextCache.withLock { $0 }
        if var kept = cache, kept.canServe(now: now, deletions: deletions, apps: apps) {
            cache = try kept.catchUp(tx, now: now, region: region) ? kept : nil
        } else if let kept = cache, kept.deletions == deletions, kept.apps == apps, now <= kept.checkpoint {
            // A request about an earlier moment: learn for it alone.
            return try ContextModelCache(tx, now: now, retention: retention, apps: apps, region: region)
                .models(at: now)
        } else {
            cache = nil
        }
        let current =
            try cache ?? ContextModelCache(tx, now: now, retention: retention, apps: apps, region: region)
        contextCache.withLock { kept in
            if kept == nil || kept!.checkpoint <= current.checkpoint { kept = current }
        }
        return current.models(at: now)
    }

    /// The read of the sightings ``rankedPlaces(_:now:)`` ranks.
    func placeSightingsRead(now: Date) -> StorageRead {
        .placeSightings(
            since: now.addingTimeInterval(-configuration.placeWindow), now: now, limit: 100,
            includingPlace: false)
    }

    /// Places seen in donations within the place window, ranked (from the 100 most recent
    /// sightings: the place surfaces read a bounded number of rows whatever the store's size).
    func rankedPlaces(_ tx: any StorageTransaction, now: Date) throws -> [RankedPlace] {
        let sightings = try tx.placeSightings(
            since: now.addingTimeInterval(-configuration.placeWindow), now: now, limit: 100,
            includingPlace: false)
        return PlaceCatalog.rank(sightings, now: now, halfLife: configuration.placeHalfLife)
    }

    /// The places of ranked groups, reading their JSON at once.
    func places(_ tx: any StorageTransaction, of ranked: some Collection<RankedPlace>) throws -> [Place?] {
        let json = try tx.placeJSON(ids: ranked.flatMap { $0.sightings.map(\.id) })
        let decoder = DonationCoding.makeDecoder()
        return ranked.map { PlaceCatalog.place(of: $0, decoder: decoder, json: json) }
    }

    func placeWhy(_ ranked: RankedPlace, place: Place, now: Date, wording: Wording) -> [String] {
        var why = ranked.sightings.prefix(3).enumerated().map { index, sighting in
            wording.seen(
                first: index == 0, in: displayName(ofApp: sighting.app),
                host: sighting.url.flatMap { URL(string: $0)?.host },
                ago: now.timeIntervalSince(sighting.seenAt))
        }
        if place.coordinate == nil { why.append(wording.notLocated) }
        return why
    }

    private func directionsURL(to place: Place) -> String {
        DirectionsRequest(
            destination: .init(
                name: place.name, address: place.postalAddress, coordinate: place.coordinate,
                phoneNumber: place.phoneNumbers.first)
        ).urlString
    }

    private func destinations(
        _ tx: any StorageTransaction, now: Date, apps: [String: App], request: SuggestionRequest, limit: Int,
        into list: inout SuggestionList
    ) throws {
        let router = apps.values.filter(\.supportsDirections).sorted {
            $0.bundleIdentifier < $1.bundleIdentifier
        }.first
        var ranked = try rankedPlaces(tx, now: now)
        if let location = request.location {
            ranked = PlaceCatalog.nearFirst(ranked, to: location)
        }
        let top = ranked.prefix(limit)
        let wording = Wording(locale: request.locale)
        for (ranked, place) in zip(top, try places(tx, of: top)) {
            guard let place else { continue }
            let source = ranked.latest
            var why = placeWhy(ranked, place: place, now: now, wording: wording)
            if let location = request.location, let distance = ranked.distance(from: location) {
                why.insert(wording.away(distance), at: 0)
            }
            list.add(
                Suggestion(
                    id: SuggestionReference.place(entryID: source.entryID, app: nil).id,
                    surface: list.surface, kind: .place, title: place.name,
                    subtitle: place.formattedAddress,
                    action: .init(
                        type: .directions, app: router?.bundleIdentifier, url: directionsURL(to: place)),
                    source: .init(app: source.app, activityType: source.activityType, url: source.url),
                    score: 0.3 + 0.7 * min(ranked.score, 1), why: why, place: place))
        }
    }

    private func routes(
        _ tx: any StorageTransaction, now: Date, apps: [String: App], request: SuggestionRequest,
        into list: inout SuggestionList
    ) throws {
        guard Self.anyGivesDirections(apps), let ranked = try rankedPlaces(tx, now: now).first,
            ranked.latest.supportsNavigation,
            now.timeIntervalSince(ranked.latest.seenAt) <= configuration.placeHalfLife,
            let place = try places(tx, of: [ranked]).first ?? nil
        else { return }
        let source = ranked.latest
        let url = directionsURL(to: place)
        let why = placeWhy(ranked, place: place, now: now, wording: Wording(locale: request.locale))
        for app in apps.values.sorted(by: { $0.bundleIdentifier < $1.bundleIdentifier })
        where !app.directionsModes.isEmpty {
            let ride = app.isRideShareOnly
            let title = GeneratedText.format(
                ride ? GeneratedText.ride : GeneratedText.directions, place.name, locale: request.locale)
            list.add(
                Suggestion(
                    id: SuggestionReference.place(entryID: source.entryID, app: app.bundleIdentifier).id,
                    surface: list.surface,
                    kind: .place, title: title,
                    subtitle: app.name,
                    action: .init(type: ride ? .ride : .directions, app: app.bundleIdentifier, url: url),
                    source: .init(app: source.app, activityType: source.activityType, url: source.url),
                    score: 0.3 + 0.7 * min(ranked.score, 1),
                    why: why,
                    place: place))
        }
    }

    /// Whether any declared app gives directions (routes are offered through those only).
    static func anyGivesDirections(_ apps: [String: App]) -> Bool {
        apps.values.contains { !$0.directionsModes.isEmpty }
    }

    private func contactCard(
        person: String, models: ContextModels, names: [String: String], now: Date, locale: String?,
        into list: inout SuggestionList
    ) {
        let key = PersonKey.make(handle: person, region: configuration.phoneRegion)
        let kinds = models.lastInteractionKinds[key] ?? [:]
        let language = Wording(locale: locale).explanationLanguage
        for suggestion in models.contacts.apps(for: key, at: now, appNames: names, language: language) {
            let kind = kinds[suggestion.app].flatMap(Intent.Kind.init(rawValue:))
            let action: Suggestion.Action.ActionType =
                kind == .startAudioCall || kind == .startVideoCall ? .call : .message
            list.add(
                Suggestion(
                    id: SuggestionReference.contact(person: key, app: suggestion.app).id,
                    surface: list.surface,
                    kind: .communicationApp, title: names[suggestion.app] ?? suggestion.app,
                    subtitle: suggestion.isDefault ? "default" : nil,
                    action: .init(type: action, app: suggestion.app),
                    source: .init(app: suggestion.app), score: suggestion.score, why: [suggestion.why]))
        }
    }

    /// Now-playing reports decoded, by their JSON: the lock screen shows the same report on
    /// every request while it plays.
    static let decodedNowPlaying = Memo<UTF8Key, NowPlayingInfo?>(capacity: 1024)

    private func playing(
        _ reports: [StoredNowPlaying], now: Date, names: [String: String], locale: String?,
        into list: inout SuggestionList
    ) {
        let decoder = DonationCoding.makeDecoder()
        let wording = Wording(locale: locale)
        for report in reports where report.state == NowPlayingInfo.State.playing.rawValue && report.at <= now
        {
            guard
                let info = Self.decodedNowPlaying.value(
                    for: UTF8Key(report.payload),
                    compute: { try? decoder.decode(NowPlayingInfo.self, from: Data(report.payload.utf8)) })
            else { continue }
            // A report holds while the item can still be playing (its length, else an hour).
            let horizon = max(info.playbackDuration ?? 3600, 60) - (info.elapsedPlaybackTime ?? 0)
            guard now.timeIntervalSince(report.at) <= horizon else { continue }
            let name = names[report.app] ?? report.app
            list.add(
                Suggestion(
                    id: "nowPlaying/\(report.app)", surface: list.surface, kind: .media,
                    title: info.title ?? name,
                    subtitle: [info.artist, info.albumTitle].compactMap { $0 }.joined(separator: " — "),
                    action: .init(type: .play, app: report.app), source: .init(app: report.app), score: 1,
                    why: [
                        wording.playing(in: name, since: now.timeIntervalSince(report.at))
                    ]))
        }
    }

    private func triggered(
        models: ContextModels, now: Date, names: [String: String], locale: String?,
        into list: inout SuggestionList
    ) {
        guard let trigger = models.trigger(at: now) else { return }
        let wording = Wording(locale: locale)
        for suggestion in models.triggers.suggestions(
            for: trigger, limit: 2, appNames: names, language: wording.explanationLanguage)
        {
            list.add(
                Suggestion(
                    id: SuggestionReference.app(suggestion.app).id, surface: list.surface, kind: .app,
                    title: names[suggestion.app] ?? suggestion.app,
                    subtitle: suggestion.lastItem.map { wording.written(wording.play($0)) },
                    action: .init(type: .play, app: suggestion.app),
                    source: .init(app: suggestion.app), score: 0.5 + 0.5 * suggestion.score,
                    why: [suggestion.why]))
        }
    }

    private func predicted(
        models: ContextModels, request: SuggestionRequest, current: [StoredEntry], now: Date,
        names: [String: String],
        into list: inout SuggestionList, only include: (String) -> Bool = { _ in true }
    ) {
        let wording = Wording(locale: request.locale)
        let context = NextAppContext(
            at: now, foregroundApp: request.app ?? models.foregroundApp, trigger: models.trigger(at: now),
            place: models.place, appNames: names, language: wording.explanationLanguage)
        let ranking = models.predictor.predictions(in: context, limit: request.limit * 3)
        for prediction in ranking.predictions where include(prediction.app) {
            let activity = current.first { $0.app == prediction.app && $0.isEligibleForPrediction }
            if let activity, let title = activity.title {
                list.add(
                    Suggestion(
                        id: EntryReference(.activity, activity.id).description, surface: list.surface,
                        kind: .activity, title: title,
                        subtitle: names[prediction.app] ?? prediction.app,
                        action: .init(type: .continue, app: prediction.app, url: activity.url),
                        source: .init(
                            app: prediction.app, activityType: activity.activityType, url: activity.url),
                        score: 0.5 * prediction.score,
                        why: prediction.why + [
                            wording.whatYouWereDoing(in: names[prediction.app] ?? prediction.app)
                        ]))
            }
            list.add(
                Suggestion(
                    id: SuggestionReference.app(prediction.app).id, surface: list.surface, kind: .app,
                    title: names[prediction.app] ?? prediction.app,
                    action: .init(type: .open, app: prediction.app),
                    source: .init(app: prediction.app), score: 0.5 * prediction.score, why: prediction.why))
        }
    }
}

/// Suggestions in order of appearance, one per identifier and per app-and-kind, up to a limit.
struct SuggestionList {
    let surface: Surface
    let limit: Int
    private(set) var suggestions: [Suggestion] = []
    private var seen: Set<String> = []

    init(surface: Surface, limit: Int) {
        self.surface = surface
        self.limit = limit
    }

    mutating func add(_ suggestion: Suggestion) {
        guard suggestions.count < limit else { return }
        // One suggestion per app and kind (an app suggested twice says nothing new); places are
        // distinct by their title and text by what it inserts.
        let key: String =
            switch suggestion.kind {
            case .place: "place|\(suggestion.title)|\(suggestion.action.app ?? "")"
            case .text: "text|\(suggestion.insertText ?? suggestion.title)"
            default: "\(suggestion.kind.rawValue)|\(suggestion.action.app ?? "")"
            }
        guard seen.insert(suggestion.id).inserted, seen.insert(key).inserted else { return }
        var rounded = suggestion
        rounded.score = (min(max(suggestion.score, 0), 1) * 1000).rounded() / 1000
        suggestions.append(rounded)
    }
}
