import Foundation
import Testing

@testable import ProactiveMarkup

@Suite struct PlaceExtractionTests {
    let extractor = MarkupExtractor()

    @Test(
        "The same restaurant in each syntax gives the same place",
        arguments: [MarkupSyntax.jsonLD, .microdata, .rdfa])
    func sameRestaurant(syntax: MarkupSyntax) throws {
        let page = try extractor.extract(html: try #require(RestaurantPages.sameRestaurant[syntax]))
        #expect(page.entities.count == 1)
        #expect(page.entities.first?.source == syntax)
        let expected = ExtractedPlace(
            name: "Katz's Delicatessen", types: ["Restaurant"], streetAddress: "205 E Houston St",
            locality: "New York", region: "NY", postalCode: "10002", country: "US",
            telephones: ["+1 212-254-2246"], sourceSyntax: syntax)
        #expect(page.places == [expected])
    }

    /// Found by the libFuzzer target: the places nested under different properties of one entity
    /// came in the order of a dictionary, which changes from one extraction to the next.
    @Test func placesUnderSeveralPropertiesComeInTheSameOrderEveryTime() throws {
        let html = """
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"RentalCarReservation",
             "pickupLocation":{"@type":"Place","name":"Depot Nord",
               "address":{"@type":"PostalAddress","streetAddress":"1 Rue du Nord","addressLocality":"Lille"}},
             "dropoffLocation":{"@type":"Place","name":"Depot Sud",
               "address":{"@type":"PostalAddress","streetAddress":"2 Rue du Sud","addressLocality":"Nice"}},
             "reservationFor":{"@type":"Car","name":"Compact"}}</script>
            """
        let names = try (0..<20).map { _ in try extractor.extract(html: html).places.map(\.name) }
        // By property name: dropoffLocation, then pickupLocation.
        for run in names { #expect(run == ["Depot Sud", "Depot Nord"]) }
    }

    @Test func geoCoordinatesOnlyPage() throws {
        let html = """
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"Park","name":"Jardim da Estrela",
             "geo":{"@type":"GeoCoordinates","latitude":"38.7139","longitude":"-9.1605"}}</script>
            """
        let place = try #require(try extractor.extract(html: html).places.first)
        #expect(place.hasCoordinates && !place.hasAddress)
        #expect(place.latitude == 38.7139)
    }

    @Test func addressOnlyPage() throws {
        let html = """
            <div itemscope itemtype="https://schema.org/CafeOrCoffeeShop"><span itemprop="name">Café Central</span>
            <span itemprop="address">Herrengasse 14, 1010 Wien</span></div>
            """
        let place = try #require(try extractor.extract(html: html).places.first)
        #expect(!place.hasCoordinates)
        #expect(place.addressText == "Herrengasse 14, 1010 Wien")
    }

    @Test(
        "format-detection telephone=no removes telephones from places",
        arguments: ["telephone=no", "telephone=no, address=no", " Telephone = NO ;email=no"])
    func formatDetection(content: String) throws {
        let html = "<meta name=\"format-detection\" content=\"\(content)\">" + RestaurantPages.frenchJSONLD
        let page = try extractor.extract(html: html)
        #expect(page.telephoneDetectionDisabled)
        #expect(page.places.count == 1)
        #expect(page.places.first?.telephones == [])
    }

    @Test func formatDetectionOtherSettingsKeepTelephones() throws {
        let html = "<meta name=\"format-detection\" content=\"address=no\">" + RestaurantPages.frenchJSONLD
        let page = try extractor.extract(html: html)
        #expect(!page.telephoneDetectionDisabled)
        #expect(page.places.first?.telephones == ["+33 1 42 86 61 00"])
    }

    @Test func telephoneOnlyPlaceIsDroppedWhenTelephonesAreOff() throws {
        let body =
            #"<script type="application/ld+json">{"@type":"Restaurant","name":"X","telephone":"+1 555 0100"}</script>"#
        #expect(try extractor.extract(html: body).places.count == 1)
        let off = "<meta name=\"format-detection\" content=\"telephone=no\">" + body
        #expect(try extractor.extract(html: off).places.isEmpty)
    }

    @Test func duplicatePlaceAcrossSyntaxesIsMerged() throws {
        let jsonLD = try #require(RestaurantPages.sameRestaurant[.jsonLD])
        let microdata = try #require(RestaurantPages.sameRestaurant[.microdata])
        let html =
            jsonLD + microdata + """
                <div itemscope itemtype="https://schema.org/Restaurant"><span itemprop="name">katz's delicatessen</span>
                <div itemprop="geo" itemscope itemtype="https://schema.org/GeoCoordinates">
                <meta itemprop="latitude" content="40.7223"><meta itemprop="longitude" content="-73.9874"></div></div>
                """
        let page = try extractor.extract(html: html)
        #expect(page.entities.count == 3)
        #expect(page.places.count == 1)
        #expect(page.places.first?.sourceSyntax == .jsonLD)
        #expect(page.places.first?.latitude == 40.7223)
    }

    @Test(
        "Subtypes are understood",
        arguments: [
            ("Restaurant", "Place", true), ("Restaurant", "FoodEstablishment", true),
            ("Restaurant", "Organization", true),
            ("Hotel", "LodgingBusiness", true), ("Campground", "CivicStructure", true),
            ("Campground", "LodgingBusiness", true),
            ("ShoeStore", "Store", true), ("CatholicChurch", "Place", true),
            ("FoodEstablishmentReservation", "Reservation", true),
            ("PostalAddress", "Place", false), ("Organization", "Place", false),
            ("Restaurant", "Store", false),
            ("Unknown", "Thing", false), ("Event", "Thing", true),
        ])
    func hierarchy(type: String, ancestor: String, expected: Bool) {
        #expect(SchemaTypeHierarchy.isSubtype(type, of: ancestor) == expected)
    }

    @Test func extractionIsStableJSON() throws {
        let page = try extractor.extract(
            html: RestaurantPages.frenchJSONLD, url: "https://lepetitzinc.example.fr/")
        let data = try JSONEncoder().encode(page)
        #expect(try JSONDecoder().decode(PageExtraction.self, from: data) == page)
        let text = String(decoding: data, as: UTF8.self)
        for key in [
            "\"entities\"", "\"places\"", "\"telephoneDetectionDisabled\"", "\"sourceSyntax\":\"jsonLD\"",
            "\"text\":",
        ] {
            #expect(text.contains(key), "\(key)")
        }
    }
}
