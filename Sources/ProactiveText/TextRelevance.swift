/// How well a text's fields match search terms, without index statistics: each term's best
/// match in each field (a whole word 1, a word it starts ½ to 1 by how much of the word it
/// covers, a Chinese/Japanese/Korean substring 1), weighted by field and by the field's
/// brevity, summed over fields and averaged over terms.
public struct TextRelevance: Sendable {
    /// A field of text and its weight.
    public struct Field: Sendable {
        /// The field's weight.
        public var weight: Double
        /// The field's text.
        public var text: String?

        /// Creates a field.
        public init(weight: Double, text: String?) {
            self.weight = weight
            self.text = text
        }
    }

    /// The combined score (0 when a term matches nowhere) and, per field, which terms matched.
    public struct Match: Sendable, Hashable {
        /// The score.
        public var score: Double
        /// Per field (in the order given): the indices of the terms that matched there.
        public var matchedTerms: [[Int]]
        /// Per field: the share of its words that a term matches (1 when the field is
        /// exactly the query's words; 0 for an empty field).
        public var coverage: [Double] = []
    }

    /// The terms, as given.
    public let terms: [SearchTerm]
    /// Each term's UTF-8.
    private let termBytes: [[UInt8]]
    /// Whether each term is Chinese, Japanese or Korean text (matched as a substring).
    private let isCJK: [Bool]

    /// Prepares terms (as ``IndexText/queryTerms(_:)`` makes them: folded words, or CJK
    /// characters and bigrams) for matching many texts.
    public init(terms: [SearchTerm]) {
        self.terms = terms
        termBytes = terms.map { Array($0.text.utf8) }
        isCJK = terms.map { $0.text.unicodeScalars.contains(where: Script.isUnsegmented) }
    }

    /// Scores fields against terms (the terms as ``IndexText/queryTerms(_:)`` makes them:
    /// folded words, or CJK characters and bigrams).
    public static func match(_ terms: [SearchTerm], in fields: [Field]) -> Match {
        TextRelevance(terms: terms).match(fields)
    }

    /// How one field alone matches the terms.
    public struct FieldMatch: Sendable, Hashable {
        /// The field's part of the score (its weighted matches averaged over the terms).
        public var score: Double
        /// How many terms matched in the field.
        public var matchedCount: Int
        /// The share of the field's words that a term matches.
        public var coverage: Double
    }

    /// Scores fields against the terms.
    public func match(_ fields: [Field]) -> Match {
        var matched = [[Int]](repeating: [], count: fields.count)
        var coverage = [Double](repeating: 0, count: fields.count)
        guard !terms.isEmpty else { return Match(score: 0, matchedTerms: matched, coverage: coverage) }
        var termScores = [Double](repeating: 0, count: terms.count)
        var best = [Double](repeating: 0, count: terms.count)
        var bytes: [UInt8] = []
        for (f, field) in fields.enumerated() {
            guard let text = field.text, !text.isEmpty else { continue }
            let (norm, fieldCoverage) = scan(text, into: &bytes, best: &best)
            coverage[f] = fieldCoverage
            for t in best.indices where best[t] > 0 {
                matched[f].append(t)
                termScores[t] += field.weight * best[t] * norm
            }
        }
        return Match(
            score: termScores.reduce(0, +) / Double(terms.count), matchedTerms: matched, coverage: coverage)
    }

    /// How one field matches the terms: the same as ``match(_:)`` of that field alone, without
    /// the per-term detail. `buffer` and `best` are scratch space kept between calls.
    public func matchField(
        _ text: String?, weight: Double, buffer: inout [UInt8], best: inout [Double]
    ) -> FieldMatch {
        guard !terms.isEmpty, let text, !text.isEmpty else {
            return FieldMatch(score: 0, matchedCount: 0, coverage: 0)
        }
        if best.count != terms.count { best = [Double](repeating: 0, count: terms.count) }
        let (norm, coverage) = scan(text, into: &buffer, best: &best)
        var sum = 0.0
        var count = 0
        for t in best.indices where best[t] > 0 {
            count += 1
            sum += weight * best[t] * norm
        }
        return FieldMatch(score: sum / Double(terms.count), matchedCount: count, coverage: coverage)
    }

