import Foundation

/// Reading and writing donation documents as JSON and NDJSON.
public enum DonationCoding {
    /// Dates in documents are ISO 8601, with or without fractional seconds, in any offset.
    public static func parseDate(_ string: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(string) {
            return date
        }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) {
            return date
        }
        return nil
    }

    /// Formats a date as ISO 8601 in UTC, with fractional seconds only when needed
    /// (milliseconds, truncated: "2026-11-21T12:00:00Z", "2026-11-21T12:00:00.250Z").
    public static func formatDate(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        // Years 1970–9999 written by hand, as Foundation's style writes them (a test compares
        // them): the style was 1 % of a computed suggestion list's time in the daemon.
        guard seconds >= 0, seconds < 253_402_300_800 else {
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
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected an ISO 8601 date such as 2026-11-21T12:00:00Z")
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
        do {
            let donation = try decoder.decode(Donation.self, from: data)
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
