import Foundation
import ProactiveModel

extension ProactiveEngine {
    /// Loads what the first requests would otherwise load (the gazetteer, the phone number
    /// metadata) and learns the context models, so that a daemon's first answers are as fast
    /// as the others. Takes a few hundred milliseconds.
    public func prepare() throws {
        _ = PlaceCatalog.gazetteer
        _ = PersonKey.make(handle: "+1 415 555 0100", region: configuration.phoneRegion)
        _ = try suggestions(for: SuggestionRequest(surface: .lockScreen))
    }
}
