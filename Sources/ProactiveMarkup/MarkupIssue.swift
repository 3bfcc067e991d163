/// A problem found in part of a page that did not stop the rest of the page from being read,
/// such as a JSON-LD block that is not JSON even after lenient repairs.
public struct MarkupIssue: Codable, Sendable, Hashable {
    /// The stable code of an issue.
    public enum Code: String, Codable, Sendable, Hashable {
        /// A JSON-LD block could not be read as JSON.
        case invalidJSON
        /// Nesting deeper than the extractor's limit was skipped (HTML elements or JSON values).
        case tooDeep
        /// The page was not valid UTF-8; invalid bytes were replaced with U+FFFD.
        case invalidUTF8
    }

    /// The stable code of the issue.
    public var code: Code
    /// The syntax concerned, if any.
    public var syntax: MarkupSyntax?
    /// A message naming the problem and where it is (such as a byte offset); never page content.
    public var message: String

    /// Creates an issue.
    public init(code: Code, syntax: MarkupSyntax?, message: String) {
        self.code = code
        self.syntax = syntax
        self.message = message
    }
}
