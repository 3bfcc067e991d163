import ProactiveText
import Testing

/// Whether a text has a word starting with a prefix: the same answer as splitting it into its
/// folded words (which are the index's words: `LexemesMatchFTS5Tests`).
@Suite struct WordPrefixTests {
    static let samples = [
        "Café", "Straße", "ÉCOLE", "d’été", "l'hôtel", "naïve", "Ærø", "œuvre", "São", "João", "Zürich",
        "Größe", "città", "ação", "Über", "東京タワー", "北京烤鸭", "ラーメン", "한국어", "2026", "3.5",
        "a_b-c.d", "e\u{301}cole", "Ｆｕｌｌ", "Αθήνα", "Москва", "—", "«quoted»", "🍣sushi", "e-mail",
        "x@y.z", "#tag", "naïveté", "NSUserActivity", "activities", "reactivity", "ﬁne", "İstanbul",
    ]

    @Test func aWordStartingWithAPrefixIsFoundAsTheFoldedWordsFindIt() {
        var rng = SystemRandomNumberGenerator()
        var buffer: [UInt8] = []
        var found = 0
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                Self.samples.randomElement(using: &rng)!
            }.joined(separator: ["", " ", ", ", "-"].randomElement(using: &rng)!)
            let words = TextFolding.words(text)
            // A prefix of one of the text's words or of another sample's.
            let source =
                Bool.random(using: &rng) ? words : TextFolding.words(Self.samples.randomElement(using: &rng)!)
            guard let word = source.randomElement(using: &rng) else { continue }
            let prefix = Array(String(word.unicodeScalars.prefix(Int.random(in: 1...8, using: &rng))).utf8)
            let expected = words.contains { Array($0.utf8).starts(with: prefix) }
            #expect(
                TextFolding.hasWord(startingWith: prefix, in: text, buffer: &buffer) == expected,
                "\(text) \(String(decoding: prefix, as: UTF8.self))")
            if expected { found += 1 }
        }
        #expect(found > 500)
        #expect(!TextFolding.hasWord(startingWith: Array("activ".utf8), in: "reactivity", buffer: &buffer))
        #expect(TextFolding.hasWord(startingWith: Array("activ".utf8), in: "NS-Activity", buffer: &buffer))
        #expect(TextFolding.hasWord(startingWith: Array("ecol".utf8), in: "l'École", buffer: &buffer))
    }
}
