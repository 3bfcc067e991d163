/// Writing JSON text by hand, for the few values the engine stores on every donation (a
/// place of each sighting), byte for byte as `DonationCoding.makeEncoder()`
/// writes them: `JSONEncoder` costs about ten times as much for a small object.
enum JSONText {
    /// Appends `text` as a JSON string: quoted, with `"`, `\` and control characters escaped
    /// as `JSONEncoder` escapes them (`\b`, `\t`, `\n`, `\f`, `\r`, else `\u00XX`); slashes
    /// and every other character as they are.
    static func appendString(_ text: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        let needsEscaping = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        guard needsEscaping != false else {
            json.append(contentsOf: text.utf8)
            json.append(UInt8(ascii: "\""))
            return
        }
        // Every byte to escape is ASCII, so the UTF-8 is copied as it is around them.
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): json += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): json += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: json += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x09: json += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x0A: json += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0C: json += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0D: json += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                json += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)],
                    hex[Int(byte & 15)],
                ]
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }

    /// Appends a finite number as `JSONEncoder` writes it: Swift's shortest form, without a
    /// trailing `.0`.
    static func appendNumber(_ value: Double, to json: inout [UInt8]) {
        let text = value.description.utf8
        json +=
            text.count > 2 && text.suffix(2).elementsEqual(".0".utf8) ? Array(text.dropLast(2)) : Array(text)
    }
}
