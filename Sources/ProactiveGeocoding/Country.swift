/// A country of the gazetteer: ISO codes, calling code and names in the supported languages.
///
/// Look one up by code or by any name people write, in any of the six languages, with or
/// without accents: `Country.named("États-Unis")`, `Country.named("USA")`,
/// `Country.named("台灣")`, `Country(isoCode: "de")`.
public struct Country: Sendable, Hashable, Codable {
    /// The ISO 3166-1 alpha-2 code, uppercase ("US").
    public var isoCode: String
    /// The ISO 3166-1 alpha-3 code ("USA").
    public var iso3Code: String
    /// The international calling code without `+` (1, 33, 886), when it has one.
    public var callingCode: Int?
    /// The population, from GeoNames.
    public var population: Int
    /// Names by language code: "en", "fr", "it", "pt", "de", "zh".
    public var names: [String: String]
    /// Other names and abbreviations ("USA", "États-Unis d'Amérique", "台灣").
    public var aliases: [String]

    /// Creates a country record.
    public init(
        isoCode: String, iso3Code: String, callingCode: Int?, population: Int, names: [String: String],
        aliases: [String]
    ) {
        self.isoCode = isoCode
        self.iso3Code = iso3Code
        self.callingCode = callingCode
        self.population = population
        self.names = names
        self.aliases = aliases
    }

    /// The languages ``names`` covers.
    public static let languages = ["en", "fr", "it", "pt", "de", "zh"]

    /// The country's name in a language ("fr", "pt-BR", "zh-Hant-TW": only the language part
    /// is used), falling back to English.
    public func name(forLanguage language: String) -> String {
        let code = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return names[code.lowercased()] ?? names["en"] ?? isoCode
    }

    /// The country with this ISO 3166-1 alpha-2 or alpha-3 code (case-insensitive).
    public init?(isoCode code: String) {
        guard let gazetteer = try? Gazetteer.shared.get(),
            let country = gazetteer.country(code: code)
        else { return nil }
        self = country
    }

    /// The country a name or code designates: an ISO code, a name in any supported
    /// language, or a common alias; accents, case and punctuation do not matter.
    public static func named(_ name: String) -> Country? {
        guard let gazetteer = try? Gazetteer.shared.get() else { return nil }
        return gazetteer.country(named: name)
    }

    /// Every country of the gazetteer, by ISO code.
    public static var all: [Country] {
        (try? Gazetteer.shared.get().countries) ?? []
    }
}
