/// Writing-system facts the tokenizer needs about a Unicode scalar.
public enum Script {
    /// Whether the scalar belongs to a script written without spaces between words
    /// (Han ideographs, Hiragana, Katakana, Hangul, Bopomofo), which is indexed by
    /// character n-grams rather than by words.
    @inlinable
    public static func isUnsegmented(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,  // Hiragana, Katakana
            0x3100...0x312F, 0x31A0...0x31BF,  // Bopomofo
            0x31F0...0x31FF,  // Katakana phonetic extensions
            0x3400...0x4DBF,  // CJK extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF66...0xFF9D,  // half-width Katakana
            0x20000...0x2FA1F:  // CJK extensions B–F, compatibility supplement
            return true
        default:
            return false
        }
    }

    /// Whether the scalar is part of a word: a letter, a digit or a combining mark.
    @inlinable
    public static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if scalar.isASCII {
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        if v < 0x1_0000 { return isSet(basicPlaneWordCharacters, v) }
        return hasWordCategory(scalar)
    }

    /// Whether the scalar's general category is a letter, a number or a mark (what
    /// ``isWordCharacter(_:)`` answers, read from the standard library's Unicode data).
    @usableFromInline
    static func hasWordCategory(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// Whether the scalar is a non-spacing mark (general category Mn: combining accents,
    /// Arabic harakat, Hebrew points, the Devanagari virama); from a table of bits in the Basic
    /// Multilingual Plane, from the standard library's Unicode data elsewhere.
    static func isNonspacingMark(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x1_0000 { return isSet(basicPlaneNonspacingMarks, v) }
        return scalar.properties.generalCategory == .nonspacingMark
    }

    /// ``isNonspacingMark(_:)`` for every scalar of the Basic Multilingual Plane, one bit each.
    static let basicPlaneNonspacingMarks = basicPlaneBits { $0.properties.generalCategory == .nonspacingMark }

    /// One bit for each scalar below U+10000, set where `predicate` holds (8 KB).
    static func basicPlaneBits(_ predicate: (Unicode.Scalar) -> Bool) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: 0x1_0000 / 64)
        for value in 0..<UInt32(0x1_0000) {
            guard let scalar = Unicode.Scalar(value), predicate(scalar) else { continue }
            bits[Int(value >> 6)] |= 1 << UInt64(value & 63)
        }
        return bits
    }

    /// Whether the bit of the scalar value `v` (below U+10000) is set in `bits`.
    @inlinable
    static func isSet(_ bits: [UInt64], _ v: UInt32) -> Bool {
        bits[Int(v >> 6)] & (1 << UInt64(v & 63)) != 0
    }

    /// ``hasWordCategory(_:)`` of every scalar below U+10000, one bit each (8 KB), computed at
    /// first use (about 3 ms): reading a scalar's general category costs tens of nanoseconds,
    /// a large share of tokenizing non-Latin text.
    @usableFromInline
    static let basicPlaneWordCharacters = basicPlaneBits(hasWordCategory)
}
