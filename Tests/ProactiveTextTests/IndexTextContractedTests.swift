import Foundation
import Testing

@testable import ProactiveText

/// The stored form of index-form text: runs written once, spelled out again exactly.
@Suite struct IndexTextContractedTests {
    static func roundTrip(_ text: String) -> String? {
        guard let contracted = IndexText.contracted(text) else { return nil }
        return contracted.withUnsafeBytes { IndexText.expanded($0) }
    }

    @Test func aRunIsWrittenOnceAndSpelledOutAgain() throws {
        let text = IndexText.indexForm("Der 紅燒牛肉 und 東京タワー, 서울특별시 e 长颈鹿")
        let contracted = try #require(IndexText.contracted(text))
        #expect(contracted.count * 2 < text.utf8.count, "\(contracted.count) of \(text.utf8.count) bytes")
        #expect(Self.roundTrip(text) == text)
        #expect(
            IndexText.contracted(IndexText.indexForm("紅燒"))
                == [0x01, 2] + Array("红烧".utf8))
    }

    @Test func textWithoutARunOfTwoIsLeftAsItIs() {
        for text in ["", "plain words", "café crème", IndexText.indexForm("一 and 二"), "a \u{1} b 紅 紅燒 燒 "] {
            #expect(IndexText.contracted(text) == nil, "\(text)")
        }
    }

    /// Whatever the text, spelled-out runs or look-alikes, expanding gives it back.
    @Test func everyTextComesBackTheSame() {
        var random = SystemRandomNumberGenerator()
        let pieces = [
            "紅", "燒", "牛", "a", " ", "  ", "é", "ß", "東京", "タ", "서울", "🙂", "ab", "紅 紅燒 燒 ", " 紅 紅燒 燒",
            " 紅 紅燒 燒 燒牛 牛 ", " 紅 紅 ", " 紅 紅燒 紅 ",
        ]
        for _ in 0..<3000 {
            let raw = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }
            .joined()
            for text in [raw, IndexText.indexForm(raw)] {
                if let contracted = IndexText.contracted(text) {
                    #expect(contracted.count < text.utf8.count, "\(text)")
                    #expect(Self.roundTrip(text) == text, "\(text)")
                }
            }
        }
    }

    @Test func aRunCutShortIsNotText() {
        let contracted = IndexText.contracted(IndexText.indexForm("紅燒牛肉"))!
        for length in 1..<contracted.count {
            let cut = Array(contracted.prefix(length))
            let expanded = cut.withUnsafeBytes { IndexText.expanded($0) }
            #expect(expanded == nil, "\(length) bytes")
        }
    }
}
