internal import CLibXML2
import Foundation

/// Reads the schema.org entities, the places and the title of an HTML page.
///
/// ```swift
/// let page = try MarkupExtractor().extract(html: html, url: "https://example.com/chez-marie")
/// for place in page.places { print(place.name ?? "?", place.locality ?? "?") }
/// ```
///
/// The page is parsed once by libxml2's HTML parser (in recovery mode, without network access) and
/// its DOM walked once; JSON-LD is read by a lenient JSON reader. Extraction is a pure function of the
/// page and its URL, and the extractor is a value that can be shared between threads.
public struct MarkupExtractor: Sendable {
    /// The largest page accepted, in bytes; larger pages throw ``MarkupError/Code/pageTooLarge``.
    /// The default is 10 MB (10 485 760 bytes).
    public var maximumPageSize: Int
    /// The deepest element nesting read, and the deepest JSON nesting read; deeper content is
    /// skipped and reported as a ``MarkupIssue/Code/tooDeep`` issue. The default is 256.
    public var maximumDepth: Int
    /// The longest text read from one element, in bytes. The default is 65 536.
    public var maximumTextLength: Int

    /// Creates an extractor with the given limits.
    public init(
        maximumPageSize: Int = 10 * 1024 * 1024, maximumDepth: Int = 256, maximumTextLength: Int = 65_536
    ) {
        self.maximumPageSize = maximumPageSize
        self.maximumDepth = maximumDepth
        self.maximumTextLength = maximumTextLength
    }

    /// Extracts from a page given as text (it is parsed as UTF-8, whatever its `<meta charset>` says).
    ///
    /// - Parameters:
    ///   - html: The page's HTML.
    ///   - url: The page's URL, used to resolve relative links in microdata and RDFa.
    /// - Throws: ``MarkupError`` when the page is too large or unusable.
    public func extract(html: String, url: String? = nil) throws(MarkupError) -> PageExtraction {
        var bytes = Array(html.utf8)
        return try extract(bytes: &bytes, url: url, encoding: .utf8)
    }

    /// Extracts from a page given as bytes.
    ///
    /// Valid UTF-8 is read as UTF-8. Bytes that are not valid UTF-8 are handed to libxml2 without an
    /// encoding, so it follows the page's `<meta charset>` (such as `windows-1252` or `GBK`); a page
    /// that declares nothing is then read as ISO-8859-1 from the first invalid byte, and the
    /// extraction reports a ``MarkupIssue/Code/invalidUTF8`` issue.
    ///
    /// - Throws: ``MarkupError`` when the page is too large or unusable.
    public func extract(html: Data, url: String? = nil) throws(MarkupError) -> PageExtraction {
        guard html.count <= maximumPageSize else {
            throw .pageTooLarge(size: html.count, limit: maximumPageSize)
        }
        var bytes = [UInt8](html)
        let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
        return try extract(bytes: &bytes, url: url, encoding: isUTF8 ? .utf8 : .declared)
    }

    /// How the parser decides the page's encoding.
    enum Encoding {
        case utf8
        case declared
    }

    private func extract(bytes: inout [UInt8], url: String?, encoding: Encoding) throws(MarkupError)
        -> PageExtraction
    {
        guard bytes.count <= maximumPageSize else {
            throw .pageTooLarge(size: bytes.count, limit: maximumPageSize)
        }
        var options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue
        if encoding == .utf8 { options |= HTML_PARSE_IGNORE_ENC.rawValue }
        proactive_libxml2_silence_errors()
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                htmlReadMemory(
                    characters.baseAddress, Int32(characters.count), nil, encoding == .utf8 ? "UTF-8" : nil,
                    Int32(bitPattern: options))
            }
        }
        guard let document else {
            throw MarkupError(code: .unusablePage, message: "The HTML parser could not read the page.")
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else {
            throw MarkupError(code: .unusablePage, message: "The page has no root element.")
        }
        let scanner = PageScanner(maximumDepth: maximumDepth, maximumTextLength: maximumTextLength)
        scanner.scan(root)

        var issues: [MarkupIssue] = []
        if encoding == .declared {
            issues.append(
                MarkupIssue(
                    code: .invalidUTF8, syntax: nil,
                    message:
                        "The page is not valid UTF-8; it was read in its declared encoding, else ISO-8859-1.")
            )
        }
        return assemble(scanner, url: url, pageSize: bytes.count, issues: issues)
    }
}
