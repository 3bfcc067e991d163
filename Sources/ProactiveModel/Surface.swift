/// A place in the system that shows suggestions; each is a query with its own context.
public enum Surface: String, Sendable, Hashable, Codable, CaseIterable {
    case appSwitcher, lockScreen, carPlay, maps, quickType, siri, contactCard, spotlight
}
