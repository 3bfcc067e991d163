/// An error that makes a page unusable for extraction.
public struct MarkupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable code of an error.
    public enum Code: String, Codable, Sendable, Hashable {
        /// The page is larger than ``MarkupExtractor/maximumPageSize``.
        case pageTooLarge
        /// The HTML parser could not build a document from the page (for example, an empty page).
        case unusablePage
    }

    /// The stable code of the error.
    public var code: Code
    /// A message naming the problem; it never contains page content.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The code and message.
    public var description: String { "markup.\(code.rawValue): \(message)" }

    /// A page of `size` bytes is over `limit`.
    static func pageTooLarge(size: Int, limit: Int) -> MarkupError {
        MarkupError(
            code: .pageTooLarge, message: "The page has \(size) bytes, more than the limit of \(limit) bytes."
        )
    }
}
