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

    /// Scores fields against terms (the terms as ``IndexText/queryTerms(_:)`` makes them:
    /// folded words, or CJK characters and bigrams).
    public static func match(_ terms: [SearchTerm], in fields: [Field]) -> Match {
        var matched = [[Int]](repeating: [], count: fields.count)
        var coverage = [Double](repeating: 0, count: fields.count)
        guard !terms.isEmpty else { return Match(score: 0, matchedTerms: matched, coverage: coverage) }
        let termBytes = terms.map { Array($0.text.utf8) }
        let isCJK = terms.map { $0.text.unicodeScalars.contains(where: Script.isUnsegmented) }
        var termScores = [Double](repeating: 0, count: terms.count)
        var best = [Double](repeating: 0, count: terms.count)
        for (f, field) in fields.enumerated() {
            guard let text = field.text, !text.isEmpty else { continue }
            let bytes = foldedBytes(text)
            for t in best.indices { best[t] = 0 }
            var wordCount = 0
            var coveredWords = 0
            var i = 0
            let n = bytes.count
            while i < n {
                while i < n && !isWordByte(bytes[i]) { i += 1 }
                let start = i
                while i < n && isWordByte(bytes[i]) { i += 1 }
                guard i > start else { continue }
                wordCount += 1
                let length = i - start
                var covered = false
                for t in termBytes.indices {
                    let term = termBytes[t]
                    guard term.count <= length, startsWith(bytes, at: start, term) else { continue }
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
            if wordCount > 0 { coverage[f] = Double(coveredWords) / Double(wordCount) }
            for t in termBytes.indices where isCJK[t] && contains(bytes, termBytes[t]) { best[t] = 1 }
            let norm = 1 / (1 + 0.1 * max(Double(wordCount) - 4, 0))
            for t in best.indices where best[t] > 0 {
                matched[f].append(t)
                termScores[t] += field.weight * best[t] * norm
            }
        }
        return Match(
            score: termScores.reduce(0, +) / Double(terms.count), matchedTerms: matched, coverage: coverage)
    }

    /// The folded UTF-8 of a text (ASCII lowercased without allocating a string).
    static func foldedBytes(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        }
        return Array(TextFolding.fold(text).utf8)
    }

    /// Letters, digits and every non-ASCII byte (folded text keeps only letters there).
    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    @inline(__always)
    static func startsWith(_ bytes: [UInt8], at start: Int, _ prefix: [UInt8]) -> Bool {
        for k in prefix.indices where bytes[start + k] != prefix[k] { return false }
        return true
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= bytes.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if startsWith(bytes, at: start, needle) { return true }
        }
        return false
    }
}
