/// Writing JSON text by hand, for the few values the engine stores on every donation (a
/// place of each sighting), byte for byte as `DonationCoding.makeEncoder()`
/// writes them: `JSONEncoder` costs about ten times as much for a small object.
enum JSONText {
    /// Appends `text` as a JSON string: quoted, with `"`, `\` and control characters escaped
    /// as `JSONEncoder` escapes them (`\b`, `\t`, `\n`, `\f`, `\r`, else `\u00XX`); slashes
    /// and every other character as they are.
    static func appendString(_ text: String, to json: inout String) {
        json.append("\"")
        let needsEscaping = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        if needsEscaping == false {
            json.append(text)
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": json.append("\\\"")
                case "\\": json.append("\\\\")
                case "\u{8}": json.append("\\b")
                case "\t": json.append("\\t")
                case "\n": json.append("\\n")
                case "\u{c}": json.append("\\f")
                case "\r": json.append("\\r")
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    json.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                default: json.unicodeScalars.append(scalar)
                }
            }
        }
        json.append("\"")
    }

    /// Appends a finite number as `JSONEncoder` writes it: Swift's shortest form, without a
    /// trailing `.0`.
    static func appendNumber(_ value: Double, to json: inout String) {
        let text = value.description
        json.append(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }
}
