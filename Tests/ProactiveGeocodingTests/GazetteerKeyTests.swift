import Testing

@testable import ProactiveGeocoding

struct GazetteerKeyTests {
    @Test(arguments: [
        ("Saint-Étienne", "saint etienne"), ("SAINT ETIENNE", "saint etienne"), ("Straße", "strasse"),
        ("Düsseldorf", "dusseldorf"), ("São Paulo", "sao paulo"), ("Łódź", "lodz"), ("Øresund", "oresund"),
        ("  L'Aquila ", "l aquila"), ("台北市", "台北市"), ("臺北市", "台北市"), ("紐約", "纽约"), ("ＴＯＫＹＯ", "tokyo"),
        ("Æbeltoft", "aebeltoft"),
        ("Reggio nell’Emilia", "reggio nell emilia"), ("", ""),
    ])
    func folding(text: String, key: String) {
        #expect(GazetteerKey.fold(text) == key)
    }

    /// The build script and the Swift code must fold names the same way: every city's
    /// GeoNames name, folded here, is one of the keys the script wrote for it.
    @Test func swiftFoldingAgreesWithTheBuildScript() throws {
        let gazetteer = try Gazetteer.shared.get()
        var mismatches: [String] = []
        for (index, city) in gazetteer.cities.enumerated() {
            let key = GazetteerKey.fold(city.name)
            // Three capitals are a code to the build script (MUC, TPE), not a name people write.
            let isCode = city.name.count <= 3 && city.name.allSatisfy { $0.isUppercase && $0.isLetter }
            if key.count < 2 || isCode
                || key.unicodeScalars.contains(where: {
                    $0.properties.isAlphabetic && !$0.isASCII && !GazetteerKey.isHan($0)
                        && !(0xC0...0x24F).contains($0.value)
                })
            {
                continue  // names the script left out (one letter, or neither Latin nor Han)
            }
            if !(gazetteer.cityIndex[key]?.contains(Int32(index)) ?? false) { mismatches.append(city.name) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(gazetteer.cities.count > 150_000)
    }

    /// A city GeoNames names only in Traditional characters is found in Simplified ones, and
    /// the reverse: 纽约 was not New York before.
    @Test func traditionalAndSimplifiedNamesFindTheSameCity() throws {
        let gazetteer = try Gazetteer.shared.get()
        for (names, city) in [
            (["纽约", "紐約"], "New York City"), (["约翰尼斯堡", "約翰尼斯堡"], "Johannesburg"),
            (["台北", "臺北"], "Taipei"), (["河内", "河內"], "Hanoi"),
        ] {
            for name in names {
                let found = gazetteer.cityIndex[GazetteerKey.fold(name)]?.first.map {
                    gazetteer.cities[Int($0)].name
                }
                #expect(found == city, "\(name)")
            }
        }
    }

    @Test func countriesByNameInEveryLanguage() throws {
        for name in [
            "USA", "United States", "États-Unis", "Stati Uniti", "Estados Unidos", "Vereinigte Staaten", "美国",
        ] {
            #expect(Country.named(name)?.isoCode == "US", "\(name)")
        }
        for name in ["Deutschland", "Allemagne", "Germania", "Alemanha", "Germany", "德国"] {
            #expect(Country.named(name)?.isoCode == "DE", "\(name)")
        }
        for name in ["中国", "中國", "China", "Chine", "Cina"] {
            #expect(Country.named(name)?.isoCode == "CN", "\(name)")
        }
        for name in ["台灣", "臺灣", "Taiwan", "Taïwan"] {
            #expect(Country.named(name)?.isoCode == "TW", "\(name)")
        }
        #expect(Country.named("Brasil")?.isoCode == "BR")
        #expect(Country.named("Italia")?.isoCode == "IT")
        #expect(Country.named("Nowhereland") == nil)
        #expect(Country(isoCode: "fr")?.callingCode == 33)
        #expect(Country(isoCode: "TWN")?.isoCode == "TW")
        #expect(Country(isoCode: "PT")?.name(forLanguage: "fr-FR") == "Portugal")
        #expect(Country(isoCode: "DE")?.name(forLanguage: "zh-Hant") == "德国")
        #expect(Country(isoCode: "US")?.name(forLanguage: "it") == "Stati Uniti")
        #expect(Country.all.count > 240)
    }
}
