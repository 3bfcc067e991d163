/// What the user did with a suggested app.
public enum SuggestionFeedback: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user opened the suggestion.
    case engaged
    /// The user dismissed the suggestion.
    case dismissed
}
