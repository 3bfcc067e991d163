import Foundation
import ProactiveRanking
import Testing

/// The ranking's explanations in the six languages.
@Suite struct ExplanationLanguageTests {
    @Test func triggeredAppsExplainThemselvesInTheLanguage() throws {
        var model = TriggerAppModel()
        for _ in 0..<4 { model.record(app: "com.example.podcasts", after: .headphonesConnected) }
        let expected: [ExplanationLanguage: String] = [
            .en: "you usually open Podcasts after connecting headphones — 4 of the last 4 times",
            .fr:
                "vous ouvrez généralement Podcasts après avoir branché des écouteurs — 4 des 4 dernières fois",
            .it: "di solito apri Podcasts dopo aver collegato le cuffie — 4 delle ultime 4 volte",
            .pt: "você geralmente abre Podcasts depois de conectar os fones — 4 das últimas 4 vezes",
            .de: "du öffnest Podcasts meistens nach dem Verbinden von Kopfhörern — 4 der letzten 4 Male",
            .zh: "你通常接上耳機後開啟 Podcasts — 最近 4 次中有 4 次",
        ]
        for (language, why) in expected {
            let suggestion = try #require(
                model.suggestions(
                    for: .headphonesConnected, appNames: ["com.example.podcasts": "Podcasts"],
                    language: language
                ).first)
            #expect(suggestion.why == why)
        }
    }

    @Test func localesNameTheirLanguage() {
        #expect(ExplanationLanguage(locale: "fr-FR") == .fr)
        #expect(ExplanationLanguage(locale: "zh-Hant-TW") == .zh)
        #expect(ExplanationLanguage(locale: "pt_BR") == .pt)
        #expect(ExplanationLanguage(locale: "ja-JP") == .en)
        #expect(ExplanationLanguage(locale: nil) == .en)
    }
}
