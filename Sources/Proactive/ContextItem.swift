import Foundation
import ProactiveModel
import ProactiveStorage

/// An entry of the context log decoded once for the models: an event, a now-playing report or
/// the people and kind of an interaction, with its moment and row identifier.
struct ContextItem: Sendable {
    enum Content: Sendable {
        case event(SystemEvent)
        case playing(app: String, title: String?)
        case interaction(app: String, people: [String], kind: String)
    }

    var at: Date
    var id: Int64
    /// Interactions come after events at the same moment (the order the models learn in).
    var isInteraction: Bool
    var content: Content

    /// Orders items as the models learn them: by time, events before interactions, by row.
    static func precedes(_ a: ContextItem, _ b: ContextItem) -> Bool {
        (a.at, a.isInteraction ? 1 : 0, a.id) < (b.at, b.isInteraction ? 1 : 0, b.id)
    }

    /// Decodes stored events and interactions, skipping what cannot be read (and now-playing
    /// reports that are not playing), in learning order.
    static func decode(events: [StoredEvent], interactions: [StoredInteraction], region: String)
        -> [ContextItem]
    {
        let decoder = DonationCoding.makeDecoder()
        var items: [ContextItem] = []
        items.reserveCapacity(events.count + interactions.count)
        for stored in events {
            if stored.kind == ContextModels.nowPlayingKind {
                guard let info = try? decoder.decode(NowPlayingInfo.self, from: Data(stored.payload.utf8)),
                    info.state == .playing, let app = stored.app
                else { continue }
                items.append(
                    ContextItem(
                        at: stored.at, id: stored.id, isInteraction: false,
                        content: .playing(app: app, title: info.title)))
            } else if let event = try? decoder.decode(SystemEvent.self, from: Data(stored.payload.utf8)) {
                items.append(
                    ContextItem(at: stored.at, id: stored.id, isInteraction: false, content: .event(event)))
            }
        }
        for stored in interactions {
            guard let interaction = try? decoder.decode(Interaction.self, from: Data(stored.payload.utf8))
            else { continue }
            let people = interaction.people.map { PersonKey.make($0, region: region) }
            items.append(
                ContextItem(
                    at: stored.at, id: stored.id, isInteraction: true,
                    content: .interaction(app: stored.app, people: people, kind: stored.kind)))
        }
        items.sort(by: precedes)
        return items
    }
}
