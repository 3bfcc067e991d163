import Foundation
import ProactiveText
import Testing

/// What the assistant is asked, from its phrase table: phrases count as whole words. Before,
/// they counted anywhere: "I recall this place" asked to call it, and "à" (folded to "a") was in
/// every word with an "a".
@Suite struct AssistantPhrasesTests {
    static let understood: [(String, String)] = [
        ("call this place", "call"), ("Appelle ce lieu", "call"), ("chiama questo posto", "call"),
        ("Ligue para este lugar", "call"), ("Ruf diesen Ort an", "call"), ("打電話給這個地方", "call"),
        ("get directions", "directions"), ("Wie komme ich dahin?", "directions"), ("怎麼去", "directions"),
        ("remind me about this", "remind"), ("Ricordamelo domani", "remind"), ("提醒我这件事", "remind"),
    ]

    @Test(arguments: understood)
    func aPhraseIsUnderstood(_ utterance: String, intent: String) {
        #expect(AssistantPhrases.shipped.intent(of: utterance)?.intent == intent, "\(utterance)")
    }

    /// A phrase inside a longer word says nothing.
    @Test(arguments: ["I recall this place", "desligar o alarme", "reroute the cables", "callback later"])
    func aPhraseInsideAWordIsNotSaid(_ utterance: String) {
        #expect(AssistantPhrases.shipped.intent(of: utterance) == nil, "\(utterance)")
    }

    @Test func wholeWords() {
        #expect(AssistantPhrases.contains("call me", "call"))
        #expect(AssistantPhrases.contains("please call.", "call"))
        #expect(!AssistantPhrases.contains("recall", "call"))
        #expect(!AssistantPhrases.contains("about this", "a"))
        #expect(AssistantPhrases.contains("ca a la maison", "a la maison"))
        #expect(AssistantPhrases.contains("明天到家的时候提醒我", "到家的时候"))
    }
}
