import ProactiveMarkup

/// A visited page as the store keeps it: no HTML, only what was read from it.
struct StoredPage: Codable, Sendable {
    /// The page's URL.
    var url: String
    /// Its title (the browser's, else the page's `<title>` or `og:title`).
    var title: String?
    /// Its description (`<meta name="description">`, `og:description`).
    var description: String?
    /// The places its schema.org markup describes.
    var places: [ExtractedPlace]
}
