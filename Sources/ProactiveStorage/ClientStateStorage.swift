import Foundation

/// The client state an app stores with its last index batch (Core Spotlight's
/// `beginIndexBatch`/`endIndexBatch(clientState:)`), per user.
public protocol ClientStateStorage {
    /// Stores an app's client state with the batch that ends.
    func saveClientState(_ state: String?, app: String, at date: Date) throws

    /// The client state stored with an app's last batch (`fetchLastClientState`).
    func clientState(app: String) throws -> String?
}
