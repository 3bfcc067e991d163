import Foundation
import ProactiveMarkup

/// The normalised form used to compare entities read from different syntaxes. Every rule applies to
/// both sides alike and to every example; docs/markup.md lists them with their reasons.
///
/// - Types: short schema.org names, as a sorted set.
/// - Identifiers (`@id`, `itemid`, `resource`) are ignored: a syntax often names a node the other leaves
///   blank. (Nodes with the same identifier were already merged by the extractor.)
/// - Property names: short schema.org names.
/// - Text: Unicode NFC, trimmed, white space collapsed.
/// - A schema.org IRI value (`https://schema.org/InStock`, `http://schema.org/InStock`,
///   `schema:InStock`) compares as its short name (`InStock`); a URL and the same URL given as text are
///   equal (both compare by their string); an `http(s)` URL is compared in RFC 3986 normal form (scheme
///   and host lower case, default port dropped, empty path = `/`).
/// - Booleans: schema.org's `True`/`False` equal JSON's `true`/`false`.
/// - Numbers: a value that is a decimal number (no `+`, no leading zero, so telephone numbers and
///   postal codes stay text) compares numerically (`"55.00"` = `55`, `"4.5"` = `4.5`).
/// - Dates: an ISO 8601 date-time with a time zone compares as the instant it names, in UTC.
/// - A nested entity whose only property is one `name` equals that name given as text (schema.org's
///   data model: where a Thing is expected, text is accepted and names the thing).
/// - `additionalType` values naming a schema.org type count as types.
/// - Properties and types of the RDFa vocabulary (`rdfa:usesVocabulary`, carried over into some
///   JSON-LD examples) are left out; an entity left with no type and no property is left out.
/// - The values of a property form a set (order ignored, duplicates collapsed); top-level entities
///   compare as a multiset.
indirect enum NormalizedValue: Hashable, Comparable, CustomStringConvertible {
    case string(String)
    case entity(NormalizedEntity)

    /// - Parameter structureOnly: Compare only the shape (types, property names, nesting, number of
    ///   values) and not the literal text, which schema.org's examples often word differently.
    init(_ value: SchemaValue, structureOnly: Bool = false) {
        switch value {
        case .text(let text), .url(let text):
            self = .string(structureOnly ? "·" : NormalizedValue.normalize(text))
        case .entity(let entity):
            let nested = NormalizedEntity(entity, structureOnly: structureOnly)
            if nested.properties.count == 1, let names = nested.properties["name"], names.count == 1,
                case .string = names[0]
            {
                self = names[0]
            } else {
                self = .entity(nested)
            }
        }
    }

    static func normalize(_ text: String) -> String {
        let collapsed = text.precomposedStringWithCanonicalMapping
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for namespace in ["https://schema.org/", "http://schema.org/", "schema:"]
        where collapsed.hasPrefix(namespace) && collapsed.count > namespace.count {
            return normalizeBoolean(String(collapsed.dropFirst(namespace.count)))
        }
        if let number = normalizeNumber(collapsed) { return number }
        if let instant = normalizeInstant(collapsed) { return instant }
        if let url = normalizeURL(collapsed) { return url }
        return normalizeBoolean(collapsed)
    }

    static func normalizeBoolean(_ text: String) -> String {
        switch text {
        case "True": "true"
        case "False": "false"
        default: text
        }
    }

    /// A decimal number (`-12`, `4.50`, `1e3`) in canonical form; `nil` for anything else.
    static func normalizeNumber(_ text: String) -> String? {
        // No sign and no leading zero, so that telephone numbers and postal codes stay text.
        guard text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil,
            let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return "\(decimal)"
    }

    /// An ISO 8601 date-time with a time zone, as the UTC instant it names; `nil` for anything else.
    static func normalizeInstant(_ text: String) -> String? {
        guard
            let match = text.wholeMatch(
                of:
                    /([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?(?:\.[0-9]+)?(Z|[+-][0-9]{2}:?[0-9]{2})/
            )
        else { return nil }
        var components = DateComponents()
        components.year = Int(match.1)
        components.month = Int(match.2)
        components.day = Int(match.3)
        components.hour = Int(match.4)
        components.minute = Int(match.5)
        components.second = match.6.flatMap { Int($0) } ?? 0
        var offset = 0
        let zone = match.7
        if zone != "Z" {
            let digits = zone.dropFirst().filter(\.isNumber)
            let hours = Int(digits.prefix(2)) ?? 0
            let minutes = Int(digits.suffix(2)) ?? 0
            offset = (hours * 60 + minutes) * 60 * (zone.hasPrefix("-") ? -1 : 1)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? .gmt
        guard let date = calendar.date(from: components) else { return nil }
        return "instant:\(Int(date.timeIntervalSince1970))"
    }

    /// An absolute `http(s)` URL in RFC 3986 normal form; `nil` for anything else.
    static func normalizeURL(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
            var components = URLComponents(string: text), let host = components.host, !host.isEmpty
        else { return nil }
        components.scheme = components.scheme?.lowercased()
        components.host = host.lowercased()
        if (components.scheme == "http" && components.port == 80)
            || (components.scheme == "https" && components.port == 443)
        {
            components.port = nil
        }
        if components.path.isEmpty { components.path = "/" }
        return components.string ?? text
    }

    var description: String {
        switch self {
        case .string(let string): "\"\(string)\""
        case .entity(let entity): entity.description
        }
    }

    static func < (lhs: NormalizedValue, rhs: NormalizedValue) -> Bool { lhs.description < rhs.description }

    /// Whether every fact of `self` is also stated by `other` (equal strings; for entities, the same
    /// types and a subset of the properties and values).
    func isSubset(of other: NormalizedValue) -> Bool {
        switch (self, other) {
        case (.string(let a), .string(let b)): a == b
        case (.entity(let a), .entity(let b)): a.isSubset(of: b)
        default: false
        }
    }
}

/// An entity in normalised form; see ``NormalizedValue``.
struct NormalizedEntity: Hashable, CustomStringConvertible {
    var types: [String]
    var properties: [String: [NormalizedValue]]

    init(_ entity: SchemaEntity, structureOnly: Bool = false) {
        var types = Set(entity.types)
        var properties: [String: [NormalizedValue]] = [:]
        types = types.filter { !$0.hasPrefix(Self.rdfaNamespace) }
        for (name, values) in entity.properties where !name.hasPrefix(Self.rdfaNamespace) {
            var values = values
            if name == "additionalType" {
                let isSchemaType = { (value: SchemaValue) -> Bool in
                    guard let iri = value.string?.trimmedWhitespace else { return false }
                    return iri.hasPrefix("schema:") || iri.contains("schema.org/")
                }
                for value in values where isSchemaType(value) {
                    if case .string(let type) = NormalizedValue(value) { types.insert(type) }
                }
                values = values.filter { !isSchemaType($0) }
                if values.isEmpty { continue }
            }
            let normalized = Set(values.map { NormalizedValue($0, structureOnly: structureOnly) })
            // Structure-only keeps the number of values; otherwise the values form a set.
            properties[name] =
                structureOnly
                ? values.map { NormalizedValue($0, structureOnly: true) }.sorted() : normalized.sorted()
        }
        self.properties = properties
        self.types = types.sorted()
    }

    static let rdfaNamespace = "http://www.w3.org/ns/rdfa#"

    /// Whether nothing is left after normalisation (no type, no property).
    var isEmpty: Bool { types.isEmpty && properties.isEmpty }

    var description: String {
        let body = properties.keys.sorted().map { key in
            "\(key)=[\(properties[key]!.map(\.description).joined(separator: ","))]"
        }
        return "\(types.joined(separator: "+")){\(body.joined(separator: "; "))}"
    }

    /// Whether every fact of `self` is stated by `other`: the same types, and each value of each
    /// property matched by a value of `other`'s property.
    func isSubset(of other: NormalizedEntity) -> Bool {
        guard types == other.types else { return false }
        for (key, values) in properties {
            let candidates = other.properties[key] ?? []
            for value in values where !candidates.contains(where: { value.isSubset(of: $0) }) { return false }
        }
        return true
    }

    /// Every difference between `self` (expected) and `other` (found), one line each with its path.
    func differences(from other: NormalizedEntity, path: String = "") -> [String] {
        if types != other.types { return ["\(path)@type: expected \(types), found \(other.types)"] }
        var lines: [String] = []
        for key in Set(properties.keys).union(other.properties.keys).sorted() {
            let expected = properties[key] ?? []
            let found = other.properties[key] ?? []
            if expected == found { continue }
            if expected.isEmpty {
                lines.append("\(path)\(key): not in JSON-LD, found \(found)")
            } else if found.isEmpty {
                lines.append("\(path)\(key): missing, expected \(expected)")
            } else {
                lines += Self.differences(expected: expected, found: found, path: "\(path)\(key)")
            }
        }
        return lines
    }

    /// The differences between two value lists of one property: values found on both sides are left
    /// out, each remaining expected entity is compared with the remaining found entity of the same
    /// types that differs least, and what is left is listed as it is.
    static func differences(expected: [NormalizedValue], found: [NormalizedValue], path: String) -> [String] {
        var missing = expected.filter { !found.contains($0) }
        var extra = found.filter { !expected.contains($0) }
        var lines: [String] = []
        for value in missing {
            guard case .entity(let a) = value else { continue }
            let candidates = extra.indices.compactMap { index -> (Int, [String])? in
                guard case .entity(let b) = extra[index], b.types == a.types else { return nil }
                return (index, a.differences(from: b, path: "\(path)."))
            }
            guard let best = candidates.min(by: { $0.1.count < $1.1.count }) else { continue }
            lines += best.1
            extra.remove(at: best.0)
            missing.removeAll { $0 == value }
        }
        if !missing.isEmpty || !extra.isEmpty {
            lines.append("\(path): expected \(missing), found \(extra)")
        }
        return lines
    }

    /// The first difference between `self` (expected) and `other` (found), as a path and a reason.
    func difference(from other: NormalizedEntity, path: String = "") -> String? {
        if types != other.types { return "\(path)@type: expected \(types), found \(other.types)" }
        for key in Set(properties.keys).union(other.properties.keys).sorted() {
            let expected = properties[key] ?? []
            let found = other.properties[key] ?? []
            if expected == found { continue }
            if expected.isEmpty { return "\(path)\(key): not in JSON-LD, found \(found)" }
            if found.isEmpty { return "\(path)\(key): missing, expected \(expected)" }
            if expected.count == 1, found.count == 1, case .entity(let a) = expected[0],
                case .entity(let b) = found[0],
                let nested = a.difference(from: b, path: "\(path)\(key).")
            {
                return nested
            }
            return "\(path)\(key): expected \(expected), found \(found)"
        }
        return nil
    }
}

extension String {
    fileprivate var trimmedWhitespace: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
