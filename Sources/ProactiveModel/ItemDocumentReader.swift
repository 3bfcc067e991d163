import Foundation

/// Reads the document most often donated in bulk, a `searchableItem`, straight from its bytes:
/// one pass, no `JSONDecoder`. Decoding an item with `JSONDecoder` (its keyed containers, the
/// attribute set's 24 optional fields looked up one by one, generic metadata at each) was
/// three quarters of parsing it, and parsing a fifth of a donation's time on PostgreSQL.
///
/// Conservative, as ``KnownFieldsScan`` is: `nil` whenever the document is anything but a
/// well-formed item whose every field it reads (another type, a field it does not know or
/// given twice, a value of another type, an escaped key, `\u0000`, a lone surrogate, invalid
/// UTF-8, a number out of range, a date ``DonationCoding/parseDate(_:)`` refuses); the caller
/// then decodes with `JSONDecoder`, which accepts or refuses it as before. What it returns is
/// what `JSONDecoder` decodes from the same bytes (a test compares both on random documents).
enum ItemDocumentReader {
    /// The donation of an item document, or `nil` when unsure (see the type's documentation).
    static func donation(from data: Data) -> Donation? {
        data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.item()
        }
    }

    private struct Reader: JSONByteReading {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        /// The whole document: one item object and nothing after it but whitespace.
        mutating func item() -> Donation? {
            var type: String?
            var app: String?
            var at: Date?
            var uniqueIdentifier: String?
            var domainIdentifier: String?
            var expirationDate: Date?
            var attributeSet = SearchableItemAttributeSet()
            var seen: UInt32 = 0
            let complete = object { key, reader in
                let bit: UInt32
                switch key {
                case "type":
                    bit = 1 << 0
                    guard let value = reader.string() else { return false }
                    type = value
                case "app":
                    bit = 1 << 1
                    guard let value = reader.string() else { return false }
                    app = value
                case "at":
                    bit = 1 << 2
                    guard let value = reader.date() else { return false }
                    at = value
                case "uniqueIdentifier":
                    bit = 1 << 3
                    guard let value = reader.string() else { return false }
                    uniqueIdentifier = value
                case "domainIdentifier":
                    bit = 1 << 4
                    guard let value = reader.optionalString() else { return false }
                    domainIdentifier = value
                case "expirationDate":
                    bit = 1 << 5
                    guard let value = reader.date() else { return false }
                    expirationDate = value
                case "attributeSet":
                    bit = 1 << 6
                    if reader.null() { break }
                    guard let value = reader.attributeSet() else { return false }
                    attributeSet = value
                default:
                    return false
                }
                guard seen & bit == 0 else { return false }
                seen |= bit
                return true
            }
            guard complete, type == "searchableItem", let app, let uniqueIdentifier else { return nil }
            skipWhitespace()
            guard position == bytes.count else { return nil }
            return Donation(
                app: app, at: at,
                content: .searchableItem(
                    SearchableItem(
                        uniqueIdentifier: uniqueIdentifier, domainIdentifier: domainIdentifier,
                        attributeSet: attributeSet, expirationDate: expirationDate)))
        }

        /// An attribute set's object (every field optional, `null` as absent).
        mutating func attributeSet() -> SearchableItemAttributeSet? {
            var set = SearchableItemAttributeSet()
            var seen: UInt32 = 0
            let complete = object { key, reader in
                let bit: UInt32
                switch key {
                case "contentType":
                    bit = 1 << 0
                    guard let value = reader.optionalString() else { return false }
                    set.contentType = value
                case "title":
                    bit = 1 << 1
                    guard let value = reader.optionalString() else { return false }
                    set.title = value
                case "displayName":
                    bit = 1 << 2
                    guard let value = reader.optionalString() else { return false }
                    set.displayName = value
                case "contentDescription":
                    bit = 1 << 3
                    guard let value = reader.optionalString() else { return false }
                    set.contentDescription = value
                case "textContent":
                    bit = 1 << 4
                    guard let value = reader.optionalString() else { return false }
                    set.textContent = value
                case "thumbnailURL":
                    bit = 1 << 5
                    guard let value = reader.optionalString() else { return false }
                    set.thumbnailURL = value
                case "contentURL":
                    bit = 1 << 6
                    guard let value = reader.optionalString() else { return false }
                    set.contentURL = value
                case "keywords":
                    bit = 1 << 7
                    guard let value = reader.optionalStrings() else { return false }
                    set.keywords = value
                case "namedLocation":
                    bit = 1 << 8
                    guard let value = reader.optionalString() else { return false }
                    set.namedLocation = value
                case "subThoroughfare":
                    bit = 1 << 9
                    guard let value = reader.optionalString() else { return false }
                    set.subThoroughfare = value
                case "thoroughfare":
                    bit = 1 << 10
                    guard let value = reader.optionalString() else { return false }
                    set.thoroughfare = value
                case "fullyFormattedAddress":
                    bit = 1 << 11
                    guard let value = reader.optionalString() else { return false }
                    set.fullyFormattedAddress = value
                case "city":
                    bit = 1 << 12
                    guard let value = reader.optionalString() else { return false }
                    set.city = value
                case "stateOrProvince":
                    bit = 1 << 13
                    guard let value = reader.optionalString() else { return false }
                    set.stateOrProvince = value
                case "postalCode":
                    bit = 1 << 14
                    guard let value = reader.optionalString() else { return false }
                    set.postalCode = value
                case "country":
                    bit = 1 << 15
                    guard let value = reader.optionalString() else { return false }
                    set.country = value
                case "isoCountryCode":
                    bit = 1 << 16
                    guard let value = reader.optionalString() else { return false }
                    set.isoCountryCode = value
                case "latitude":
                    bit = 1 << 17
                    guard let value = reader.optionalNumber() else { return false }
                    set.latitude = value
                case "longitude":
                    bit = 1 << 18
                    guard let value = reader.optionalNumber() else { return false }
                    set.longitude = value
                case "phoneNumbers":
                    bit = 1 << 19
                    guard let value = reader.optionalStrings() else { return false }
                    set.phoneNumbers = value
                case "emailAddresses":
                    bit = 1 << 20
                    guard let value = reader.optionalStrings() else { return false }
                    set.emailAddresses = value
                case "supportsPhoneCalls":
                    bit = 1 << 21
                    guard let value = reader.optionalBool() else { return false }
                    set.supportsPhoneCalls = value
                case "supportsNavigation":
                    bit = 1 << 22
                    guard let value = reader.optionalBool() else { return false }
                    set.supportsNavigation = value
                case "rating":
                    bit = 1 << 23
                    guard let value = reader.optionalNumber() else { return false }
                    set.rating = value
                default:
                    return false
                }
                guard seen & bit == 0 else { return false }
                seen |= bit
                return true
            }
            return complete ? set : nil
        }

        /// `null`, consumed; false (nothing consumed) when the value is something else.
        mutating func null() -> Bool { literal("null") }

        /// A string or `null` (`.some(nil)`); nil when the value is neither.
        mutating func optionalString() -> String?? {
            if null() { return .some(nil) }
            guard let value = string() else { return nil }
            return .some(value)
        }

        /// A date (a string ``DonationCoding/parseDate(_:)`` reads) or `null`; nil otherwise.
        mutating func date() -> Date?? {
            if null() { return .some(nil) }
            guard let text = string(), let date = DonationCoding.parseDate(text) else { return nil }
            return date
        }

        /// An array of strings or `null`; nil otherwise.
        mutating func optionalStrings() -> [String]?? {
            if null() { return .some(nil) }
            guard next() == UInt8(ascii: "[") else { return nil }
            var values: [String] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                return values
            }
            while true {
                skipWhitespace()
                guard let value = string() else { return nil }
                values.append(value)
                skipWhitespace()
                switch next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return values
                default: return nil
                }
            }
        }

        /// `true`, `false` or `null`; nil otherwise.
        mutating func optionalBool() -> Bool?? {
            if null() { return .some(nil) }
            if literal("true") { return true }
            if literal("false") { return false }
            return nil
        }

        /// `word`, consumed, when the value is that literal.
        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - position >= count else { return false }
            let matches = word.withUTF8Buffer { expected in
                expected.indices.allSatisfy { bytes[position + $0] == expected[$0] }
            }
            if matches { position += count }
            return matches
        }

        /// A JSON number (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) or `null`;
        /// nil for anything else, and for a number a `Double` cannot hold (infinite, or a
        /// non-zero number that rounds to zero).
        mutating func optionalNumber() -> Double?? {
            if null() { return .some(nil) }
            let start = position
            var nonZeroDigit = false
            func digits(_ reader: inout Reader) -> Int {
                var count = 0
                while let byte = reader.peek(), byte >= 0x30, byte <= 0x39 {
                    if byte != 0x30 { nonZeroDigit = true }
                    count += 1
                    reader.position += 1
                }
                return count
            }
            if peek() == UInt8(ascii: "-") { position += 1 }
            if peek() == UInt8(ascii: "0") {
                position += 1
            } else if digits(&self) == 0 {
                return nil
            }
            if peek() == UInt8(ascii: ".") {
                position += 1
                guard digits(&self) > 0 else { return nil }
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                position += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
                let before = nonZeroDigit
                guard digits(&self) > 0 else { return nil }
                nonZeroDigit = before
            }
            guard position - start <= 64 else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard let value = Double(text), value.isFinite, value != 0 || !nonZeroDigit else { return nil }
            return value
        }

        /// A string value, escapes decoded; nil when it is not one, holds a control character,
        /// `\u0000` or a lone surrogate, or is not UTF-8.
        mutating func string() -> String? {
            // Most strings have no escape: read as the keys are.
            let start = position
            if let plain = plainString() { return plain }
            position = start
            guard next() == UInt8(ascii: "\"") else { return nil }
            var text: [UInt8] = []
            while let byte = next() {
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let escaped = next() else { return nil }
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var value = hex4(), value != 0 else { return nil }
                        if (0xD800...0xDBFF).contains(value) {
                            guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u"), let low = hex4(),
                                (0xDC00...0xDFFF).contains(low)
                            else { return nil }
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(value) {
                            return nil
                        }
                        guard let scalar = Unicode.Scalar(value) else { return nil }
                        text.append(contentsOf: UTF8.encode(scalar)!)
                    default:
                        return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    text.append(byte)
                }
            }
            return nil
        }

        /// Four hexadecimal digits, consumed; nil otherwise.
        mutating func hex4() -> UInt32? {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = next() else { return nil }
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}
