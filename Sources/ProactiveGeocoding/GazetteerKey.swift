import Foundation
import ProactiveText

/// The folding that turns a place name into a gazetteer key: lowercase, special letters
/// mapped (ß → ss, ø → o, æ → ae, ł → l…), diacritics removed (compatibility decomposition,
/// marks dropped), and every run of characters that are neither letters nor digits turned
/// into one space. "Saint-Étienne" and "SAINT ETIENNE" both become "saint etienne".
///
/// `scripts/build-gazetteer.py` folds the names of the gazetteer the same way (its `fold`),
/// and a test checks that both agree on every city name.
enum GazetteerKey {
    /// Letters that neither lowercasing nor decomposition turns into plain Latin letters.
    private static let letterMap: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ł": "l", "Ł": "l",
        "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ı": "i", "ð": "d", "Ð": "d", "þ": "th",
        "Þ": "th", "ħ": "h", "Ħ": "h",
    ]

    /// The key of `text`, its Traditional Chinese characters in their Simplified form
    /// (``SimplifiedChinese``; the gazetteer adds the Simplified form of its Traditional keys
    /// when it loads, as the build script writes names as GeoNames spells them).
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return foldASCII(text) }
        return SimplifiedChinese.fold(foldLatinAndHan(text) ?? foldUnicode(text))
    }

    /// Folds of U+00C0...U+024F (Latin-1 letters and Latin Extended-A and B), computed once
    /// with ``foldUnicode(_:)``; an empty fold marks a separator (× and ÷).
    private static let latinFolds: [String] = (0xC0...0x24F).map { value in
        foldUnicode(String(Unicode.Scalar(UInt32(value))!))
    }

    /// The fast path for text in ASCII, Latin-1, Latin Extended and Han with common
    /// punctuation; `nil` when the text has other characters.
    private static func foldLatinAndHan(_ text: String) -> String? {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                let lower = (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
                if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                    appendWord(CollectionOfOne(Unicode.Scalar(lower)), to: &out, pendingSpace: &pendingSpace)
                } else {
                    pendingSpace = true
                }
            } else if value >= 0xC0 && value <= 0x24F {
                let folded = latinFolds[Int(value) - 0xC0]
                if folded.isEmpty {
                    pendingSpace = true
                } else {
                    appendWord(folded.unicodeScalars, to: &out, pendingSpace: &pendingSpace)
                }
            } else if (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) {
                appendWord(CollectionOfOne(scalar), to: &out, pendingSpace: &pendingSpace)
            } else if (0x2000...0x206F).contains(value) || (0x3000...0x303F).contains(value) || value == 0xA0
                || value == 0xB7
            {
                pendingSpace = true  // general and CJK punctuation, no-break space, middle dot
            } else {
                return nil
            }
        }
        return String(out)
    }

    /// The general path: lowercase, map, decompose, drop marks, keep letters and digits.
    static func foldUnicode(_ text: String) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if let replacement = letterMap[scalar] {
                mapped.append(contentsOf: replacement.unicodeScalars)
            } else {
                mapped.append(scalar)
            }
        }
        let decomposed = String(mapped).decomposedStringWithCompatibilityMapping
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in decomposed.unicodeScalars {
            if let replacement = letterMap[scalar] {
                appendWord(replacement.unicodeScalars, to: &out, pendingSpace: &pendingSpace)
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                continue
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                appendWord(CollectionOfOne(scalar), to: &out, pendingSpace: &pendingSpace)
            default:
                pendingSpace = true
            }
        }
        return String(out)
    }

    /// The fast path for ASCII text.
    private static func foldASCII(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            let lower = (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
            let isWordByte = (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)
            if isWordByte {
                if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(lower)
            } else {
                pendingSpace = true
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendWord<S: Sequence>(
        _ scalars: S, to out: inout String.UnicodeScalarView, pendingSpace: inout Bool
    ) where S.Element == Unicode.Scalar {
        if pendingSpace && !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out.append(contentsOf: scalars)
    }

    /// Whether a scalar is a Han ideograph (Chinese characters, also used in Japanese).
    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
        default: false
        }
    }
}
