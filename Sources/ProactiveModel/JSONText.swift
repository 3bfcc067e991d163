/// Writing JSON bytes by hand, byte for byte as `DonationCoding.makeEncoder()` and the API's
/// encoder write them (slashes unescaped): for the values written on every donation (a place
/// of each sighting) and every suggestions answer, where `JSONEncoder` costs about ten times
/// as much.
package enum JSONText {
    /// Appends `text` as a JSON string: quoted, with `"`, `\` and control characters escaped
    /// as `JSONEncoder` escapes them (`\b`, `\t`, `\n`, `\f`, `\r`, else `\u00XX`); slashes
    /// and every other character as they are. The bytes between two that need escaping are
    /// copied at once.
    package static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte, to: &bytes)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a finite number as `JSONEncoder` writes a `Double`: its shortest description,
    /// without a trailing `.0`.
    package static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes += text.utf8
    }

    /// Appends text written as it is (JSON punctuation, keys without escapes).
    package static func appendRaw(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes += $0 }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// One byte of a string that JSON escapes.
    private static func escape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
        case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
        case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        default:
            bytes += [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hexDigits[Int(byte >> 4)],
                hexDigits[Int(byte & 0x0F)],
            ]
        }
    }
}
