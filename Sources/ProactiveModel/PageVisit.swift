/// A web page the user visited, donated by a browser.
public struct PageVisit: Sendable, Hashable, Codable {
    /// The page's URL (http or https).
    public var url: String
    /// The page's title, if the browser knows it.
    public var title: String?
    /// The page's HTML, from which schema.org places are extracted.
    public var html: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case url, title, html }

    /// Creates a visit.
    public init(url: String, title: String? = nil, html: String? = nil) {
        self.url = url
        self.title = title
        self.html = html
    }
}
