/// Traditional Chinese characters folded to their Simplified forms, so that a search for 餐厅
/// finds 餐廳 and one for 臺灣 finds 台湾: the search index and its queries are written in the
/// folded form (``IndexText``), and ranking reads that form.
///
/// The table is ICU's `Hant-Hans` transform (Unicode CLDR data), character by character: the
/// 2,852 characters it turns into one other character. Folding is one-way and many-to-one (髮
/// "hair" and 發 "send" both become 发), so a search finds a little more than the words it
/// spells, never less; the text shown is never folded. Japanese kanji and Korean hanja that
/// share a Traditional form fold the same way, on both sides of every comparison.
public enum SimplifiedChinese {
    /// The first character the table covers (CJK Extension A; the table holds no character
    /// outside the Basic Multilingual Plane).
    static let first: UInt32 = 0x3400
    /// The last character the table covers (the end of the CJK Unified Ideographs block).
    static let last: UInt32 = 0x9FFF

    /// The Simplified form of each character from ``first`` to ``last``, 0 where the character
    /// stays as it is: 54 KB, read by index.
    static let table: [UInt16] = {
        var table = [UInt16](repeating: 0, count: Int(last - first + 1))
        var traditional: Unicode.Scalar?
        for scalar in pairs.unicodeScalars where scalar.value >= first {
            if let from = traditional {
                table[Int(from.value - first)] = UInt16(scalar.value)
                traditional = nil
            } else {
                traditional = scalar
            }
        }
        return table
    }()

    /// The Simplified form of a character, or the character itself.
    @inline(__always)
    public static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        guard value >= first && value <= last else { return scalar }
        let simplified = table[Int(value - first)]
        return simplified == 0 ? scalar : Unicode.Scalar(simplified)!
    }

    /// Every character that folds, in code point order, and what each folds to at the same
    /// position of `to` (for SQL's `translate(text, from, to)`, which folds the same way).
    package static var translation: (from: String, to: String) {
        var from = String.UnicodeScalarView()
        var to = String.UnicodeScalarView()
        for (index, simplified) in table.enumerated() where simplified != 0 {
            from.append(Unicode.Scalar(first + UInt32(index))!)
            to.append(Unicode.Scalar(simplified)!)
        }
        return (String(from), String(to))
    }

    /// The text with every Traditional character that has a Simplified form replaced by it
    /// (the text itself when it has none).
    public static func fold(_ text: String) -> String {
        // A character from U+3400 on starts with the byte 0xE3 or above in UTF-8: most text
        // (Latin, names, keys) has none and is given back after one pass over its bytes.
        guard text.utf8.contains(where: { $0 >= 0xE3 }),
            text.unicodeScalars.contains(where: { fold($0) != $0 })
        else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map(fold)))
    }
}