    /// Finds each term's best match in a text (`best`, reset first) and returns the field's
    /// brevity factor and the share of its words a term covers.
    private func scan(_ text: String, into bytes: inout [UInt8], best: inout [Double]) -> (
        norm: Double, coverage: Double
    ) {
        let n = Self.fold(text, intoPrefixOf: &bytes)
        for t in best.indices { best[t] = 0 }
        var wordCount = 0
        var coveredWords = 0
        bytes.withUnsafeBufferPointer { bytes in
            var i = 0
            while i < n {
                while i < n && !Self.isWordByte(bytes[i]) { i += 1 }
                let start = i
                while i < n && Self.isWordByte(bytes[i]) { i += 1 }
                guard i > start else { continue }
                wordCount += 1
                let length = i - start
                var covered = false
                for t in termBytes.indices {
                    let term = termBytes[t]
                    guard term.count <= length, Self.startsWith(bytes, at: start, term) else { continue }
                    if isCJK[t] {
                        // A Chinese/Japanese/Korean term covers a run of such text it spells out.
                        covered = covered || term.count == length
                    } else if term.count == length {
                        best[t] = 1
                        covered = true
                    } else if terms[t].isPrefix {
                        best[t] = max(best[t], 0.5 + 0.5 * Double(term.count) / Double(length))
                        covered = true
                    }
                }
                if covered { coveredWords += 1 }
            }
            for t in termBytes.indices
            where isCJK[t] && Self.contains(UnsafeBufferPointer(rebasing: bytes[..<n]), termBytes[t]) {
                best[t] = 1
            }
        }
        return (Self.brevity(words: wordCount), wordCount > 0 ? Double(coveredWords) / Double(wordCount) : 0)
    }

    /// A field's brevity factor, by its number of words: 1 up to four, then less with each
    /// word. A field of `words` words adds at most `weight × brevity(words:)` to a score.
    public static func brevity(words: Int) -> Double {
        1 / (1 + 0.1 * max(Double(words) - 4, 0))
    }

    /// How many words matching counts in a text (runs of letters and digits of its folded
    /// form), for bounding a field's part of a score without its text (``brevity(words:)``).
    public static func wordCount(_ text: String?) -> Int {
        guard let text, !text.isEmpty else { return 0 }
        var bytes: [UInt8] = []
        fold(text, into: &bytes)
        return bytes.withUnsafeBufferPointer { wordCount(foldedUTF8: $0) }
    }

    /// ``wordCount(_:)`` of a text already folded (the UTF-8 that
    /// ``TextFolding/appendFolded(_:to:)`` gives), for a caller that folds it anyway.
    public static func wordCount(foldedUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var inWord = false
        for b in bytes {
            let isWord = isWordByte(b)
            if isWord && !inWord { count += 1 }
            inWord = isWord
        }
        return count
    }

    /// Replaces `bytes` with the folded UTF-8 of a text (``TextFolding/appendFolded(_:to:)``;
    /// whitespace collapsed, which changes no word).
    static func fold(_ text: String, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        TextFolding.appendFolded(text, to: &bytes)
    }

    /// Writes the folded UTF-8 of a text at the start of `bytes` (grown when too short, never
    /// shrunk, so that one buffer serves every candidate without appending) and returns its
    /// length: the words ``fold(_:into:)`` leaves, whitespace not collapsed
    /// (``TextFolding/foldKeepingWhitespace(validUTF8:into:)``).
    static func fold(_ text: String, intoPrefixOf bytes: inout [UInt8]) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            let needed = TextFolding.foldedCapacity(utf8.count)
            if bytes.count < needed { bytes = [UInt8](repeating: 0, count: max(needed, 2 * bytes.count)) }
            return bytes.withUnsafeMutableBufferPointer {
                TextFolding.foldKeepingWhitespace(validUTF8: utf8, into: $0.baseAddress!)
            }
        }
    }

    /// Letters, digits and every non-ASCII byte (folded text keeps only letters there).
    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    @inline(__always)
    static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ prefix: [UInt8]) -> Bool {
        for k in prefix.indices where bytes[start + k] != prefix[k] { return false }
        return true
    }

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= bytes.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if startsWith(bytes, at: start, needle) { return true }
        }
        return false
    }
}
