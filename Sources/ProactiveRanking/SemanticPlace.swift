/// A place that matters to the user, learned from where their device rests.
public enum SemanticPlace: String, Sendable, Hashable, Codable, CaseIterable {
    /// Where the device rests at night.
    case home
    /// Where the device rests on weekday daytime, other than home.
    case work
}

/// A change of place derived from location samples.
public enum PlaceTransition: Sendable, Hashable, Codable {
    /// The user arrived at the place.
    case arrived(SemanticPlace)
    /// The user left the place.
    case departed(SemanticPlace)
}
