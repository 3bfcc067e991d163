import Foundation

/// What a request to the assistant asks for, read from the phrase table shipped in the
/// module's resources (`Resources/assistant-phrases.json`: per intent, per language).
public struct AssistantPhrases: Sendable {
    /// Folded phrases by intent, then by language.
    public let phrases: [String: [String: [String]]]

    /// The phrase table shipped with the module (intents: call, directions, remind).
    public static let shipped = load("assistant-phrases")

    /// Where reminders are due, shipped with the module (`arrival:home`, `arrival:work`,
    /// `departure`).
    public static let reminderTriggers = load("reminder-phrases")

    /// A table from a JSON resource of the module (per intent, per language).
    static func load(_ name: String) -> AssistantPhrases {
        guard
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: name, withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let table = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return AssistantPhrases(phrases: [:]) }
        var phrases: [String: [String: [String]]] = [:]
        for (intent, value) in table where !intent.hasPrefix("_") {
            phrases[intent] = (value as? [String: [String]] ?? [:]).mapValues {
                $0.map { TextFolding.fold($0) }
            }
        }
        return AssistantPhrases(phrases: phrases)
    }

    /// Creates a table.
    public init(phrases: [String: [String: [String]]]) { self.phrases = phrases }

    /// The intent an utterance expresses and the language of the phrase that says so (the
    /// longest phrase found wins), or `nil`.
    public func intent(of utterance: String) -> (intent: String, language: String)? {
        let folded = TextFolding.fold(utterance)
        var best: (intent: String, language: String, length: Int)?
        for (intent, languages) in phrases {
            for (language, list) in languages {
                for phrase in list where phrase.count > (best?.length ?? 0) && folded.contains(phrase) {
                    best = (intent, language, phrase.count)
                }
            }
        }
        return best.map { ($0.intent, $0.language) }
    }
}
