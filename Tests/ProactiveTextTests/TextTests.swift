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
        #expect(IndexText.indexForm("牛肉麵") == " 牛 牛肉 肉 肉麵 麵 ")
        #expect(IndexText.indexForm("Große 餐廳!") == "Grosse  餐 餐廳 廳 !")
        #expect(IndexText.indexForm("plain ascii") == "plain ascii")
    }

    @Test func queryTerms() {
        #expect(
            IndexText.queryTerms("Café  de") == [
                SearchTerm("cafe", isPrefix: false), SearchTerm("de", isPrefix: true),
            ])
        #expect(
            IndexText.queryTerms("牛肉麵") == [
                SearchTerm("牛肉", isPrefix: false), SearchTerm("肉麵", isPrefix: false),
            ])
        #expect(IndexText.queryTerms("餐") == [SearchTerm("餐", isPrefix: false)])
        #expect(
            IndexText.queryTerms("l'hôtel \"x\" OR")
                == ["l", "hotel", "x"].map { SearchTerm($0, isPrefix: false) } + [
                    SearchTerm("or", isPrefix: true)
                ])
        #expect(IndexText.queryTerms(" \t*** ").isEmpty)
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
}
