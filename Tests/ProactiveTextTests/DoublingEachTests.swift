import Testing

@testable import ProactiveText

@Suite struct DoublingEachTests {
    private let quoteAndBackslash = [UInt8(ascii: "'"), UInt8(ascii: "\\")]

    @Test(arguments: [
        ("plain", "plain"), ("", ""), ("l'été", "l''été"), ("''", "''''"), (#"a\b"#, #"a\\b"#),
        (#"it's \ 東京'"#, #"it''s \\ 東京''"#), ("東京", "東京"),
    ])
    func doublesEachQuoteAndBackslash(input: String, expected: String) {
        #expect(input.doublingEach(of: quoteAndBackslash) == expected)
    }

    @Test func doublesOnlyTheCharactersAsked() {
        #expect(#"say "hi" it's"#.doublingEach(of: [UInt8(ascii: "\"")]) == #"say ""hi"" it's"#)
    }
}
