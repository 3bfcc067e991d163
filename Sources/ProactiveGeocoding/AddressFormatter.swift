import Foundation
public import ProactiveModel
import Synchronization

/// Formats a ``PostalAddress`` the way its country writes addresses, like Contacts'
/// `CNPostalAddressFormatter`.
///
/// Formats come from Google's libaddressinput data, for every country: "101 Spear St, San
/// Francisco, CA 94105" (US), "12 Rue de Rivoli, 75001 Paris" (FR), "Unter den Linden 77,
/// 10117 Berlin" (DE), "Via Roma 1, 00184 Roma RM" (IT), "Rua Augusta 100, 1100-053 Lisboa"
/// (PT), "Av. Paulista, 1578, Bela Vista, São Paulo - SP, 01310-200" (BR), and big-endian
/// "110台北市信義區市府路1號" (TW, CN: postal code first, no separators). The country is the
/// address's `isoCountryCode`, or its `country` name in any supported language; an unknown
/// country gets a neutral format (street, postal code and city, region).
public struct AddressFormatter: Sendable {
    /// Whether the output is one line or several.
    public enum Style: String, Sendable, Hashable, Codable {
        /// One line, parts separated by ", " (nothing between parts in Chinese script).
        case singleLine
        /// One line per postal line, separated by "\n".
        case multiLine
    }

    /// Whether the country's name ends the address. Defaults to `false`.
    public var includesCountry: Bool

    /// Countries that write the house number before the street name ("101 Spear St",
    /// "12 Rue de Rivoli"); elsewhere it follows the name ("Via Roma 1"), except in
    /// romanized addresses of countries with a Latin format of their own (China, Taiwan,
    /// Japan, Korea…), written number first.
    static let numberFirstCountries: Set<String> = [
        "US", "CA", "GB", "IE", "AU", "NZ", "FR", "MC", "LU", "ZA", "IN", "SG", "MY", "PH", "IL", "HK", "PR",
        "GU",
        "VI", "AS", "MP", "NG", "KE", "GH", "JM", "TT", "BS", "BB", "PK", "LK", "BD", "TH", "VN", "SA", "AE",
        "QA",
    ]
    /// Countries that put a comma between the street name and the number ("Av. Paulista, 1578").
    static let commaBeforeNumberCountries: Set<String> = ["BR"]

    /// Creates a formatter.
    public init(includesCountry: Bool = false) {
        self.includesCountry = includesCountry
    }

    /// The address formatted in its country's way.
    public func string(from address: PostalAddress, style: Style = .singleLine) -> String {
        let lines = self.lines(from: address)
        switch style {
        case .multiLine: return lines.joined(separator: "\n")
        case .singleLine:
            let countryCode = Self.countryCode(for: address)
            let compact =
                Self.isHanAddress(address) && Self.format(for: countryCode, address: address).isBigEndian
            return lines.joined(separator: compact ? "" : ", ")
        }
    }

    /// The postal lines of the address, in its country's order, without empty lines.
    public func lines(from address: PostalAddress) -> [String] {
        let countryCode = Self.countryCode(for: address)
        let format = Self.format(for: countryCode, address: address)
        let values: [Character: String] = [
            "A": Self.streetLine(from: address, countryCode: countryCode) ?? "",
            "D": Self.trimmed(address.subLocality),
            "C": Self.trimmed(address.city),
            "S": Self.trimmed(address.stateOrProvince),
            "Z": Self.trimmed(address.postalCode),
        ]
        var lines = format.lines.map { Self.render($0, values: values) }.filter { !$0.isEmpty }
        if includesCountry, let country = Self.countryName(for: address, countryCode: countryCode) {
            lines.append(country)
        }
        return lines
    }

    /// The city and state as the country writes them together: "San Francisco, CA",
    /// "Roma RM", "São Paulo - SP", "Paris"; `nil` when the address has neither.
    public func cityAndState(from address: PostalAddress) -> String? {
        let countryCode = Self.countryCode(for: address)
        let format = Self.format(for: countryCode, address: address)
        let values: [Character: String] = [
            "C": Self.trimmed(address.city), "S": Self.trimmed(address.stateOrProvince),
        ]
        let line = format.lines.first { $0.contains { $0 == .field("C") } } ?? [.field("C")]
        let kept = line.filter { element in
            if case .field(let field) = element { return field == "C" || field == "S" }
            return true
        }
        var result = Self.render(kept, values: values)
        if result.isEmpty { result = Self.trimmed(address.stateOrProvince) }
        if !line.contains(.field("S")), !values["S"]!.isEmpty, !values["C"]!.isEmpty {
            result += ", " + values["S"]!
        }
        return result.isEmpty ? nil : result
    }

    /// The street line: house number and street name in the country's order ("101 Spear St",
    /// "Via Roma 1", "Av. Paulista, 1578", "市府路1號").
    public func streetLine(from address: PostalAddress) -> String? {
        Self.streetLine(from: address, countryCode: Self.countryCode(for: address))
    }

    /// The ISO country code of an address: its `isoCountryCode`, or the country its
    /// `country` name designates.
    public static func countryCode(for address: PostalAddress) -> String? {
        if let code = address.isoCountryCode, let country = Country(isoCode: code) { return country.isoCode }
        if let name = address.country, let country = Country.named(name) { return country.isoCode }
        return nil
    }
}

