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
    /// longest phrase found as whole words wins), or `nil`.
    public func intent(of utterance: String) -> (intent: String, language: String)? {
        let folded = TextFolding.fold(utterance)
        var best: (intent: String, language: String, length: Int)?
        for (intent, languages) in phrases {
            for (language, list) in languages {
                for phrase in list where phrase.count > (best?.length ?? 0) && Self.contains(folded, phrase) {
                    best = (intent, language, phrase.count)
                }
            }
        }
        return best.map { ($0.intent, $0.language) }
    }

    /// Whether folded `text` holds folded `phrase` as whole words (a phrase of unsegmented
    /// script anywhere): "call" is not in "recall", and "à la maison", folded to "a la maison",
    /// does not start at the "a" of "about".
    public static func contains(_ text: String, _ phrase: String) -> Bool {
        var start = text.startIndex
        while start < text.endIndex, let found = text.range(of: phrase, range: start..<text.endIndex) {
            let before =
                found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if isBoundary(before, phrase.first), isBoundary(after, phrase.last) { return true }
            start = text.index(after: found.lowerBound)
        }
        return false
    }

    /// Whether `neighbour` (nil: the text's edge) ends a phrase whose character next to it is
    /// `edge`: any character next to an unsegmented one, else one that is not a letter or digit.
    private static func isBoundary(_ neighbour: Character?, _ edge: Character?) -> Bool {
        guard let neighbour, let edge, let scalar = edge.unicodeScalars.first, !Script.isUnsegmented(scalar)
        else { return true }
        return !(neighbour.isLetter || neighbour.isNumber)
    }
}
