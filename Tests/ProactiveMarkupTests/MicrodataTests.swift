import Testing

@testable import ProactiveMarkup

@Suite struct MicrodataTests {
    let extractor = MarkupExtractor()

    @Test func italianTrattoria() throws {
        let page = try extractor.extract(html: RestaurantPages.italianMicrodata)
        #expect(page.title == "Trattoria da Enzo al 29")
        let place = try #require(page.places.first)
        #expect(page.places.count == 1)
        #expect(place.name == "Trattoria da Enzo al 29")
        #expect(place.types == ["Restaurant"])
        #expect(place.streetAddress == "Via dei Vascellari, 29")
        #expect(place.postalCode == "00153")
        #expect(place.locality == "Roma")
        #expect(place.country == "IT")
        #expect(place.telephones == ["+390658120"])  // a@href, with tel: removed
        #expect(place.sourceSyntax == .microdata)
    }

    @Test func chineseRestaurantWithItemrefAndNoTelephones() throws {
        let page = try extractor.extract(html: RestaurantPages.chineseMicrodata)
        #expect(page.telephoneDetectionDisabled)
        let entity = try #require(page.entities.first)
        // The entity keeps what the page says; only the place drops the number.
        #expect(entity["telephone"] == [.text("021-6322 2624")])
        let place = try #require(page.places.first)
        #expect(place.name == "老正兴菜馆")
        #expect(place.region == "上海市")
        #expect(place.locality == "黄浦区")
        #expect(place.streetAddress == "福州路556号")
        #expect(place.country == "中国")
        #expect(place.telephones.isEmpty)
    }

    @Test func valueRulesPerElement() throws {
        let html = """
            <div itemscope itemtype="https://schema.org/Event https://schema.org/Festival" itemid="urn:event:1">
              <meta itemprop="name" content="  Fête   de la musique ">
              <a itemprop="url sameAs" href="/fete">Site</a>
              <link itemprop="image" href="https://img.example/a.png">
              <img itemprop="image" src="b.png" alt="">
              <video itemprop="video" src="v.mp4"></video>
              <object itemprop="subjectOf" data="doc.pdf"></object>
              <time itemprop="startDate" datetime="2025-06-21T18:00">21 juin</time>
              <time itemprop="endDate">2025-06-22</time>
              <data itemprop="maximumAttendeeCapacity" value="5000">cinq mille</data>
              <meter itemprop="typicalAgeRange" value="18">adult</meter>
              <span itemprop="description">Concerts <b>gratuits</b>
                 dans toute la ville</span>
              <span itemprop="inLanguage" content="fr">français</span>
            </div>
            """
        let page = try extractor.extract(html: html, url: "https://ville.example.fr/agenda/")
        let entity = try #require(page.entities.first)
        #expect(entity.types == ["Event", "Festival"])
        #expect(entity.id == "urn:event:1")
        #expect(entity.source == .microdata)
        #expect(entity["name"] == [.text("Fête de la musique")])
        #expect(entity["url"] == [.url("https://ville.example.fr/fete")])
        #expect(entity["sameAs"] == [.url("https://ville.example.fr/fete")])
        #expect(
            entity["image"] == [
                .url("https://img.example/a.png"), .url("https://ville.example.fr/agenda/b.png"),
            ])
        #expect(entity["video"] == [.url("https://ville.example.fr/agenda/v.mp4")])
        #expect(entity["subjectOf"] == [.url("https://ville.example.fr/agenda/doc.pdf")])
        #expect(entity["startDate"] == [.text("2025-06-21T18:00")])
        #expect(entity["endDate"] == [.text("2025-06-22")])
        #expect(entity["maximumAttendeeCapacity"] == [.text("5000")])
        #expect(entity["typicalAgeRange"] == [.text("18")])
        #expect(entity["description"] == [.text("Concerts gratuits dans toute la ville")])
        #expect(entity["inLanguage"] == [.text("fr")])
    }

    @Test func nestedItemsAndTopLevelItems() throws {
        let html = """
            <div itemscope itemtype="http://schema.org/Restaurant">
              <span itemprop="name">Ristorante</span>
              <div itemprop="geo" itemscope itemtype="http://schema.org/GeoCoordinates">
                <meta itemprop="latitude" content="45.4642"><meta itemprop="longitude" content="9.1900">
              </div>
              <div itemscope itemtype="http://schema.org/Review"><span itemprop="author">Ada</span></div>
            </div>
            """
        let page = try extractor.extract(html: html)
        #expect(page.entities.map(\.types) == [["Restaurant"], ["Review"]])
        #expect(page.entities[0]["author"].isEmpty)
        #expect(page.places.first?.latitude == 45.4642)
        #expect(page.places.first?.longitude == 9.19)
    }

    @Test func itemrefLoopsEnd() throws {
        let html = """
            <div id="a" itemscope itemtype="https://schema.org/Place" itemref="b">
              <span itemprop="name">A</span>
              <div id="b" itemprop="containedInPlace" itemscope itemtype="https://schema.org/Place" itemref="a">
                <span itemprop="name">B</span>
              </div>
            </div>
            """
        let page = try extractor.extract(html: html)
        #expect(page.entities.count == 1)
        #expect(page.entities[0]["name"] == [.text("A")])
    }

    @Test func itemWithItempropOutsideAnyItemIsTopLevel() throws {
        let html = """
            <p itemscope itemprop="Person" itemtype="https://schema.org/Person">
              <span itemprop="name">Christopher Froome</span></p>
            <div itemscope itemtype="https://schema.org/Restaurant" itemref="addr">
              <span itemprop="name">Chez Ada</span></div>
            <div id="addr" itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
              <span itemprop="addressLocality">Lyon</span></div>
            """
        let page = try extractor.extract(html: html)
        // The orphan Person is kept; the address claimed by `itemref` is not repeated at the top level.
        #expect(page.entities.map(\.types) == [["Person"], ["Restaurant"]])
        #expect(page.entities[0]["name"] == [.text("Christopher Froome")])
        let address = try #require(page.entities[1]["address"].first?.entity)
        #expect(address["addressLocality"] == [.text("Lyon")])
    }
}
