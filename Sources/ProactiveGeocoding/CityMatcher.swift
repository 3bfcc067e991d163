import ProactiveModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the cities an ``AddressText`` names and scores them (docs/geocoding.md explains
/// each term):
///
/// - a longer match is more specific: 10 points a word (4 a Han character);
/// - later segments are more likely the city in Latin-script addresses ("12 rue de Rivoli,
///   75001 Paris"): 6 points a segment; in a Han run the leftmost match wins (big-endian
///   addresses: "台北市信義區市府路1號");
/// - a Latin-script match must be all the words of its run (the words between numbers, less
///   a trailing region or country: "10117 Berlin", "San Francisco CA"): 15 points; a match
///   from a structured city field: 40 and may be partial;
/// - the query's country hint: 100; a country named elsewhere in the text: 30;
/// - a region (hint or text) that is the city's GeoNames admin1 (US states…): 60 (hint) or
///   40 (text); a region of the city's country: 10 or 8;
/// - a Latin match of three letters or less that is also a region or country code: −30;
/// - a section of a city (GeoNames "Bela Vista") whose city also matched: −20;
/// - population: log10, a tie-breaker.
struct CityMatcher {
    let gazetteer: Gazetteer
    let text: AddressText
    let countryHint: String?
    let regionHint: String?

    /// One place in the text where a gazetteer key matched.
    private struct Window: Hashable {
        var segment: Int
        var start: Int
        /// Words, or characters for a Han run.
        var length: Int
        var isHan: Bool
        /// Token index of a Han run.
        var token: Int
    }

    private struct Candidate {
        var city: Int
        var window: Window
        var score: Double
    }

    func bestPlaces(limit: Int) -> [GeocodedPlace] {
        var cityWindows: [(window: Window, key: String, isFull: Bool)] = []
        var textRegions: [(Window, Gazetteer.RegionReference)] = []
        var textCountries: [(Window, String)] = []

        for (segmentIndex, segment) in text.segments.enumerated() {
            var runStart = 0
            while runStart < segment.tokens.count {
                let token = segment.tokens[runStart]
                if token.isHan {
                    scanHan(
                        token.text, segment: segmentIndex, token: runStart, cityWindows: &cityWindows,
                        regions: &textRegions, countries: &textCountries)
                }
                if token.isNumeric || token.isHan {
                    runStart += 1
                    continue
                }
                // A run of words between numbers and Han text: "unter den linden", "san francisco ca".
                var runEnd = runStart
                while runEnd < segment.tokens.count && !segment.tokens[runEnd].isNumeric
                    && !segment.tokens[runEnd].isHan
                {
                    runEnd += 1
                }
                let words = segment.tokens[runStart..<runEnd].map(\.text)
                let cityEnd = scanTrailingRegions(
                    words, segment: segmentIndex, offset: runStart, regions: &textRegions,
                    countries: &textCountries)
                for start in 0..<cityEnd {
                    var key = ""
                    for end in start..<min(cityEnd, start + gazetteer.maxKeyWords) {
                        if end > start { key += " " }
                        key += words[end]
                        guard gazetteer.cityIndex[key] != nil else { continue }
                        let window = Window(
                            segment: segmentIndex, start: runStart + start, length: end - start + 1,
                            isHan: false,
                            token: runStart + start)
                        cityWindows.append((window, key, start == 0 && end == cityEnd - 1))
                    }
                }
                runStart = runEnd
            }
        }

        let hintRegions = regionHint.map { gazetteer.regionIndex[GazetteerKey.fold($0)] ?? [] } ?? []
        var best: [Int: Candidate] = [:]
        for (window, key, isFull) in cityWindows {
            guard let indices = gazetteer.cityIndex[key] else { continue }
            let segment = text.segments[window.segment]
            // A few words inside a longer run ("augusta" in "rua augusta") are no city.
            guard isFull || window.isHan || segment.isCityField else { continue }
            var base: Double
            if window.isHan {
                base = 4 * Double(window.length) - Double(window.start) - Double(window.token)
            } else {
                base = 10 * Double(window.length) + 6 * Double(window.segment) + 15
                let isShortCode =
                    key.utf8.count <= 3
                    && (gazetteer.regionIndex[key] != nil || gazetteer.countryIndex[key] != nil)
                if isShortCode { base -= 30 }
            }
            if segment.isCityField { base += 40 }
            let otherRegions = textRegions.filter { !overlaps($0.0, window) }.map(\.1)
            let otherCountries = Set(textCountries.filter { !overlaps($0.0, window) }.map(\.1))
            for index in indices {
                let city = gazetteer.cities[Int(index)]
                var score = base + log10(Double(max(city.population, 1)))
                if let countryHint, city.countryCode == countryHint { score += 100 }
                if otherCountries.contains(city.countryCode) { score += 30 }
                score += regionScore(city, references: hintRegions, strong: 60, weak: 10)
                score += regionScore(city, references: otherRegions, strong: 40, weak: 8)
                if let existing = best[Int(index)], existing.score >= score { continue }
                best[Int(index)] = Candidate(city: Int(index), window: window, score: score)
            }
        }
        // A section of a city also named in the text yields to the city
        // ("Bela Vista, São Paulo").
        for (index, candidate) in best {
            if let parent = gazetteer.cities[index].parent, best[Int(parent)] != nil {
                best[index]?.score = candidate.score - 20
            }
        }
        guard let winner = best.values.max(by: { $0.score < $1.score }) else { return [] }
        // Alternatives: other cities matched by the same words, best first.
        let ranked = best.values.filter { $0.window == winner.window }.sorted { $0.score > $1.score }
        var postalCodes: [String: String?] = [:]
        return ranked.prefix(limit).map { candidate in
            let city = gazetteer.cities[candidate.city]
            let postalCode: String?
            if let known = postalCodes[city.countryCode] {
                postalCode = known
            } else {
                postalCode = self.postalCode(for: city.countryCode)
                postalCodes[city.countryCode] = postalCode
            }
            var place = Self.place(for: city, in: gazetteer, postalCode: postalCode)
            if let parent = city.parent {
                place.subLocality = city.name
                place.city = gazetteer.cities[Int(parent)].name
            }
            return place
        }
    }

    /// Records the regions and countries that end a run of words ("san francisco ca",
    /// "springfield illinois", "lisboa portugal") and answers where the city part ends. A
    /// run that is all regions or countries is kept whole as a possible city too
    /// ("Luxembourg").
    private func scanTrailingRegions(
        _ words: [String], segment: Int, offset: Int, regions: inout [(Window, Gazetteer.RegionReference)],
        countries: inout [(Window, String)]
    ) -> Int {
        var end = words.count
        var found = true
        while found && end > 0 {
            found = false
            for length in stride(from: min(3, end), through: 1, by: -1) {
                let key = words[(end - length)..<end].joined(separator: " ")
                let references = gazetteer.regionIndex[key] ?? []
                let country = gazetteer.countryIndex[key]
                guard !references.isEmpty || country != nil else { continue }
                let window = Window(
                    segment: segment, start: offset + end - length, length: length, isHan: false,
                    token: offset + end - length)
                for reference in references { regions.append((window, reference)) }
                if let country { countries.append((window, gazetteer.countries[country].isoCode)) }
                end -= length
                found = true
                break
            }
        }
        return end == 0 ? words.count : end
    }

    private func record(
        _ key: String, _ window: Window, _ cityWindows: inout [(window: Window, key: String, isFull: Bool)],
        _ regions: inout [(Window, Gazetteer.RegionReference)], _ countries: inout [(Window, String)]
    ) {
        if gazetteer.cityIndex[key] != nil { cityWindows.append((window, key, false)) }
        if let references = gazetteer.regionIndex[key] {
            for reference in references { regions.append((window, reference)) }
        }
        if let country = gazetteer.countryIndex[key] {
            countries.append((window, gazetteer.countries[country].isoCode))
        }
    }

    /// Every substring of a Han run that is a key.
    private func scanHan(
        _ run: String, segment: Int, token: Int,
        cityWindows: inout [(window: Window, key: String, isFull: Bool)],
        regions: inout [(Window, Gazetteer.RegionReference)], countries: inout [(Window, String)]
    ) {
        let scalars = Array(run.unicodeScalars)
        for start in scalars.indices {
            var key = String.UnicodeScalarView()
            for end in start..<min(scalars.count, start + gazetteer.maxHanKeyLength) {
                key.append(scalars[end])
                guard end > start else { continue }
                let window = Window(
                    segment: segment, start: start, length: end - start + 1, isHan: true, token: token)
                record(String(key), window, &cityWindows, &regions, &countries)
            }
        }
    }

    private func overlaps(_ a: Window, _ b: Window) -> Bool {
        guard a.segment == b.segment, a.isHan == b.isHan, a.token == b.token || !a.isHan else { return false }
        return a.start < b.start + b.length && b.start < a.start + a.length
    }

    private func regionScore(
        _ city: GazetteerCity, references: [Gazetteer.RegionReference], strong: Double, weak: Double
    ) -> Double {
        var score = 0.0
        for reference in references where reference.countryCode == city.countryCode {
            if gazetteer.admin1KeyedCountries.contains(city.countryCode) && reference.key == city.admin1 {
                return strong
            }
            score = weak
        }
        return score
    }

    /// The last postal-code–like token that fits the country's postal pattern.
    private func postalCode(for countryCode: String) -> String? {
        guard !text.postalCodeCandidates.isEmpty else { return nil }
        return text.postalCodeCandidates.last { gazetteer.isPostalCode($0, of: countryCode) }
    }

    /// The answer for a gazetteer city.
    static func place(for city: GazetteerCity, in gazetteer: Gazetteer, postalCode: String?) -> GeocodedPlace
    {
        GeocodedPlace(
            coordinate: Coordinate(latitude: city.latitude, longitude: city.longitude),
            accuracyMeters: city.accuracyMeters, name: city.name, city: city.name,
            region: gazetteer.admin1KeyedCountries.contains(city.countryCode) ? city.admin1 : nil,
            isoCountryCode: city.countryCode, postalCode: postalCode, match: .city, source: .gazetteer,
            geonameID: city.geonameID)
    }
}
