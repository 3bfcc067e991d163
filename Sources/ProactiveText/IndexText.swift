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
        return text.withUTF8 { bytes in
            if isASCII(bytes) { return nil }
            // No scalar of n bytes gives more than 5n (a CJK character: its unigram, its
            // bigrams' share and their spaces), the space before a run included.
            return String(unsafeUninitializedCapacity: 5 * bytes.count + 1) { out in
                indexForm(utf8: bytes, into: out.baseAddress!, capacity: out.count)
            }
        } ?? text
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

    /// Writes ``indexForm(_:)`` of valid UTF-8 (a string's) at `out`, which has room for
    /// `capacity` bytes, and returns how many it wrote. Read byte by byte: ASCII and the
    /// scalars kept as they are copied, the others decoded; a CJK run's unigrams and bigrams
    /// are written as its characters come (" a ab b bc c " for "abc"). What
    /// ``indexFormByScalar(_:)`` gives.
    private static func indexForm(
        utf8 bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, capacity: Int
    ) -> Int {
        var w = 0
        @inline(__always) func write(_ value: UInt32) {
            if value < 0x80 {
                out[w] = UInt8(truncatingIfNeeded: value)
                w += 1
            } else if value < 0x800 {
                out[w] = 0xC0 | UInt8(truncatingIfNeeded: value >> 6)
                out[w + 1] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                w += 2
            } else if value < 0x1_0000 {
                out[w] = 0xE0 | UInt8(truncatingIfNeeded: value >> 12)
                out[w + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
                out[w + 2] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                w += 3
            } else {
                out[w] = 0xF0 | UInt8(truncatingIfNeeded: value >> 18)
                out[w + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 12) & 0x3F)
                out[w + 2] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
                out[w + 3] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                w += 4
            }
        }
        // The previous character of the CJK run being read, if any.
        var previous: UInt32?
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                previous = nil
                out[w] = lead
                w += 1
                i += 1
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = UInt32(lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07))
            for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
            let scalar = Unicode.Scalar(value).unsafelyUnwrapped
            if Script.isUnsegmented(scalar) {
                let folded = SimplifiedChinese.fold(scalar).value
                // Never past the room given, whatever a future table maps a character to.
                let size = UTF8.width(Unicode.Scalar(folded).unsafelyUnwrapped)
                let needed =
                    previous.map { UTF8.width(Unicode.Scalar($0).unsafelyUnwrapped) + 2 * size + 2 } ?? size
                    + 2
                precondition(w + needed <= capacity, "the index form outgrew its buffer")
                if let previous {
                    write(previous)
                    write(folded)
                } else {
                    out[w] = 0x20
                    w += 1
                    write(folded)
                }
                out[w] = 0x20
                w += 1
                if previous != nil {
                    write(folded)
                    out[w] = 0x20
                    w += 1
                }
                previous = folded
            } else {
                previous = nil
                if let special = TextFolding.specialLetterUTF8(value) {
                    for byte in special {
                        out[w] = byte
                        w += 1
                    }
                } else if Script.isNonspacingMark(scalar) {
                    // left out, as folding drops them from query words
                } else if value >= 0xFF01 && value <= 0xFF5E {
                    out[w] = UInt8(truncatingIfNeeded: value - 0xFEE0)
                    w += 1
                } else {
                    for k in 0..<length { out[w + k] = bytes[i + k] }
                    w += length
                }
            }
            i += length
        }
        return w
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
