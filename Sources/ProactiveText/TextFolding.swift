import Foundation

/// Case and accent folding, so that "Café Straße" and "cafe strasse" compare equal.
public enum TextFolding {
    /// Letters that do not decompose into a base letter and a mark, and their folded spelling.
    static let specialLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o",
        "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "ı": "i", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d",
    ]

    /// Latin letters with diacritics (U+00C0–U+024F, U+1E00–U+1EFF) and their folded base
    /// letters, computed once from their canonical decompositions.
    static let latinBases: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        for range in [0x00C0...0x024F, 0x1E00...0x1EFF] {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                if let special = specialLetters[scalar] {
                    table[scalar] = special
                    continue
                }
                let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
                    .filter { $0.properties.generalCategory != .nonspacingMark }
                let folded = String(String.UnicodeScalarView(base)).lowercased()
                if folded != String(scalar) { table[scalar] = folded }
            }
        }
        return table
    }()

    /// The text lowercased, without diacritics, with ß as "ss", œ as "oe", full-width forms
    /// as ASCII, and runs of whitespace collapsed to one space, trimmed.
    public static func fold(_ text: some StringProtocol) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = !out.isEmpty
                    continue
                }
                if pendingSpace {
                    out.append(0x20)
                    pendingSpace = false
                }
                out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                continue
            }
            if Script.isUnsegmented(scalar) {
                if pendingSpace {
                    out.append(0x20)
                    pendingSpace = false
                }
                UTF8.encode(scalar) { out.append($0) }
                continue
            }
            if scalar.value >= 0xC0, let base = latinBases[scalar] {
                if pendingSpace {
                    out.append(0x20)
                    pendingSpace = false
                }
                out.append(contentsOf: base.utf8)
                continue
            }
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            if let special = specialLetters[scalar] {
                out.append(contentsOf: special.utf8)
            } else if (0xFF01...0xFF5E).contains(scalar.value) {
                let byte = UInt8(truncatingIfNeeded: scalar.value - 0xFEE0)
                out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            } else if scalar.properties.changesWhenLowercased {
                out.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            } else {
                UTF8.encode(scalar) { out.append($0) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The folded words of a text: maximal runs of word characters, each folded.
    public static func words(_ text: some StringProtocol) -> [String] {
        fold(text).unicodeScalars.split { !Script.isWordCharacter($0) }.map {
            String(String.UnicodeScalarView($0))
        }
    }
}
