import Foundation
import ProactiveText

/// The offline gazetteer loaded from the module's resources (see docs/geocoding.md):
/// cities with their folded names, countries, address formats and subdivisions.
///
/// Loaded once per process (``shared``) and immutable afterwards.
final class Gazetteer: Sendable {
    /// Cities, most populous first.
    let cities: [GazetteerCity]
    /// Folded name → indices into ``cities``, most populous first.
    let cityIndex: CityKeyIndex
    /// The longest key, in words, so text scanning knows how far to look.
    let maxKeyWords: Int
    /// The longest Han-only key, in characters.
    let maxHanKeyLength: Int
    /// Countries sorted by ISO code.
    let countries: [Country]
    /// Folded name, alias or code → index into ``countries``.
    let countryIndex: [String: Int]
    /// Address formats by ISO code, with "ZZ" as the default.
    let formats: [String: AddressFormat]
    /// Folded subdivision key or name → the subdivisions it designates.
    let regionIndex: [String: [RegionReference]]
    /// Countries whose subdivision keys are also the GeoNames admin1 codes of their cities
    /// (the US states, for example), so a region hint can pick among same-named cities.
    let admin1KeyedCountries: Set<String>
    /// Reverse-geocoding grid.
    let grid: GazetteerGrid
    /// Compiled postal-code patterns by ISO code, anchored to match a whole code.
    let postalCodePatterns: [String: NSRegularExpression]

    /// A subdivision designated by a name or key.
    struct RegionReference: Sendable, Hashable {
        var countryCode: String
        var key: String
    }

    /// The process-wide gazetteer, loaded on first use.
    static let shared: Result<Gazetteer, GeocodingError> = {
        do throws(GeocodingError) {
            return .success(try Gazetteer(bundle: .module))
        } catch {
            return .failure(error)
        }
    }()

    /// Loads the resources of `bundle`.
    init(bundle: Bundle) throws(GeocodingError) {
        // cities.tsv is the largest resource by far (170,000 places, 600,000 keys): it is read
        // field by field from its bytes, without a string or an array of fields per line.
        let citiesData = try Self.resource("cities", in: bundle)
        var cities: [GazetteerCity] = []
        cities.reserveCapacity(citiesData.count / 90)
        var keys = CityKeyIndex.Builder(expectedKeys: citiesData.count / 25)
        var maxKeyWords = 1
        var maxHanKeyLength = 1
        var parentIDs: [Int: Int] = [:]
        var indexByID: [Int: Int32] = [:]
        try TSVRecords.forEach(in: citiesData, columns: 9, resource: "cities") {
            fields throws(GeocodingError) in
            guard let id = Int(fields.string(0)), let latitude = Double(fields.string(2)),
                let longitude = Double(fields.string(3)),
                let population = Int(fields.string(6))
            else {
                throw GeocodingError(code: .invalidResource, message: "cities.tsv has a malformed record")
            }
            let index = Int32(cities.count)
            indexByID[id] = index
            if let parent = Int(fields.string(7)) { parentIDs[Int(index)] = parent }
            cities.append(
                GazetteerCity(
                    geonameID: id, name: fields.string(1), latitude: latitude, longitude: longitude,
                    countryCode: fields.string(4), admin1: fields.string(5), population: population))
            var hanKeys: [String] = []
            fields.forEachPart(of: 8, separatedBy: UInt8(ascii: "|")) { bytes in
                let key = String(decoding: bytes, as: UTF8.self)
                keys.add(key, city: index)
                if bytes[0] >= 0xE0 { hanKeys.append(key) }
                var words = 1
                for byte in bytes where byte == 0x20 { words += 1 }
                maxKeyWords = max(maxKeyWords, words)
                // Han characters take three bytes in UTF-8 (a first byte from 0xE0), folded Latin
                // letters one or two.
                if bytes[0] >= 0xE0, key.unicodeScalars.allSatisfy(GazetteerKey.isHan) {
                    maxHanKeyLength = max(maxHanKeyLength, key.unicodeScalars.count)
                }
            }
            // A name in Traditional characters is found in Simplified ones too (臺中 as 台中), as
            // `GazetteerKey.fold` folds what is looked up; GeoNames often lists only one form.
            for key in hanKeys {
                let simplified = SimplifiedChinese.fold(key)
                if simplified != key && !hanKeys.contains(simplified) {
                    keys.add(simplified, city: index)
                    hanKeys.append(simplified)
                }
            }
        }
        for (index, parentID) in parentIDs { cities[index].parent = indexByID[parentID] }
        let cityIndex = keys.build()

        var countries: [Country] = []
        var countryIndex: [String: Int] = [:]
        try TSVRecords.forEach(in: Self.resource("countries", in: bundle), columns: 11, resource: "countries")
        {
            fields throws(GeocodingError) in
            var names: [String: String] = [:]
            for (offset, language) in Country.languages.enumerated() where !fields.bytes(4 + offset).isEmpty {
                names[language] = fields.string(4 + offset)
            }
            let country = Country(
                isoCode: fields.string(0), iso3Code: fields.string(1), callingCode: Int(fields.string(2)),
                population: Int(fields.string(3)) ?? 0, names: names,
                aliases: fields.string(10).split(separator: "|").map(String.init))
            let index = countries.count
            countries.append(country)
            for name in [country.isoCode, country.iso3Code] + Array(names.values) + country.aliases {
                let key = GazetteerKey.fold(name)
                // A name shared by two countries goes to the more populous one.
                if let existing = countryIndex[key], countries[existing].population >= country.population {
                    continue
                }
                if !key.isEmpty { countryIndex[key] = index }
            }
        }

        var formats: [String: AddressFormat] = [:]
        var regionIndex: [String: [RegionReference]] = [:]
        try TSVRecords.forEach(
            in: Self.resource("address-formats", in: bundle), columns: 9, resource: "address-formats"
        ) { fields throws(GeocodingError) in
            let iso = fields.string(0)
            func parts(_ index: Int) -> [String] {
                fields.string(index).split(separator: "~", omittingEmptySubsequences: false).map(String.init)
            }
            let keys = parts(5)
            let names = parts(6)
            let latinNames = parts(7)
            var subdivisions: [AddressFormat.Subdivision] = []
            for (offset, key) in keys.enumerated() where !key.isEmpty {
                let name = names.indices.contains(offset) && !names[offset].isEmpty ? names[offset] : nil
                let latin =
                    latinNames.indices.contains(offset) && !latinNames[offset].isEmpty
                    ? latinNames[offset] : nil
                subdivisions.append(.init(key: key, name: name, latinName: latin))
                let reference = RegionReference(countryCode: iso, key: key)
                for text in [key, name, latin].compactMap({ $0 }) {
                    let folded = GazetteerKey.fold(text)
                    if !folded.isEmpty, !(regionIndex[folded]?.contains(reference) ?? false) {
                        regionIndex[folded, default: []].append(reference)
                    }
                }
            }
            func optional(_ index: Int) -> String? {
                fields.bytes(index).isEmpty ? nil : fields.string(index)
            }
            formats[iso] = AddressFormat(
                isoCode: iso, format: fields.string(1), latinFormat: optional(2),
                postalCodePattern: optional(4), subdivisions: subdivisions, language: optional(8))
        }

        // Countries whose subdivision keys are the admin1 codes of most of their cities.
        var admin1ByCountry: [String: Set<String>] = [:]
        for city in cities { admin1ByCountry[city.countryCode, default: []].insert(city.admin1) }
        var admin1KeyedCountries: Set<String> = []
        for (iso, format) in formats where !format.subdivisions.isEmpty {
            guard let codes = admin1ByCountry[iso], !codes.isEmpty else { continue }
            let keys = Set(format.subdivisions.map(\.key))
            if Double(codes.intersection(keys).count) >= 0.8 * Double(codes.count) {
                admin1KeyedCountries.insert(iso)
            }
        }

        self.cities = cities
        self.cityIndex = cityIndex
        self.maxKeyWords = min(maxKeyWords, 6)
        self.maxHanKeyLength = min(maxHanKeyLength, 10)
        self.countries = countries
        self.countryIndex = countryIndex
        self.formats = formats
        self.regionIndex = regionIndex
        self.admin1KeyedCountries = admin1KeyedCountries
        self.grid = GazetteerGrid(cities: cities)
        var postalCodePatterns: [String: NSRegularExpression] = [:]
        for (iso, format) in formats {
            guard let pattern = format.postalCodePattern,
                let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$", options: [.caseInsensitive])
            else { continue }
            postalCodePatterns[iso] = regex
        }
        self.postalCodePatterns = postalCodePatterns
    }

