/// A batch of items indexed together with a client state, like Core Spotlight's
/// `beginIndexBatch()` / `endIndexBatch(expectedClientState:newClientState:)`.
///
/// The whole batch and its client state are committed atomically, so an app that crashed
/// while indexing reads the last client state back and resumes from there.
public struct SearchableItemBatch: Sendable, Hashable, Codable {
    /// The items to index or update.
    public var items: [SearchableItem]
    /// Identifiers of items to delete in the same batch.
    public var deletedIdentifiers: [String]
    /// The client state the app expects to be current; the batch is rejected if it differs.
    public var expectedClientState: String?
    /// The client state stored with the batch (opaque to the engine, at most 4 KB).
    public var clientState: String?

    /// Creates a batch.
    public init(
        items: [SearchableItem], deletedIdentifiers: [String] = [], expectedClientState: String? = nil,
        clientState: String? = nil
    ) {
        self.items = items
        self.deletedIdentifiers = deletedIdentifiers
        self.expectedClientState = expectedClientState
        self.clientState = clientState
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case items, deletedIdentifiers, expectedClientState, clientState
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        items = try c.decodeIfPresent([SearchableItem].self, forKey: .items) ?? []
        deletedIdentifiers = try c.decodeIfPresent([String].self, forKey: .deletedIdentifiers) ?? []
        expectedClientState = try c.decodeIfPresent(String.self, forKey: .expectedClientState)
        clientState = try c.decodeIfPresent(String.self, forKey: .clientState)
    }
}
