import Testing

@testable import ProactiveMarkup

@Suite struct JSONLDTests {
    let extractor = MarkupExtractor()

    func page(_ json: String, head: String = "") throws -> PageExtraction {
        try extractor.extract(
            html:
                "<html><head>\(head)<script type=\"application/ld+json\">\(json)</script></head><body></body></html>"
        )
    }

    @Test func frenchRestaurantBecomesAPlace() throws {
        let page = try extractor.extract(
            html: RestaurantPages.frenchJSONLD, url: "https://lepetitzinc.example.fr/")
        #expect(page.title == "Le Petit Zinc – Bistrot parisien")
        #expect(page.description == "Cuisine du marché, vins natures, terrasse à Saint-Germain.")
        #expect(page.entities.count == 1)
        #expect(page.entities[0].types == ["Restaurant"])
        #expect(page.entities[0]["servesCuisine"] == [.text("Française")])
        let place = try #require(page.places.first)
        #expect(page.places.count == 1)
        #expect(place.name == "Le Petit Zinc")
        #expect(place.types == ["Restaurant"])
        #expect(place.streetAddress == "11 rue Saint-Benoît")
        #expect(place.locality == "Paris")
        #expect(place.postalCode == "75006")
        #expect(place.country == "FR")
        #expect(place.latitude == 48.8546)
        #expect(place.longitude == 2.3331)
        #expect(place.telephones == ["+33 1 42 86 61 00"])
        #expect(place.url == "https://lepetitzinc.example.fr/")
        #expect(place.sourceSyntax == .jsonLD)
    }

    @Test func graphReferencesAreResolvedAndNotRepeated() throws {
        let page = try extractor.extract(html: RestaurantPages.germanGraph)
        #expect(page.entities.map(\.types) == [["WebPage"]])
        let restaurant = try #require(page.entities[0]["mainEntity"].first?.entity)
        #expect(restaurant.types == ["Restaurant", "TouristAttraction"])
        let address = try #require(restaurant["address"].first?.entity)
        #expect(address["streetAddress"] == [.text("Waisenstraße 14–16")])
        let place = try #require(page.places.first)
        #expect(page.places.count == 1)
        #expect(place.name == "Zur letzten Instanz")
        #expect(place.locality == "Berlin")
        #expect(place.country == "Deutschland")
        #expect(place.telephones == ["+49 30 2425528"])
    }

    @Test(
        "Lenient JSON that real pages contain",
        arguments: [
            ("CDATA", "//<![CDATA[\n{\"@type\":\"Restaurant\",\"name\":\"A\"}\n//]]>"),
            ("HTML comment", "<!--\n{\"@type\":\"Restaurant\",\"name\":\"A\"}\n-->"),
            ("trailing commas", "{\"@type\":\"Restaurant\",\"name\":\"A\",\"sameAs\":[\"x\",],}"),
            ("trailing semicolon", "{\"@type\":\"Restaurant\",\"name\":\"A\"};"),
            (
                "raw new line and tab",
                "{\"@type\":\"Restaurant\",\"name\":\"A\",\"description\":\"one\n\ttwo\"}"
            ),
            ("top-level array", "[{\"@type\":\"Restaurant\",\"name\":\"A\"}]"),
            ("byte order mark", "\u{FEFF}{\"@type\":\"Restaurant\",\"name\":\"A\"}"),
            ("comments", "/* site data */ {\"@type\":\"Restaurant\", // the shop\n \"name\":\"A\"}"),
            ("missing comma", "{\"@type\":\"Restaurant\" \"name\":\"A\"}"),
            ("escapes", "{\"@type\":\"Restaurant\",\"name\":\"\\u0041\"}"),
        ])
    func lenientJSON(label: String, json: String) throws {
        let page = try page(json)
        #expect(page.issues.isEmpty, "\(label)")
        #expect(page.entities.count == 1, "\(label)")
        #expect(page.entities.first?.types == ["Restaurant"], "\(label)")
        #expect(page.entities.first?["name"] == [.text("A")], "\(label)")
    }

    @Test func rawNewLinesCollapseInValues() throws {
        let page = try page("{\"@type\":\"Thing\",\"description\":\"one\n\ttwo  three \"}")
        #expect(page.entities.first?["description"] == [.text("one two three")])
    }

    @Test func severalScriptsPerPageShareReferences() throws {
        let html = """
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"Hotel","@id":"#h","name":"Hôtel du Nord"}</script>
            <script type="application/ld+json">{"@context":"https://schema.org","@id":"#h",
              "address":"102 quai de Jemmapes, 75010 Paris"}</script>
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"LodgingReservation",
              "reservationFor":{"@id":"#h"},"reservationId":"R1"}</script>
            """
        let page = try extractor.extract(html: html)
        #expect(page.entities.map(\.types) == [["LodgingReservation"]])
        let hotel = try #require(page.entities[0]["reservationFor"].first?.entity)
        #expect(hotel["name"] == [.text("Hôtel du Nord")])
        #expect(hotel["address"] == [.text("102 quai de Jemmapes, 75010 Paris")])
        #expect(page.places.count == 1)
        #expect(page.places.first?.addressText == "102 quai de Jemmapes, 75010 Paris")
        #expect(page.places.first?.streetAddress == nil)
    }

    @Test func typeListsContextsAndPrefixes() throws {
        let page = try page(
            """
            {"@context":[{"s":"http://schema.org/","@vocab":"http://schema.org/"}],
             "@type":["s:CafeOrCoffeeShop","http://schema.org/Bakery"],
             "s:name":"Café Pouchkine","http://schema.org/telephone":"+33 1 53 43 81 60",
             "address":{"@type":"PostalAddress","addressLocality":{"@value":"Paris","@language":"fr"}}}
            """)
        let entity = try #require(page.entities.first)
        #expect(entity.types == ["CafeOrCoffeeShop", "Bakery"])
        #expect(entity["name"] == [.text("Café Pouchkine")])
        #expect(entity["telephone"] == [.text("+33 1 53 43 81 60")])
        #expect(page.places.first?.locality == "Paris")
    }

