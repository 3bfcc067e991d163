import ProactiveGeocoding
import ProactiveModel
import Testing

struct AddressFormatterTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var address: PostalAddress
        var singleLine: String
        var multiLine: String
        var cityAndState: String?
        var testDescription: String { singleLine }
    }

    static let examples: [Example] = [
        Example(
            address: PostalAddress(
                subThoroughfare: "101", thoroughfare: "Spear St", city: "San Francisco",
                stateOrProvince: "CA",
                postalCode: "94105", country: "United States", isoCountryCode: "US"),
            singleLine: "101 Spear St, San Francisco, CA 94105",
            multiLine: "101 Spear St\nSan Francisco, CA 94105",
            cityAndState: "San Francisco, CA"),
        Example(
            address: PostalAddress(
                subThoroughfare: "12", thoroughfare: "Rue de Rivoli", city: "Paris", postalCode: "75001",
                country: "France"),
            singleLine: "12 Rue de Rivoli, 75001 Paris", multiLine: "12 Rue de Rivoli\n75001 Paris",
            cityAndState: "Paris"),
        Example(
            address: PostalAddress(
                subThoroughfare: "77", thoroughfare: "Unter den Linden", city: "Berlin", postalCode: "10117",
                country: "Deutschland"),
            singleLine: "Unter den Linden 77, 10117 Berlin", multiLine: "Unter den Linden 77\n10117 Berlin",
            cityAndState: "Berlin"),
        Example(
            address: PostalAddress(
                subThoroughfare: "1", thoroughfare: "Via Roma", city: "Roma", stateOrProvince: "RM",
                postalCode: "00184", isoCountryCode: "IT"),
            singleLine: "Via Roma 1, 00184 Roma RM", multiLine: "Via Roma 1\n00184 Roma RM",
            cityAndState: "Roma RM"),
        Example(
            address: PostalAddress(
                subThoroughfare: "100", thoroughfare: "Rua Augusta", city: "Lisboa", postalCode: "1100-053",
                country: "Portugal"),
            singleLine: "Rua Augusta 100, 1100-053 Lisboa", multiLine: "Rua Augusta 100\n1100-053 Lisboa",
            cityAndState: "Lisboa"),
        Example(
            address: PostalAddress(
                subThoroughfare: "1578", thoroughfare: "Av. Paulista", subLocality: "Bela Vista",
                city: "São Paulo",
                stateOrProvince: "SP", postalCode: "01310-200", country: "Brasil"),
            singleLine: "Av. Paulista, 1578, Bela Vista, São Paulo - SP, 01310-200",
            multiLine: "Av. Paulista, 1578\nBela Vista\nSão Paulo - SP\n01310-200",
            cityAndState: "São Paulo - SP"),
        Example(
            address: PostalAddress(
                subThoroughfare: "1", thoroughfare: "市府路", subLocality: "信義區", city: "台北市", postalCode: "110",
                country: "台灣"),
            singleLine: "110台北市信義區市府路1號", multiLine: "110\n台北市信義區\n市府路1號", cityAndState: "台北市"),
        Example(
            address: PostalAddress(
                subThoroughfare: "1", thoroughfare: "王府井大街", subLocality: "东城区", city: "北京市",
                postalCode: "100006", isoCountryCode: "CN"),
            singleLine: "100006北京市东城区王府井大街1号", multiLine: "100006\n北京市东城区\n王府井大街1号",
            cityAndState: "北京市"),
        Example(
            address: PostalAddress(
                subThoroughfare: "10", thoroughfare: "Downing Street", city: "London", postalCode: "SW1A 2AA",
                isoCountryCode: "GB"),
            singleLine: "10 Downing Street, London, SW1A 2AA",
            multiLine: "10 Downing Street\nLondon\nSW1A 2AA",
            cityAndState: "London"),
        Example(
            address: PostalAddress(
                subThoroughfare: "5", thoroughfare: "Shifu Rd", subLocality: "Xinyi District",
                city: "Taipei City",
                postalCode: "110", isoCountryCode: "TW"),
            singleLine: "5 Shifu Rd, Xinyi District, Taipei City 110",
            multiLine: "5 Shifu Rd\nXinyi District\nTaipei City 110", cityAndState: "Taipei City"),
        Example(
            address: PostalAddress(thoroughfare: "Main Road", city: "Somewhere", postalCode: "1234"),
            singleLine: "Main Road, 1234 Somewhere", multiLine: "Main Road\n1234 Somewhere",
            cityAndState: "Somewhere"),
    ]

    @Test(arguments: examples)
    func formatsLikeTheCountry(example: Example) {
        let formatter = AddressFormatter()
        #expect(formatter.string(from: example.address) == example.singleLine)
        #expect(formatter.string(from: example.address, style: .multiLine) == example.multiLine)
        #expect(formatter.cityAndState(from: example.address) == example.cityAndState)
    }

    @Test func missingFieldsLeaveNoStraySeparators() {
        let formatter = AddressFormatter()
        #expect(
            formatter.string(from: PostalAddress(city: "San Francisco", isoCountryCode: "US"))
                == "San Francisco")
        #expect(
            formatter.string(
                from: PostalAddress(city: "San Francisco", postalCode: "94105", isoCountryCode: "US"))
                == "San Francisco 94105")
        #expect(
            formatter.string(
                from: PostalAddress(stateOrProvince: "CA", postalCode: "94105", isoCountryCode: "US"))
                == "CA 94105")
        #expect(formatter.string(from: PostalAddress(city: "São Paulo", country: "Brazil")) == "São Paulo")
        #expect(
            formatter.cityAndState(from: PostalAddress(stateOrProvince: "SP", isoCountryCode: "BR")) == "SP")
        #expect(formatter.cityAndState(from: PostalAddress(isoCountryCode: "BR")) == nil)
        #expect(formatter.string(from: PostalAddress()) == "")
    }

    @Test func numberAlreadyInTheStreetIsNotRepeated() {
        let address = PostalAddress(
            subThoroughfare: "101", thoroughfare: "101 Spear St", city: "San Francisco", isoCountryCode: "US")
        #expect(AddressFormatter().streetLine(from: address) == "101 Spear St")
    }

    @Test func includesTheCountryWhenAsked() {
        let formatter = AddressFormatter(includesCountry: true)
        #expect(
            formatter.string(from: PostalAddress(city: "Berlin", postalCode: "10117", isoCountryCode: "DE"))
                == "10117 Berlin, Germany")
        #expect(
            formatter.string(from: PostalAddress(city: "Lyon", country: "France"), style: .multiLine)
                == "Lyon\nFrance")
    }

    @Test(arguments: [
        ("United States", "US"), ("États-Unis", "US"), ("Stati Uniti", "US"), ("Estados Unidos", "US"),
        ("Vereinigte Staaten", "US"), ("美国", "US"), ("台灣", "TW"), ("Deutschland", "DE"),
    ])
    func countryFromItsNameInSixLanguages(name: String, code: String) {
        #expect(AddressFormatter.countryCode(for: PostalAddress(country: name)) == code)
    }
}
