import Foundation
import ProactiveModel
import ProactiveRanking
import ProactiveStorage

/// The learned context at a moment: the online models of `ProactiveRanking`, fed event by event
/// (each update is constant time) from the event log, the interactions and now-playing reports,
/// in time order, up to the moment asked about.
///
/// The engine keeps them in memory (``ContextModelCache``) and feeds them what was donated since
/// the last request; a one-shot command learns them from the event log (bounded by its
/// retention) on its first request.
struct ContextModels {
    var predictor = NextAppPredictor()
    var triggers = TriggerAppModel()
    var places = SemanticPlaceLearner()
    var contacts = ContactAppRanker()
    /// The trigger in force and when it happened (a connection not yet disconnected, an arrival
    /// not yet followed by a departure).
    var activeTrigger: (trigger: ContextTrigger, at: Date)?
    /// The app in the foreground (the last launched).
    var foregroundApp: String?
    /// The semantic place the device is at, if known.
    var place: String?
    /// The last arrival at each place (by label: `home`, `work`…).
    var arrivals: [String: Date] = [:]
    /// The last departure from wherever the device was.
    var lastDeparture: Date?
    /// The last ranking shown, so the predictor learns from what it proposed.
    var lastRanking: NextAppRanking?
    /// Per person (``PersonKey``) and app, the kind of the latest interaction (`sendMessage`,
    /// `startAudioCall`…): what the contact card offers to do in that app.
    var lastInteractionKinds: [String: [String: String]] = [:]
    /// A media app just launched: it counts as played, with the item its now-playing report
    /// names if one follows before the next event.
    var launchedMedia: (app: String, at: Date)?

    /// How long a trigger stays in force without its end event. Default 1 hour.
    static let triggerLifetime: TimeInterval = 3600

    /// The kind under which now-playing reports are kept in the event log.
    static let nowPlayingKind = "nowPlaying"

    /// Models that have learned nothing yet.
    init() {}

    /// Models fed every event and interaction given, settled (see ``settled()``).
    init(events: [StoredEvent], interactions: [StoredInteraction], apps: [String: App], region: String) {
        feed(ContextItem.decode(events: events, interactions: interactions, region: region), apps: apps)
        flushLaunchedMedia()
    }

    /// These models as a surface reads them: a media launch still waiting for its now-playing
    /// report counts as a play of the app.
    func settled() -> ContextModels {
        var copy = self
        copy.flushLaunchedMedia()
        return copy
    }

    /// Feeds items in learning order (``ContextItem/precedes(_:_:)``); they must not come
    /// before what was fed already.
    mutating func feed(_ items: some Sequence<ContextItem>, apps: [String: App]) {
        for item in items {
            switch item.content {
            case .playing(let app, let title):
                if let launched = launchedMedia, launched.app == app {
                    triggers.notePlay(app: app, item: title, at: launched.at)
                    launchedMedia = nil
                } else {
                    flushLaunchedMedia()
                    triggers.notePlay(app: app, item: title, at: item.at)
                }
            case .event(let event):
                flushLaunchedMedia()
                apply(event, at: item.at, apps: apps)
            case .interaction(let app, let people, let kind):
                flushLaunchedMedia()
                for person in people {
                    contacts.recordInteraction(person: person, app: app, at: item.at)
                    // Items come in time order: the last one fed is the latest.
                    lastInteractionKinds[person, default: [:]][app] = kind
                }
            }
        }
    }

    private mutating func flushLaunchedMedia() {
        guard let launched = launchedMedia else { return }
        triggers.notePlay(app: launched.app, at: launched.at)
        launchedMedia = nil
    }

    /// The trigger in force at `date`, if it is recent enough.
    func trigger(at date: Date) -> ContextTrigger? {
        guard let active = activeTrigger, date.timeIntervalSince(active.at) <= Self.triggerLifetime,
            date >= active.at
        else { return nil }
        return active.trigger
    }

    mutating func apply(_ event: SystemEvent, at date: Date, apps: [String: App]) {
        switch event.event {
        case .appLaunched:
            guard let app = event.app else { return }
            predictor.observe(
                AppLaunch(app: app, at: date, trigger: trigger(at: date), place: place),
                following: lastRanking)
            lastRanking = nil
            foregroundApp = app
            if apps[app]?.isMediaApp == true { launchedMedia = (app, date) }
        case .headphonesConnected:
            begin(.headphonesConnected, at: date)
        case .bluetoothConnected:
            begin(.bluetoothConnected(device: event.device), at: date)
        case .carConnected:
            begin(.carConnected, at: date)
        case .headphonesDisconnected, .bluetoothDisconnected, .carDisconnected:
            activeTrigger = nil
        case .arrived:
            let label = (event.place ?? "").lowercased()
            if let semantic = SemanticPlace(rawValue: label) {
                _ = places.noteArrival(at: semantic, at: date)
            }
            place = label
            arrivals[label] = date
            begin(.arrived(at: label), at: date)
        case .departed:
            lastDeparture = date
            place = nil
            activeTrigger = nil
        case .location:
            guard let latitude = event.latitude, let longitude = event.longitude else { return }
            for transition in places.observe(
                LocationSample(latitude: latitude, longitude: longitude, at: date))
            {
                switch transition {
                case .arrived(let semantic):
                    place = semantic.rawValue
                    arrivals[semantic.rawValue] = date
                    begin(.arrived(at: semantic.rawValue), at: date)
                case .departed:
                    lastDeparture = date
                    place = nil
                    if activeTrigger?.trigger.kind == .arrived { activeTrigger = nil }
                }
            }
        case .suggestionEngaged, .suggestionDismissed:
            guard let id = event.id, let reference = SuggestionReference(id) else { return }
            let feedback: SuggestionFeedback = event.event == .suggestionEngaged ? .engaged : .dismissed
            switch reference {
            case .app(let app):
                predictor.record(feedback, for: app)
            case .contact(let person, let app):
                if feedback == .engaged { contacts.recordPick(person: person, app: app, at: date) }
            case .place:
                break  // places learn from sightings, not from feedback
            }
        }
    }

    private mutating func begin(_ trigger: ContextTrigger, at date: Date) {
        activeTrigger = (trigger, date)
        triggers.noteTrigger(trigger, at: date)
    }
}
