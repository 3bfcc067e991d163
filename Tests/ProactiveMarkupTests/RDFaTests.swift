import Testing

@testable import ProactiveMarkup

@Suite struct RDFaTests {
    let extractor = MarkupExtractor()

    @Test func portugueseTasca() throws {
        let page = try extractor.extract(html: RestaurantPages.portugueseRDFa)
        let place = try #require(page.places.first)
        #expect(page.places.count == 1)
        #expect(place.name == "Taberna da Rua das Flores")
        #expect(place.streetAddress == "Rua das Flores 103")
        #expect(place.postalCode == "1200-194")
        #expect(place.locality == "Lisboa")
        #expect(place.country == "Portugal")
        #expect(place.latitude == 38.7097)
        #expect(place.longitude == -9.1433)
        #expect(place.telephones == ["+351 21 347 9418"])
        #expect(place.sourceSyntax == .rdfa)
    }

    @Test func prefixesResourcesAndValues() throws {
        let html = """
            <div prefix="s: http://schema.org/ ex: http://example.org/ns#">
              <div typeof="s:Bakery" resource="#boulangerie">
                <span property="s:name">Du Pain et des Idées</span>
                <a property="s:url" href="/boulangerie">site</a>
                <time property="s:openingHours" datetime="Mo-Fr 06:45-20:00">en semaine</time>
                <span property="s:priceRange" content="€">pas cher</span>
                <span property="ex:note">local</span>
              </div>
            </div>
            """
        let page = try extractor.extract(html: html, url: "https://example.fr/paris/")
        let entity = try #require(page.entities.first)
        #expect(entity.types == ["Bakery"])
        #expect(entity.id == "https://example.fr/paris/#boulangerie")
        #expect(entity["name"] == [.text("Du Pain et des Idées")])
        #expect(entity["url"] == [.url("https://example.fr/boulangerie")])
        #expect(entity["openingHours"] == [.text("Mo-Fr 06:45-20:00")])
        #expect(entity["priceRange"] == [.text("€")])
        #expect(entity["http://example.org/ns#note"] == [.text("local")])
    }

    @Test func defaultSchemaPrefixAndVocabReset() throws {
        let html = """
            <div typeof="schema:Museum"><span property="schema:name">Louvre</span>
              <div vocab="http://example.org/v/" typeof="Thing"><span property="label">other</span></div>
            </div>
            """
        let page = try extractor.extract(html: html)
        #expect(page.entities.map(\.types) == [["Museum"], ["http://example.org/v/Thing"]])
        #expect(page.entities[1]["http://example.org/v/label"] == [.text("other")])
    }

    @Test func hangingRelCompletedByTypedChild() throws {
        let html = """
            <div vocab="https://schema.org/" typeof="TouristAttraction">
              <span property="name">Torre de Belém</span>
              <div rel="geo"><div typeof="GeoCoordinates">
                <meta property="latitude" content="38.6916"><meta property="longitude" content="-9.2160">
              </div></div>
              <div rel="url" resource="https://torre.example.pt/"></div>
              <div rel="rdf:type" resource="https://schema.org/LandmarksOrHistoricalBuildings"></div>
            </div>
            """
        let page = try extractor.extract(html: html)
        let entity = try #require(page.entities.first)
        #expect(page.entities.count == 1)
        #expect(entity.types == ["TouristAttraction", "LandmarksOrHistoricalBuildings"])
        #expect(entity["url"] == [.url("https://torre.example.pt/")])
        #expect(entity["geo"].first?.entity?.types == ["GeoCoordinates"])
        #expect(page.places.first?.latitude == 38.6916)
    }

    @Test func openGraphMetaIsNotRDFa() throws {
        let page = try extractor.extract(html: RestaurantPages.englishOpenGraph)
        #expect(page.entities(from: .rdfa).isEmpty)
    }

    @Test func revStatesTheReverseRelation() throws {
        let html = """
            <div vocab="https://schema.org/">
              <p typeof="Offer" resource="#offer"><meta property="price" content="12.50">
                <link rev="makesOffer" href="#shop"></p>
              <p typeof="Store" resource="#shop"><span property="name">Épicerie</span></p>
            </div>
            """
        let page = try extractor.extract(html: html, url: "https://shop.example/")
        #expect(page.entities.count == 1)
        let store = try #require(page.entities.first)
        #expect(store.types == ["Store"])
        #expect(store["name"] == [.text("Épicerie")])
        let offer = try #require(store["makesOffer"].first?.entity)
        #expect(offer["price"] == [.text("12.50")])
    }

    @Test func revBesideTypeofTypesTheReverseNode() throws {
        let html = """
            <div vocab="https://schema.org/" resource="https://eli.example/dir/1" typeof="Legislation">
              <span property="name">Directive 1</span>
              <a rev="legislationCorrects" typeof="Legislation" href="https://eli.example/dir/1/corr">Corrigendum</a>
            </div>
            """
        let page = try extractor.extract(html: html)
        #expect(page.entities.count == 1)
        let corrigendum = try #require(page.entities.first)
        #expect(corrigendum.id == "https://eli.example/dir/1/corr")
        #expect(corrigendum.types == ["Legislation"])
        let directive = try #require(corrigendum["legislationCorrects"].first?.entity)
        #expect(directive["name"] == [.text("Directive 1")])
    }

    @Test func copyPatternsAreExpandedAndRemoved() throws {
        let html = """
            <div vocab="https://schema.org/">
              <p typeof="Organization" resource="#acme"><span property="name">Acme</span>
                <link property="rdfa:copy" href="#links"></p>
              <p typeof="Organization" resource="#other"><span property="name">Other</span>
                <link property="rdfa:copy" href="#links"><link property="rdfa:copy" href="#unknown"></p>
              <ul resource="#links" typeof="rdfa:Pattern">
                <li><a property="sameAs" href="https://social.example/acme">Social</a></li>
                <li><link property="rdfa:copy" href="#more"></li></ul>
              <div resource="#more" typeof="rdfa:Pattern"><meta property="foundingDate" content="1901"></div>
            </div>
            """
        let page = try extractor.extract(html: html)
        #expect(page.entities.map(\.types) == [["Organization"], ["Organization"]])
        for entity in page.entities {
            #expect(entity["sameAs"] == [.url("https://social.example/acme")])
            #expect(entity["foundingDate"] == [.text("1901")])
        }
        #expect(page.entities[0]["http://www.w3.org/ns/rdfa#copy"].isEmpty)
        #expect(page.entities[1]["http://www.w3.org/ns/rdfa#copy"] == [.url("#unknown")])
    }
}
