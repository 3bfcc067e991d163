import ProactiveText
import Testing

@Suite struct TextTests {
    @Test(arguments: [
        ("Café Straße", "cafe strasse"), ("  ÉCOLE   œuvre ", "ecole oeuvre"), ("São Paulo", "sao paulo"),
        ("Ｔｏｋｙｏ", "tokyo"), ("Città", "citta"), ("紅燒牛肉麵", "紅燒牛肉麵"), ("MÜNCHEN", "munchen"),
    ])
    func folds(input: String, expected: String) {
        #expect(TextFolding.fold(input) == expected)
    }

    @Test func indexFormSplitsCJKIntoUnigramsAndBigrams() {
        #expect(IndexText.indexForm("牛肉麵") == " 牛 牛肉 肉 肉面 面 ")
        #expect(IndexText.indexForm("Große 餐廳!") == "Grosse  餐 餐厅 厅 !")
        #expect(IndexText.indexForm("plain ascii") == "plain ascii")
    }

    @Test func queryTerms() {
        #expect(
            IndexText.queryTerms("Café  de") == [
                SearchTerm("cafe", isPrefix: false), SearchTerm("de", isPrefix: true),
            ])
        #expect(
            IndexText.queryTerms("牛肉麵") == [
                SearchTerm("牛肉", isPrefix: false), SearchTerm("肉面", isPrefix: false),
            ])
        #expect(IndexText.queryTerms("餐") == [SearchTerm("餐", isPrefix: false)])
        #expect(
            IndexText.queryTerms("l'hôtel \"x\" OR")
                == ["l", "hotel", "x"].map { SearchTerm($0, isPrefix: false) } + [
                    SearchTerm("or", isPrefix: true)
                ])
        #expect(IndexText.queryTerms(" \t*** ").isEmpty)
        // A pair of CJK characters is matched as the pair alone: an indexed pair brings its
        // characters with it.
        #expect(IndexText.isUnsegmentedPair("牛肉") && IndexText.isUnsegmentedPair("ラー"))
        #expect(!IndexText.isUnsegmentedPair("餐") && !IndexText.isUnsegmentedPair("牛肉麵"))
        #expect(!IndexText.isUnsegmentedPair("ab") && !IndexText.isUnsegmentedPair("牛a"))
        for pair in ["牛肉", "东京", "ラー"] {
            let words = IndexText.indexForm(pair).split(separator: " ").map(String.init)
            #expect(Set(words) == Set([pair] + pair.unicodeScalars.map { String($0) }))
        }
        // Only the word being typed (the last one) is a prefix; a query ending in CJK has none.
        #expect(
            IndexText.queryTerms("dim 餐") == [
                SearchTerm("dim", isPrefix: false), SearchTerm("餐", isPrefix: false),
            ])
    }

    @Test func words() {
        #expect(
            TextFolding.words("Ci vediamo a Roma, alle 8!") == ["ci", "vediamo", "a", "roma", "alle", "8"])
    }

    /// The table of the Basic Multilingual Plane answers what the Unicode data says, for every
    /// scalar (and the rule above it agrees).
    @Test func wordCharactersAreLettersNumbersAndMarks() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected: Bool
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                expected = true
            default:
                expected = false
            }
            if Script.isWordCharacter(scalar) != expected { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
        #expect(
            Script.isWordCharacter("é") && Script.isWordCharacter("東") && Script.isWordCharacter("\u{301}"))
        #expect(!Script.isWordCharacter("’") && !Script.isWordCharacter("　") && !Script.isWordCharacter("🍣"))
    }

    /// The index form of random text is what the rules written plainly give.
    @Test func indexFormOfRandomText() {
        func reference(_ text: String) -> String {
            var out = ""
            var run: [Unicode.Scalar] = []
            func flush() {
                guard !run.isEmpty else { return }
                out += " "
                for i in run.indices {
                    out += String(run[i]) + " "
                    if i + 1 < run.count { out += String(run[i]) + String(run[i + 1]) + " " }
                }
                run = []
            }
            for scalar in text.unicodeScalars {
                if Script.isUnsegmented(scalar) {
                    run.append(SimplifiedChinese.fold(scalar))
                    continue
                }
                flush()
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else if let special = ["ß": "ss", "œ": "oe", "Æ": "ae", "ø": "o", "Ł": "l"][
                    Character(scalar)]
                {
                    out += special
                } else if scalar.properties.generalCategory == .nonspacingMark {
                    continue
                } else if (0xFF01...0xFF5E).contains(scalar.value) {
                    out.unicodeScalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            flush()
            return out
        }
        let alphabet = Array("aé ßœÆøŁ東京タワー한국 \u{301}\u{64E}Ｔ１！🍣’-.\n")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = String(
                (0..<Int.random(in: 0..<30, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
            #expect(IndexText.indexForm(text) == reference(text), "\(text.debugDescription)")
        }
    }
}
