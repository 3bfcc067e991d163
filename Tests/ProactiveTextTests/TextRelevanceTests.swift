import Testing

@testable import ProactiveText

/// The prepared matcher (terms prepared once, text folded into a reused buffer, Latin letters
/// folded by table) against the rules read plainly: each field folded with `TextFolding.fold`,
/// each word compared with each term.
@Suite struct TextRelevanceTests {
    /// The rules of `TextRelevance`, written the straightforward way.
    static func reference(_ terms: [SearchTerm], in fields: [TextRelevance.Field]) -> TextRelevance.Match {
        var matched = [[Int]](repeating: [], count: fields.count)
        var coverage = [Double](repeating: 0, count: fields.count)
        guard !terms.isEmpty else { return .init(score: 0, matchedTerms: matched, coverage: coverage) }
        let isCJK = terms.map { $0.text.unicodeScalars.contains(where: Script.isUnsegmented) }
        var termScores = [Double](repeating: 0, count: terms.count)
        for (f, field) in fields.enumerated() {
            guard let text = field.text, !text.isEmpty else { continue }
            let folded = TextFolding.fold(text)
            let isWordByte = { (b: UInt8) in b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A)
            }
            let words = Array(folded.utf8).split { !isWordByte($0) }.map { Array($0) }
            var best = [Double](repeating: 0, count: terms.count)
            var covered = 0
            for word in words {
                var wordCovered = false
                for (t, term) in terms.enumerated() {
                    let bytes = Array(term.text.utf8)
                    guard word.starts(with: bytes) else { continue }
                    if isCJK[t] {
                        wordCovered = wordCovered || bytes.count == word.count
                    } else if bytes.count == word.count {
                        best[t] = 1
                        wordCovered = true
                    } else if term.isPrefix {
                        best[t] = max(best[t], 0.5 + 0.5 * Double(bytes.count) / Double(word.count))
                        wordCovered = true
                    }
                }
                if wordCovered { covered += 1 }
            }
            if !words.isEmpty { coverage[f] = Double(covered) / Double(words.count) }
            for (t, term) in terms.enumerated() where isCJK[t] && folded.utf8.count >= term.text.utf8.count {
                let hay = Array(folded.utf8)
                let needle = Array(term.text.utf8)
                if (0...(hay.count - needle.count)).contains(where: {
                    hay[$0..<($0 + needle.count)].elementsEqual(needle)
                }) {
                    best[t] = 1
                }
            }
            let norm = 1 / (1 + 0.1 * max(Double(words.count) - 4, 0))
            for t in best.indices where best[t] > 0 {
                matched[f].append(t)
                termScores[t] += field.weight * best[t] * norm
            }
        }
        return .init(
            score: termScores.reduce(0, +) / Double(terms.count), matchedTerms: matched, coverage: coverage)
    }

    /// Words in the six languages, with accents, ß, œ, capitals, full-width letters, combining
    /// marks and Chinese.
    static let words = [
        "Café", "CAFÉ", "cafe", "Straße", "strasse", "œuvre", "École", "São", "Paulo", "città", "Città",
        "München", "MÜNCHEN", "Ｔｏｋｙｏ", "tokyo", "de", "des", "delta", "di", "dim", "sum", "zebra",
        "Zebra", "crossing", "e\u{301}cole", "naïve", "Ærø", "Łódź", "程式", "用程式", "紅燒牛肉麵", "資料",
        "the", "THE", "rua", "Bahnhofstraße", "perché", "ação", "-", ",", "!", "  ", "42", "Þór",
    ]

    @Test func foldingForMatchingFindsTheWordsOfFolding() {
        let pieces =
            Self.words + [
                "\u{A0}", "\u{2003}", "’", "«", "»", "—", "Αθήνα", "ΣΟΦΙΑ", "Москва", "İstanbul", "ǅ", "🍣",
                "①", "ﬁ",
                "Ǆemal", "\u{300}", "a\u{308}", "\u{3000}", "東京タワー", "한국어", "ẞ",
                // Long ASCII runs (lowercased eight bytes at a time), with controls and DEL.
                "NSUserActivity", "ABCDEFGHIJ KLMNOPQRS", "a\u{0}B\u{7F}C\u{1F}D\u{1}EFGH", "@[`{Z",
            ]
        var rng = SystemRandomNumberGenerator()
        func words(_ bytes: [UInt8]) -> [[UInt8]] {
            bytes.split { !TextRelevance.isWordByte($0) }.map(Array.init)
        }
        var buffer: [UInt8] = []
        var prefixBuffer: [UInt8] = []
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)!
            }
            .joined(separator: ["", " ", ", ", "\t"].randomElement(using: &rng)!)
            TextRelevance.fold(text, into: &buffer)
            let expected = words(Array(TextFolding.fold(text).utf8))
            #expect(words(buffer) == expected, "\(text)")
            // What matching scans: written over what the buffer held, whitespace kept.
            let count = TextRelevance.fold(text, intoPrefixOf: &prefixBuffer)
            #expect(words(Array(prefixBuffer[..<count])) == expected, "\(text)")
        }
    }

    @Test func preparedMatcherScoresAsTheRulesSay() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            func text(_ n: Int) -> String {
                (0..<Int.random(in: 0...n, using: &rng)).map { _ in Self.words.randomElement(using: &rng)! }
                    .joined(separator: Bool.random(using: &rng) ? " " : ", ")
            }
            let query = text(3)
            let terms = IndexText.queryTerms(query)
            let fields: [TextRelevance.Field] = [
                .init(weight: 10, text: IndexText.indexForm(text(6))),
                .init(weight: 5, text: Bool.random(using: &rng) ? nil : text(4)),
                .init(weight: 3, text: text(5)), .init(weight: 1, text: IndexText.indexForm(text(30))),
            ]
            let expected = Self.reference(terms, in: fields)
            let matcher = TextRelevance(terms: terms)
            let match = matcher.match(fields)
            #expect(match == expected, "query \(query), fields \(fields.map(\.text))")
            var buffer: [UInt8] = []
            var best: [Double] = []
            for (f, field) in fields.enumerated() {
                let one = matcher.matchField(field.text, weight: field.weight, buffer: &buffer, best: &best)
                let alone = Self.reference(terms, in: [field])
                #expect(abs(one.score - alone.score) < 1e-12)
                #expect(one.matchedCount == alone.matchedTerms[0].count)
                #expect(one.coverage == alone.coverage[0])
                #expect(one.matchedCount == match.matchedTerms[f].count)
            }
        }
    }

    @Test func foldingByTableFoldsEveryLatinLetterAsItsDecomposition() {
        for range in [0x00C0...0x024F, 0x1E00...0x1EFF] {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let expected: String
                if let folded = TextFolding.latinBases[scalar] {
                    expected = folded
                } else if scalar.properties.isWhitespace {
                    expected = ""
                } else if scalar.properties.generalCategory == .nonspacingMark {
                    expected = ""
                } else if scalar.properties.changesWhenLowercased {
                    expected = scalar.properties.lowercaseMapping
                } else {
                    expected = String(scalar)
                }
                #expect(TextFolding.fold(String(scalar)) == expected, "U+\(String(value, radix: 16))")
            }
        }
        #expect(TextFolding.fold("ŒUVRE  Ḃ Ǻ") == "oeuvre b a")
    }
}
