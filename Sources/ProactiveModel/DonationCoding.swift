import Foundation

/// Reading and writing donation documents as JSON and NDJSON.
public enum DonationCoding {
    /// Dates in documents are ISO 8601, with or without fractional seconds, in any offset:
    /// `YYYY-MM-DDThh:mm:ss`, then `.fff…` or not, then `Z` or `±hh:mm`. A date or time that
    /// cannot be (2026-02-30, 25:00, 12:61) is `nil`, not rolled over to another moment as
    /// Foundation's parser does (2026-02-30 would be March 2).
    public static func parseDate(_ string: String) -> Date? {
        guard impossibility(of: string) == nil else { return nil }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(string) {
            return date
        }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) {
            return date
        }
        return nil
    }

    /// Why `string` is not a date ``parseDate(_:)`` reads, in words: "2026-02-30 is not a
    /// date", "25:00:00 is not a time of day", else the form expected.
    public static func dateProblem(_ string: String) -> String {
        impossibility(of: string) ?? expectedDate
    }

    /// The form ``parseDate(_:)`` reads, as a person is told it.
    static let expectedDate = "expected an ISO 8601 date such as 2026-11-21T12:00:00Z"

    /// What makes `string` no moment at all: not written `YYYY-MM-DDThh:mm:ss…` with every
    /// digit (`2026-1-1T0:0:0Z` is not; Foundation's parser reads it), or a month, a day of that
    /// month, an hour, a minute or a second out of range (a leap second, 60, is one RFC 3339
    /// allows). `nil` when its first 19 characters name a real moment (the parser reads the
    /// rest: fractional seconds and the offset).
    static func impossibility(of string: String) -> String? {
        let bytes = Array(string.utf8.prefix(19))
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count == 19, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54 || bytes[10] == 0x74,
            bytes[13] == 0x3A, bytes[16] == 0x3A,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
        else { return expectedDate }
        let date = String(decoding: bytes[0..<10], as: UTF8.self)
        let time = String(decoding: bytes[11..<19], as: UTF8.self)
        guard (1...12).contains(month) else { return "\(date) is not a date: there is no month \(month)" }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else {
            return "\(date) is not a date: that month has \(days) days"
        }
        guard hour <= 23, minute <= 59, second <= 60 else { return "\(time) is not a time of day" }
        return nil
    }

    /// The first moment of year 10000 (seconds since 1970), where ISO 8601's four-digit years
    /// end: ``formatDate(_:)`` writes the years before it by hand, and no lifetime the engine
    /// computes reaches it.
    package static let endOfYear9999: TimeInterval = 253_402_300_800

    /// Formats a date as ISO 8601 in UTC, with fractional seconds only when needed
    /// (milliseconds, truncated: "2026-11-21T12:00:00Z", "2026-11-21T12:00:00.250Z").
    public static func formatDate(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        // Years 1970–9999 written by hand, as Foundation's style writes them (a test compares
        // them): the style was 1 % of a computed suggestion list's time in the daemon.
        guard seconds >= 0, seconds < endOfYear9999 else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: whole != seconds))
        }
        let total = Int(whole)
        var days = total / 86_400
        let second = total % 86_400
        // The civil date of a day count (Howard Hinnant's days_from_civil, inverted).
        days += 719_468
        let era = days / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func append(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(48 + value / divisor % 10))
                divisor /= 10
            }
        }
        append(year, digits: 4)
        bytes.append(0x2D)
        append(month, digits: 2)
        bytes.append(0x2D)
        append(day, digits: 2)
        bytes.append(0x54)
        append(second / 3600, digits: 2)
        bytes.append(0x3A)
        append(second / 60 % 60, digits: 2)
        bytes.append(0x3A)
        append(second % 60, digits: 2)
        if whole != seconds {
            bytes.append(0x2E)
            append(Int(((seconds - whole) * 1000).rounded(.down)), digits: 3)
        }
        bytes.append(0x5A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A decoder configured for donation documents.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let string = try container.decode(String.self)
            guard let date = parseDate(string) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: dateProblem(string))
            }
            return date
        }
        return decoder
    }

    /// An encoder configured for documents and answers (sorted keys, ISO 8601 dates).
    public static func makeEncoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        return encoder
    }

    /// Decodes one document, turning decoding failures into a ``DonationError`` naming the field.
    public static func decode(_ data: Data, using decoder: JSONDecoder = makeDecoder()) throws(DonationError)
        -> Donation
    {
        try decode(data, using: decoder, scanningFields: true)
    }

    /// ``decode(_:using:)``; `scanningFields` false leaves every field check to the decoding
    /// types (for tests that compare both).
    static func decode(_ data: Data, using decoder: JSONDecoder, scanningFields: Bool) throws(DonationError)
        -> Donation
    {
        // An item read straight from its bytes when it can be (most documents donated in bulk).
        if scanningFields, let donation = ItemDocumentReader.donation(from: data) { return donation }
        do {
            // Fields checked from the bytes first when that can tell (most documents donated in
            // bulk): decoding then skips its own checks.
            let donation =
                scanningFields && KnownFieldsScan.fieldsAreKnown(in: data)
                ? try DocumentFields.$fieldsAreKnown.withValue(true) {
                    try decoder.decode(Donation.self, from: data)
                }
                : try decoder.decode(Donation.self, from: data)
            // A field that holds NUL is named wherever it is, checked or not (see `validate`).
            if JSONValue.mayHoldNUL(data),
                let path = try? JSONDecoder().decode(JSONValue.self, from: data).pathOfNULCharacter
            {
                throw DonationError.nulCharacter(field: path.isEmpty ? nil : path)
            }
            if let path = JSONDuplicateKeys.firstDuplicate(in: data) {
                throw DonationError.duplicateKey(field: path)
            }
            return donation
        } catch let error as DonationError {
            throw error
        } catch let error as DecodingError {
            var mapped = DonationError(error)
            if mapped.code == .malformedJSON { mapped.reason = malformedReason(data) }
            throw mapped
        } catch {
            throw DonationError(code: .malformedJSON, field: nil, reason: malformedReason(data))
        }
    }

    /// Why a document is not JSON, as its parser says (where, and what: too deep, a number
    /// out of range, an unpaired surrogate, a control character), without quoting it.
    static func malformedReason(_ data: Data) -> String {
        let generic = "the document is not valid JSON"
        let said: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return generic
        } catch {
            said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        }
        // "around character 513": where, which names nothing donated.
        var position = ""
        if let range = said.range(of: "around character ") {
            let digits = said[range.upperBound...].prefix { $0.isNumber }
            if !digits.isEmpty { position = " (around character \(digits))" }
        }
        let what: String =
            if said.contains("Too many nested") {
                ": it nests arrays and objects more than 512 deep"
            } else if said.contains("not representable") {
                ": it holds a number out of range"
            } else if said.contains("surrogate") {
                ": it holds an unpaired UTF-16 surrogate escape (\\uD800–\\uDFFF)"
            } else if said.contains("control character") {
                ": a string holds an unescaped control character"
            } else if said.contains("end of file") || said.contains("Unexpected end") {
                ": it ends too early"
            } else {
                ""
            }
        return generic + what + position
    }
}

