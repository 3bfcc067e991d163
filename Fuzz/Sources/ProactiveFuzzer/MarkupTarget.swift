import Foundation
import ProactiveMarkup

/// What the fuzz target does with one page.
enum MarkupTarget {
    /// The page's URL, so that relative links are resolved as on a real visit.
    static let url = "https://fuzz.example/dir/page.html?q=1#top"

    /// Extracts the page as bytes and as text, and checks each result (once when they are equal:
    /// the checks depend only on the extraction, and the JSON round trip is half an input's time).
    static func run(_ page: Data) {
        let extractor = MarkupExtractor()
        let asBytes = try? extractor.extract(html: page, url: url)
        let asText = try? extractor.extract(html: String(decoding: page, as: UTF8.self), url: url)
        // Valid UTF-8 is read the same way whichever entry point receives it.
        if String(validating: page, as: UTF8.self) != nil {
            precondition(asBytes == asText, "bytes and text extractions differ for a UTF-8 page")
        }
        if let asBytes { check(asBytes) }
        if let asText, asText != asBytes { check(asText) }
    }

    /// The properties every extraction must have: places in range, and JSON output that reads back
    /// as the same extraction (what `proactive extract` prints).
    static func check(_ extraction: PageExtraction) {
        for place in extraction.places {
            if let latitude = place.latitude { precondition((-90...90).contains(latitude), "latitude") }
            if let longitude = place.longitude { precondition((-180...180).contains(longitude), "longitude") }
            precondition(
                place.hasAddress || place.hasCoordinates || !place.telephones.isEmpty, "unusable place")
            if extraction.telephoneDetectionDisabled {
                precondition(place.telephones.isEmpty, "telephone despite format-detection")
            }
        }
        let json: Data
        do {
            json = try JSONEncoder().encode(extraction)
        } catch {
            preconditionFailure("extraction does not encode: \(error)")
        }
        let decoded = try? JSONDecoder().decode(PageExtraction.self, from: json)
        precondition(decoded == extraction, "extraction does not read back from its JSON")
    }
}
