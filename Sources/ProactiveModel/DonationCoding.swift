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

    /// Formats a date as ISO 8601 in UTC, with fractional seconds only when needed.
    public static func formatDate(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
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
            return donation
        } catch let error as DonationError {
            throw error
        } catch let error as DecodingError {
            throw DonationError(error)
        } catch {
            throw DonationError(code: .malformedJSON, field: nil, reason: "the document is not valid JSON")
        }
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
