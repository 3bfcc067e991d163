import Foundation

/// Case and accent folding, so that "Café Straße" and "cafe strasse" compare equal.
public enum TextFolding {
    /// Letters that do not decompose into a base letter and a mark, and their folded spelling.
    static let specialLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o",
        "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "ı": "i", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d",
    ]

    /// The text lowercased, without diacritics, with ß as "ss", œ as "oe", full-width forms
    /// as ASCII, and runs of whitespace collapsed to one space, trimmed.
    public static func fold(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in String(text).decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            if scalar.isASCII {
                out.append(Unicode.Scalar(UInt8(ascii: scalar).lowercased))
            } else if let special = specialLetters[scalar] {
                out.append(contentsOf: special.unicodeScalars)
            } else if (0xFF01...0xFF5E).contains(scalar.value),
                let ascii = Unicode.Scalar(scalar.value - 0xFEE0)
            {
                out.append(Unicode.Scalar(UInt8(ascii.value).lowercased))
            } else {
                out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(out)
    }

    /// The folded words of a text: maximal runs of word characters, each folded.
    public static func words(_ text: some StringProtocol) -> [String] {
        fold(text).unicodeScalars.split { !Script.isWordCharacter($0) }.map {
            String(String.UnicodeScalarView($0))
        }
    }
}

extension UInt8 {
    fileprivate init(ascii scalar: Unicode.Scalar) { self = UInt8(truncatingIfNeeded: scalar.value) }

    fileprivate var lowercased: UInt8 { (self >= 0x41 && self <= 0x5A) ? self + 0x20 : self }
}
