/// The markup syntax an entity was read from.
public enum MarkupSyntax: String, Codable, Sendable, Hashable, CaseIterable {
    /// A `<script type="application/ld+json">` block.
    case jsonLD
    /// HTML microdata (`itemscope`, `itemtype`, `itemprop`).
    case microdata
    /// RDFa Lite (`vocab`, `typeof`, `property`).
    case rdfa
    /// Open Graph and related `<meta property>` tags (`og:*`, `place:*`, `business:*`).
    case openGraph
}
