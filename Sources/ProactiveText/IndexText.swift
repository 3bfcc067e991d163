/// The spelling of text in the full-text index, shared by indexing and querying.
///
/// The index's tokenizer (SQLite's `unicode61 remove_diacritics 2`, whose word characters are
/// letters, numbers and marks, as ``Script/isWordCharacter(_:)`` says) folds case and accents
/// and splits words on everything else. This type prepares text for it:
/// - letters it cannot fold become their usual spelling ("ß" → "ss", "œ" → "oe");
/// - non-spacing marks (combining accents, Arabic harakat, Hebrew points, the Devanagari
///   virama) are left out, as ``TextFolding/fold(_:)`` leaves them out of query words;
/// - full-width Latin letters and digits become ASCII;
/// - runs of Chinese, Japanese and Korean characters, written without spaces, become each
///   character and each pair of adjacent characters as separate words ("紅燒牛肉" →
///   "红 红烧 烧 烧牛 牛 牛肉 肉"), so any part of a word is found: one character by its
///   unigram, longer strings by all their bigrams; Traditional characters are written in
///   their Simplified form (``SimplifiedChinese``), in the index and in queries, so 紅燒 and
///   红烧 find each other.
public enum IndexText {
    /// The text as it is stored in the index.
    public static func indexForm(_ text: String) -> String {
        var text = text
        let form: [UInt8]? = text.withUTF8 { bytes in isASCII(bytes) ? nil : indexForm(utf8: bytes) }
        return form.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Whether every byte is ASCII, read eight at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// ``indexForm(_:)`` of valid UTF-8 (a string's), read byte by byte: ASCII and the scalars
    /// kept as they are copied, the others decoded. What ``indexFormByScalar(_:)`` gives.
    private static func indexForm(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3)
        var run: [Unicode.Scalar] = []
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                if !run.isEmpty { flush(&run, into: &out) }
                out.append(lead)
                i += 1
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = UInt32(lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07))
            for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
            let scalar = Unicode.Scalar(value).unsafelyUnwrapped
            if Script.isUnsegmented(scalar) {
                run.append(SimplifiedChinese.fold(scalar))
            } else {
                if !run.isEmpty { flush(&run, into: &out) }
                if let special = TextFolding.specialLetterUTF8(value) {
                    out.append(contentsOf: special)
                } else if Script.isNonspacingMark(scalar) {
                    // left out, as folding drops them from query words
                } else if value >= 0xFF01 && value <= 0xFF5E {
                    out.append(UInt8(truncatingIfNeeded: value - 0xFEE0))
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]))
                }
            }
            i += length
        }
        flush(&run, into: &out)
        return out
    }

    /// ``indexForm(_:)`` scalar by scalar: the reference the byte-level form is tested against.
    static func indexFormByScalar(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3)
        var run: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if !run.isEmpty { flush(&run, into: &out) }
                out.append(UInt8(truncatingIfNeeded: scalar.value))
            } else if Script.isUnsegmented(scalar) {
                run.append(SimplifiedChinese.fold(scalar))
            } else {
                if !run.isEmpty { flush(&run, into: &out) }
                if let special = TextFolding.specialLetters[scalar] {
                    out.append(contentsOf: special.utf8)
                } else if scalar.properties.generalCategory == .nonspacingMark {
                    continue  // as folding drops them from query words (harakat, niqqud, virama, accents)
                } else if (0xFF01...0xFF5E).contains(scalar.value) {
                    out.append(UInt8(truncatingIfNeeded: scalar.value - 0xFEE0))
                } else {
                    out.append(contentsOf: UTF8.encode(scalar)!)
                }
            }
        }
        flush(&run, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a run of CJK scalars as its unigrams and bigrams, each between spaces, and
    /// empties it. (A function of its own, not a closure over `out`: a captured array is
    /// checked for exclusive access on every append.)
    private static func flush(_ run: inout [Unicode.Scalar], into out: inout [UInt8]) {
        guard !run.isEmpty else { return }
        out.append(0x20)
        for i in run.indices {
            out.append(contentsOf: UTF8.encode(run[i])!)
            out.append(0x20)
            if i + 1 < run.count {
                out.append(contentsOf: UTF8.encode(run[i])!)
                out.append(contentsOf: UTF8.encode(run[i + 1])!)
                out.append(0x20)
            }
        }
        run.removeAll(keepingCapacity: true)
    }

    /// Whether a query term is a pair of CJK characters (as ``queryTerms(_:)`` makes them):
    /// the index then has to match the pair alone. Every text indexed with a pair has both its
    /// characters as words too (``indexForm(_:)``), so asking for them as well finds the same
    /// texts, at the cost of reading every match of a frequent character such as 的.
    public static func isUnsegmentedPair(_ term: String) -> Bool {
        var scalars = term.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next(), scalars.next() == nil else {
            return false
        }
        return Script.isUnsegmented(first) && Script.isUnsegmented(second)
    }

    /// The terms of a typed query. Words before the last are complete words; the last one,
    /// still being typed, matches as a prefix (typing "dim su" finds "dim sum"). A run of CJK
    /// characters is its single character, or all of its bigrams (each must match).
    public static func queryTerms(_ query: String) -> [SearchTerm] {
        var terms: [SearchTerm] = []
        var word = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        func flushWord() {
            guard !word.isEmpty else { return }
            let folded = TextFolding.fold(String(word))
            if !folded.isEmpty { terms.append(SearchTerm(folded, isPrefix: true)) }
            word = String.UnicodeScalarView()
        }
        func flushRun() {
            guard !run.isEmpty else { return }
            if run.count == 1 {
                terms.append(SearchTerm(String(run[0]), isPrefix: false))
            } else {
                for i in 0..<(run.count - 1) {
                    var pair = String.UnicodeScalarView()
                    pair.append(run[i])
                    pair.append(run[i + 1])
                    let term = SearchTerm(String(pair), isPrefix: false)
                    if !terms.contains(term) { terms.append(term) }
                }
            }
            run.removeAll()
        }
        for scalar in query.unicodeScalars {
            if Script.isUnsegmented(scalar) {
                flushWord()
                run.append(SimplifiedChinese.fold(scalar))
            } else if Script.isWordCharacter(scalar) {
                flushRun()
                word.append(scalar)
            } else {
                flushWord()
                flushRun()
            }
        }
        flushWord()
        flushRun()
        if let lastWord = terms.lastIndex(where: \.isPrefix), lastWord != terms.count - 1 {
            // The query ends with CJK text: no word is being typed.
            terms[lastWord].isPrefix = false
        }
        for i in terms.indices.dropLast() { terms[i].isPrefix = false }
        return terms
    }
}