extension DonationError {
    /// A field's path in a document as errors name it (`items[2].attributeSet.title`); nil
    /// for the document itself.
    static func path(_ keys: [any CodingKey], appending key: (any CodingKey)? = nil) -> String? {
        var parts: [String] = []
        for k in keys + (key.map { [$0] } ?? []) {
            if let index = k.intValue { parts.append("[\(index)]") } else { parts.append(k.stringValue) }
        }
        guard !parts.isEmpty else { return nil }
        return parts.reduce("") { result, part in
            part.hasPrefix("[") || result.isEmpty ? result + part : result + "." + part
        }
    }

    /// Maps a `DecodingError` to a donation error naming the field.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(
                code: .missingField, field: Self.path(context.codingPath, appending: key),
                reason: "is required")
        case .typeMismatch(let type, let context):
            self.init(
                code: .wrongType, field: Self.path(context.codingPath),
                reason: "expected \(DonationError.jsonTypeName(type))")
        case .valueNotFound(let type, let context):
            self.init(
                code: .wrongType, field: Self.path(context.codingPath),
                reason: "expected \(DonationError.jsonTypeName(type)), found null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(code: .malformedJSON, field: nil, reason: "the document is not valid JSON")
            } else if context.debugDescription.hasPrefix("Cannot initialize") {
                self.init(
                    code: .invalidValue, field: Self.path(context.codingPath),
                    reason: "is not one of the allowed values")
            } else {
                self.init(
                    code: .invalidValue, field: Self.path(context.codingPath),
                    reason: context.debugDescription)
            }
        @unknown default:
            self.init(code: .malformedJSON, field: nil, reason: "the document could not be read")
        }
    }

    static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Double.Type, is Int.Type, is Float.Type: "a number"
        case is Date.Type: "an ISO 8601 date string"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
