import ProactiveMarkup
import Testing

/// The Swift sample of `Sources/ProactiveMarkup/ProactiveMarkup.docc`, verbatim (its `import`
/// lines aside), so that a change of the API breaks a test rather than the documentation
/// (`ProactiveTests.DocumentationSampleTests.everySampleIsInATest` checks it is here).
@Suite struct DocumentationSampleTests {
    /// Sources/ProactiveMarkup/ProactiveMarkup.docc/ProactiveMarkup.md
    @Test func landingPage() throws {
        let html = """
            <html><head><title>Yank Sing</title>
            <script type="application/ld+json">
            {"@context": "https://schema.org", "@type": "Restaurant", "name": "Yank Sing",
             "telephone": "+1 415-781-1111",
             "address": {"@type": "PostalAddress", "streetAddress": "101 Spear St",
                         "addressLocality": "San Francisco", "addressCountry": "US"}}
            </script></head></html>
            """
        let page = try MarkupExtractor().extract(html: html, url: "https://www.yanksing.com/")
        for place in page.places {
            print(place.name ?? "?", place.streetAddress ?? "", place.locality ?? "", place.telephones)
        }

        #expect(page.title == "Yank Sing")
        #expect(page.places.count == 1)
        #expect(page.places.first?.name == "Yank Sing")
        #expect(page.places.first?.streetAddress == "101 Spear St")
        #expect(page.places.first?.locality == "San Francisco")
        #expect(page.places.first?.telephones == ["+1 415-781-1111"])
    }
}
