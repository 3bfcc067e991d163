import Foundation

/// Phrases that announce a place in a message ("Meet me at", "Rendez-vous à", "Ci vediamo
/// da", "Me encontre no", "Treffen wir uns im", "我們在"…), read from the phrase table shipped in
/// the module's resources (`Resources/place-phrases.json`, one list per language).
public struct PlacePhrases: Sendable {
    /// The phrases, by language code, folded.
    public let phrases: [String: [String]]

    /// The phrase table shipped with the module.
    public static let shipped: PlacePhrases = {
        guard
            let url = Bundle.module.url(
                forResource: "place-phrases", withExtension: "json", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "place-phrases", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let table = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return PlacePhrases(phrases: [:]) }
        var phrases: [String: [String]] = [:]
        for (language, value) in table where !language.hasPrefix("_") {
            phrases[language] = (value as? [String] ?? []).map { TextFolding.fold($0) }
        }
        return PlacePhrases(phrases: phrases)
    }()

    /// Creates a table from phrases by language.
    public init(phrases: [String: [String]]) {
        self.phrases = phrases.mapValues { $0.map { TextFolding.fold($0) } }
    }

    /// Where the text announces a place: the language of the phrase, and what was typed after
    /// it (the start of the place's name, possibly empty). `nil` when no phrase ends the text.
    public func placeMention(in text: String) -> (language: String, typed: String)? {
        // A phrase that announces a place ends the text, followed at most by the start of a
        // name: only the tail needs reading, whatever the message's length.
        let folded = TextFolding.fold(text.suffix(100))
        var best: (language: String, typed: String, end: Int)?
        for (language, list) in phrases {
            for phrase in list {
                var search = folded.startIndex..<folded.endIndex
                while let range = folded.range(of: phrase, range: search) {
                    search = range.upperBound..<folded.endIndex
                    // The phrase starts a word (or the text), and what follows is short: a name being typed.
                    if range.lowerBound != folded.startIndex {
                        let before = folded[folded.index(before: range.lowerBound)]
                        if before.isLetter && !phrase.unicodeScalars.contains(where: Script.isUnsegmented) {
                            continue
                        }
                    }
                    let rest = folded[range.upperBound...].trimmingCharacters(in: .whitespaces)
                    let isCJK = phrase.unicodeScalars.contains(where: Script.isUnsegmented)
                    // A Latin phrase must end at a word boundary.
                    if !isCJK, let next = folded[range.upperBound...].first, next.isLetter { continue }
                    guard rest.count <= 40, !rest.contains(where: { ".!?。！？\n".contains($0) }) else {
                        continue
                    }
                    let end = folded.distance(from: folded.startIndex, to: range.upperBound)
                    if best == nil || end > best!.end || (end == best!.end && rest.count < best!.typed.count)
                    {
                        best = (language, rest, end)
                    }
                }
            }
        }
        return best.map { ($0.language, $0.typed) }
    }
}