    @Test func referenceCyclesEndInAURL() throws {
        let page = try page(
            """
            {"@graph":[{"@id":"#a","@type":"Organization","subOrganization":{"@id":"#b"}},
                       {"@id":"#b","@type":"Organization","parentOrganization":{"@id":"#a"}}]}
            """)
        #expect(page.entities.count == 1)
        let a = try #require(page.entities.first)
        let b = try #require(a["subOrganization"].first?.entity)
        #expect(b["parentOrganization"] == [.url("#a")])
    }

    @Test func unknownReferenceStaysAURL() throws {
        let page = try page(#"{"@type":"Event","location":{"@id":"https://example.org/venue"}}"#)
        #expect(page.entities.first?["location"] == [.url("https://example.org/venue")])
    }

    @Test func invalidBlockIsReportedAndOthersStillRead() throws {
        let html = """
            <script type="application/ld+json">{"@type": "Restaurant", "name": </script>
            <script type="application/ld+json">{"@type": "Restaurant", "name": "B"}</script>
            """
        let page = try extractor.extract(html: html)
        #expect(page.entities.count == 1)
        #expect(page.issues.map(\.code) == [.invalidJSON])
        #expect(page.issues.first?.message.contains("block 1") == true)
    }

    @Test func eventLocationAndReservationDestinationsArePlaces() throws {
        let page = try page(
            """
            [{"@context":"https://schema.org","@type":"MusicEvent","name":"Concert",
              "location":{"@type":"MusicVenue","name":"Salle Pleyel",
                          "address":{"@type":"PostalAddress","streetAddress":"252 rue du Faubourg Saint-Honoré",
                                     "addressLocality":"Paris"}}},
             {"@context":"https://schema.org","@type":"Event","name":"Marché",
              "location":{"@type":"PostalAddress","addressLocality":"Lyon"}},
             {"@context":"https://schema.org","@type":"FoodEstablishmentReservation",
              "reservationFor":{"@type":"FastFoodRestaurant","name":"Burger Bar",
                                "geo":{"@type":"GeoCoordinates","latitude":52.52,"longitude":13.405}}}]
            """)
        #expect(page.places.map(\.name) == ["Salle Pleyel", nil, "Burger Bar"])
        #expect(page.places[1].locality == "Lyon")
        #expect(page.places[2].latitude == 52.52)
    }

    @Test func coordinatesAreValidated() throws {
        let cases: [(String, String, Bool)] = [
            ("\"48.85\"", "\"2.35\"", true), ("\" 48,85 \"", "\"2,35\"", true), ("91", "2", false),
            ("45", "-181", false), ("\"north\"", "2", false), ("0", "0", false),
            ("\"-33.86\"", "151.2", true),
        ]
        for (latitude, longitude, valid) in cases {
            let page = try page(
                #"{"@type":"Place","geo":{"@type":"GeoCoordinates","latitude":\#(latitude),"longitude":\#(longitude)}}"#
            )
            #expect(page.places.first?.hasCoordinates == (valid ? true : nil), "\(latitude), \(longitude)")
        }
    }

    @Test func pageWithoutPlaceYieldsNone() throws {
        let page = try page(#"{"@context":"https://schema.org","@type":"Article","headline":"Recettes"}"#)
        #expect(page.entities.count == 1)
        #expect(page.places.isEmpty)
        let nameOnly = try self.page(#"{"@type":"Restaurant","name":"Nameless"}"#)
        #expect(nameOnly.places.isEmpty)
    }

    @Test func reversePropertiesAndCompactIdentifiers() throws {
        let page = try page(
            """
            {"@context":{"@vocab":"https://schema.org/","ex":"https://example.org/id/"},
             "@id":"ex:offer","@type":"Offer","price":"9",
             "@reverse":{"makesOffer":{"@id":"ex:shop","@type":"Store","name":"Épicerie"}},
             "seller":{"@id":"ex:shop"}}
            """)
        #expect(page.entities.count == 1)
        let store = try #require(page.entities.first)
        #expect(store.types == ["Store"])
        #expect(store.id == "https://example.org/id/shop")
        let offer = try #require(store["makesOffer"].first?.entity)
        #expect(offer.id == "https://example.org/id/offer")
        #expect(offer["price"] == [.text("9")])
        // The offer's seller is the store itself: the cycle ends in its identifier.
        #expect(offer["seller"] == [.url("https://example.org/id/shop")])
    }

    @Test func keywordAliasesOfTheSchemaOrgContext() throws {
        let page = try page(
            """
            [{"@context":"https://schema.org/","type":"Audiobook","id":"https://example.org/alice",
              "name":"Alice","readBy":{"id":"https://example.org/eric"}},
             {"@context":{"@vocab":"https://schema.org/","kind":"@type"},"kind":"Person","type":"not a keyword"}]
            """)
        #expect(page.entities.count == 2)
        let book = try #require(page.entities.first)
        #expect(book.types == ["Audiobook"])
        #expect(book.id == "https://example.org/alice")
        #expect(book["type"].isEmpty)
        #expect(book["readBy"] == [.url("https://example.org/eric")])
        // An alias declared in the context works; `type` is only a keyword under schema.org's context.
        #expect(page.entities[1].types == ["Person"])
        #expect(page.entities[1]["type"] == [.text("not a keyword")])
    }
}