extension AddressFormatter {
    /// One element of a format line.
    enum Element: Hashable {
        case field(Character)
        case literal(String)
    }

    /// A parsed format.
    struct ParsedFormat {
        var lines: [[Element]]
        /// Whether the city comes before the street (Chinese, Japanese, Korean order).
        var isBigEndian: Bool
    }

    /// Formats already parsed, by country code and script (a format is parsed once per
    /// process, not once per address).
    private static let parsedFormats = Mutex<[FormatKey: ParsedFormat]>([:])

    private struct FormatKey: Hashable {
        var countryCode: String?
        var isHan: Bool
    }

    static func format(for countryCode: String?, address: PostalAddress) -> ParsedFormat {
        let key = FormatKey(countryCode: countryCode, isHan: isHanAddress(address))
        if let known = parsedFormats.withLock({ $0[key] }) { return known }
        let parsed = parseFormat(for: countryCode, isHan: key.isHan)
        parsedFormats.withLock { $0[key] = parsed }
        return parsed
    }

    private static func parseFormat(for countryCode: String?, isHan: Bool) -> ParsedFormat {
        let data = (try? Gazetteer.shared.get())?.format(for: countryCode)
        var format = data?.format ?? "%A%n%D%n%Z %C%n%S"
        if let latin = data?.latinFormat, !isHan { format = latin }
        if data == nil || data?.isoCode == "ZZ" { format = "%A%n%D%n%Z %C%n%S" }
        let cityIndex = format.range(of: "%C")?.lowerBound
        let streetIndex = format.range(of: "%A")?.lowerBound
        let isBigEndian = cityIndex != nil && streetIndex != nil && cityIndex! < streetIndex!
        if !format.contains("%D") {
            // Put the neighborhood beside the city (big-endian) or under the street.
            format =
                isBigEndian
                ? format.replacingFirst("%C", with: "%C%D") : format.replacingFirst("%A", with: "%A%n%D")
        }
        return ParsedFormat(
            lines: format.components(separatedBy: "%n").map(parseLine), isBigEndian: isBigEndian)
    }

    private static func parseLine(_ line: String) -> [Element] {
        var elements: [Element] = []
        var literal = ""
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if character == "%", let field = iterator.next() {
                if !literal.isEmpty { elements.append(.literal(literal)) }
                literal = ""
                elements.append(.field(field))
            } else {
                literal.append(character)
            }
        }
        if !literal.isEmpty { elements.append(.literal(literal)) }
        return elements
    }

    /// Renders a line: a literal shows only between the text before it and a non-empty
    /// field after it; a lone "-" is written " - ".
    static func render(_ line: [Element], values: [Character: String]) -> String {
        var output = ""
        var sawField = false
        for (index, element) in line.enumerated() {
            switch element {
            case .field(let field):
                sawField = true
                output += values[field] ?? ""
            case .literal(let text):
                let next = line[(index + 1)...].first {
                    if case .field = $0 { return true } else { return false }
                }
                guard case .field(let nextField) = next, !(values[nextField] ?? "").isEmpty else { continue }
                guard !output.isEmpty || !sawField else { continue }
                output += text == "-" && !output.isEmpty ? " - " : text
            }
        }
        return output.trimmingWhitespace()
    }

    static func streetLine(from address: PostalAddress, countryCode: String?) -> String? {
        let number = trimmed(address.subThoroughfare)
        let street = trimmed(address.thoroughfare)
        if street.isEmpty { return number.isEmpty ? nil : number }
        if number.isEmpty { return street }
        let streetWords = street.split(whereSeparator: { $0 == " " || $0 == "," })
        if streetWords.contains(where: { $0 == number }) { return street }
        if street.unicodeScalars.contains(where: GazetteerKey.isHan) {
            let isDigits = number.allSatisfy(\.isNumber)
            let suffix: String
            switch countryCode {
            case "CN" where isDigits: suffix = "号"
            case "TW", "HK", "MO": suffix = isDigits ? "號" : ""
            default: suffix = ""
            }
            return street + number + suffix
        }
        if let countryCode, numberFirstCountries.contains(countryCode) { return number + " " + street }
        // Countries with their own script write romanized addresses the English way.
        if let countryCode, (try? Gazetteer.shared.get())?.formats[countryCode]?.latinFormat != nil {
            return number + " " + street
        }
        if let countryCode, commaBeforeNumberCountries.contains(countryCode) { return street + ", " + number }
        return street + " " + number
    }

    static func isHanAddress(_ address: PostalAddress) -> Bool {
        [address.thoroughfare, address.city, address.stateOrProvince, address.subLocality].contains { value in
            value?.unicodeScalars.contains(where: GazetteerKey.isHan) ?? false
        }
    }

    private static func countryName(for address: PostalAddress, countryCode: String?) -> String? {
        let given = trimmed(address.country)
        if !given.isEmpty { return given }
        return countryCode.flatMap { Country(isoCode: $0)?.name(forLanguage: "en") }
    }

    static func trimmed(_ value: String?) -> String {
        (value ?? "").trimmingWhitespace()
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }

    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
