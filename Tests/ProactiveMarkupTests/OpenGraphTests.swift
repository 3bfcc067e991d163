import Testing

@testable import ProactiveMarkup

@Suite struct OpenGraphTests {
    let extractor = MarkupExtractor()

    @Test func londonCafeFromBusinessAndPlaceTags() throws {
        let page = try extractor.extract(html: RestaurantPages.englishOpenGraph)
        #expect(page.title == "Monmouth Coffee, Borough")  // og:title when there is no <title>
        #expect(page.description == "Single-estate coffee by Borough Market.")
        let entity = try #require(page.entities(from: .openGraph).first)
        #expect(entity.types == ["LocalBusiness"])
        let place = try #require(page.places.first)
        #expect(page.places.count == 1)
        #expect(place.name == "Monmouth Coffee, Borough")
        #expect(place.streetAddress == "2 Park Street")
        #expect(place.locality == "London")
        #expect(place.postalCode == "SE1 9AB")
        #expect(place.country == "United Kingdom")
        #expect(place.latitude == 51.5055)
        #expect(place.longitude == -0.091)
        #expect(place.telephones == ["+44 20 7232 3010"])
        #expect(place.url == "https://monmouth.example.co.uk/borough")
        #expect(place.sourceSyntax == .openGraph)
    }

    @Test func articleTagsGiveAnEntityButNoPlace() throws {
        let html = """
            <html><head><title>Recipe</title>
            <meta property="og:type" content="article"><meta property="og:title" content="Tarte Tatin">
            </head></html>
            """
        let page = try extractor.extract(html: html)
        #expect(page.title == "Recipe")
        #expect(page.entities.map(\.types) == [["Article"]])
        #expect(page.places.isEmpty)
    }

    @Test func coordinatesAloneMakeAPlace() throws {
        let html = """
            <meta property="og:title" content="Viewpoint">
            <meta property="place:location:latitude" content="-22.9519">
            <meta property="place:location:longitude" content="-43.2105">
            """
        let page = try extractor.extract(html: html)
        #expect(page.entities.first?.types == ["Place"])
        #expect(page.places.first?.latitude == -22.9519)
    }
}
