/// One term of a search query, ready for the full-text index.
public struct SearchTerm: Sendable, Hashable {
    /// The term's text, in the index's spelling (see ``IndexText``).
    public var text: String
    /// Whether the term matches any indexed word it starts (typing "rest" finds "restaurant").
    public var isPrefix: Bool

    /// Creates a term.
    public init(_ text: String, isPrefix: Bool) {
        self.text = text
        self.isPrefix = isPrefix
    }
}
