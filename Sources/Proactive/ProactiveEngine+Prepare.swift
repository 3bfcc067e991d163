import Foundation
import ProactiveModel
import ProactiveStorage

extension ProactiveEngine {
    /// Loads what the first requests would otherwise load (the gazetteer, the phone number
    /// metadata), learns the context models and starts reading ahead what searches read (the
    /// storage's `prepareSearchIndex(waitUntilDone:)`: the embedded store reads its index's most
    /// frequent words), so that a daemon's first answers are as fast as the others. Takes a few
    /// hundred milliseconds; the search index's part goes on in the background (5.5 s of one
    /// core at 1M items) unless `waitingForSearchIndex`.
    public func prepare(waitingForSearchIndex: Bool = false) throws {
        storage.prepareSearchIndex(waitUntilDone: waitingForSearchIndex)
        _ = PlaceCatalog.gazetteer
        _ = PersonKey.make(handle: "+1 415 555 0100", region: configuration.phoneRegion)
        _ = try suggestions(for: SuggestionRequest(surface: .lockScreen))
    }
}