    /// The bytes of the TSV resource `name` of `bundle` (mapped, not copied, where the system
    /// allows).
    private static func resource(_ name: String, in bundle: Bundle) throws(GeocodingError) -> Data {
        guard
            let url = bundle.url(forResource: name, withExtension: "tsv", subdirectory: "Resources")
                ?? bundle.url(forResource: name, withExtension: "tsv"),
            let data = try? Data(contentsOf: url, options: .mappedIfSafe)
        else {
            throw GeocodingError(code: .invalidResource, message: "resource \(name).tsv is missing")
        }
        return data
    }

    /// The country with an ISO alpha-2 or alpha-3 code.
    func country(code: String) -> Country? {
        let upper = code.trimmingCharacters(in: .whitespaces).uppercased()
        switch upper.count {
        case 2: return countries.first { $0.isoCode == upper }
        case 3: return countries.first { $0.iso3Code == upper }
        default: return nil
        }
    }

    /// The country a name, alias or code designates.
    func country(named name: String) -> Country? {
        countryIndex[GazetteerKey.fold(name)].map { countries[$0] }
    }

    /// Whether `code` is a whole postal code of the country.
    func isPostalCode(_ code: String, of isoCode: String) -> Bool {
        guard let regex = postalCodePatterns[isoCode] else { return false }
        let range = NSRange(code.startIndex..<code.endIndex, in: code)
        return regex.firstMatch(in: code, options: [], range: range) != nil
    }

    /// The address format of a country, or the default one.
    func format(for isoCode: String?) -> AddressFormat {
        if let isoCode, let format = formats[isoCode.uppercased()], !format.format.isEmpty { return format }
        return formats["ZZ"]
            ?? AddressFormat(
                isoCode: "ZZ", format: "%N%n%O%n%A%n%C", latinFormat: nil, postalCodePattern: nil,
                subdivisions: [], language: nil)
    }
}
