import Foundation

/// Case and accent folding, so that "Café Straße" and "cafe strasse" compare equal.
public enum TextFolding {
    /// Letters that do not decompose into a base letter and a mark, and their folded spelling.
    static let specialLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o",
        "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "ı": "i", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d",
    ]

    /// ``specialLetters`` as UTF-8, by scalar value from U+00C0 to the last of them: looked up
    /// without hashing.
    private static let specialLetterTable: [[UInt8]?] = {
        let last = specialLetters.keys.map(\.value).max() ?? 0xBF
        return (UInt32(0xC0)...max(last, 0xC0)).map { value in
            Unicode.Scalar(value).flatMap { specialLetters[$0] }.map { Array($0.utf8) }
        }
    }()

    /// The UTF-8 of ``specialLetters``' spelling of the scalar `value`, if it has one.
    @inline(__always)
    static func specialLetterUTF8(_ value: UInt32) -> [UInt8]? {
        guard value >= 0xC0, value - 0xC0 < UInt32(specialLetterTable.count) else { return nil }
        return specialLetterTable[Int(value - 0xC0)]
    }

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

    /// ``latinBases`` as UTF-8, indexed by scalar value: U+00C0–U+024F first, then
    /// U+1E00–U+1EFF (an array lookup instead of hashing each letter).
    static let latinBaseBytes: [[UInt8]?] = {
        var table = [[UInt8]?](repeating: nil, count: (0x24F - 0xC0 + 1) + (0x1EFF - 0x1E00 + 1))
        for (scalar, folded) in latinBases {
            guard let index = latinBaseIndex(scalar.value) else { continue }
            table[index] = Array(folded.utf8)
        }
        return table
    }()

    /// The index of a scalar value in ``latinBaseBytes``, if it is in one of its ranges.
    @inline(__always)
    static func latinBaseIndex(_ value: UInt32) -> Int? {
        if value >= 0xC0 && value <= 0x24F { return Int(value - 0xC0) }
        if value >= 0x1E00 && value <= 0x1EFF { return Int(value - 0x1E00) + (0x24F - 0xC0 + 1) }
        return nil
    }

    /// The text lowercased, without diacritics, with ß as "ss", œ as "oe", full-width forms
    /// as ASCII, and runs of whitespace collapsed to one space, trimmed.
    public static func fold(_ text: some StringProtocol) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        appendFolded(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``fold(_:)``'s answer to `out`, without making a string (for
    /// matching many texts with one buffer).
    public static func appendFolded(_ text: some StringProtocol, to out: inout [UInt8]) {
        // A string's UTF-8 is valid: folded byte by byte, without decoding every scalar.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            appendFolded(validUTF8: utf8, to: &out)
        }
        if done == nil { appendFoldedScalars(text, to: &out) }
    }

    /// ``appendFolded(_:to:)`` scalar by scalar: the reference the byte-level form is tested
    /// against, and the way for text without contiguous UTF-8.
    static func appendFoldedScalars(_ text: some StringProtocol, to out: inout [UInt8]) {
        let start = out.count
        var pendingSpace = false
        @inline(__always) func space() {
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = out.count > start
                    continue
                }
                space()
                out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                continue
            }
            if Script.isUnsegmented(scalar) {
                space()
                UTF8.encode(scalar) { out.append($0) }
                continue
            }
            if let index = latinBaseIndex(scalar.value) {
                if let base = latinBaseBytes[index] {
                    space()
                    out.append(contentsOf: base)
                    continue
                }
            }
            if scalar.properties.isWhitespace {
                pendingSpace = out.count > start
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            space()
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
    }

    /// The folded words of a text: maximal runs of word characters, each folded.
    public static func words(_ text: some StringProtocol) -> [String] {
        fold(text).unicodeScalars.split { !Script.isWordCharacter($0) }.map {
            String(String.UnicodeScalarView($0))
        }
    }
}
