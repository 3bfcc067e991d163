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
        prepared = self.phrases.map { language, list in
            (
                language,
                list.map { phrase in
                    (Array(phrase.utf8), phrase.unicodeScalars.contains(where: Script.isUnsegmented))
                }
            )
        }
    }

    /// The phrases as UTF-8, each with whether it is of unsegmented script, by language.
    private let prepared: [(language: String, phrases: [(bytes: [UInt8], isCJK: Bool)])]

    /// Where the text announces a place: the language of the phrase, and what was typed after
    /// it (the start of the place's name, possibly empty). `nil` when no phrase ends the text.
    public func placeMention(in text: String) -> (language: String, typed: String)? {
        // A phrase that announces a place ends the text, followed at most by the start of a
        // name: only the tail needs reading, whatever the message's length. Read as UTF-8
        // bytes: Foundation's `range(of:)` and `trimmingCharacters(in:)` were most of a QuickType
        // suggestion's time.
        var folded: [UInt8] = []
        TextFolding.appendFolded(text.suffix(100), to: &folded)
        var best: (language: String, typed: String, end: Int)?
        for (language, list) in prepared {
            for (phrase, isCJK) in list where !phrase.isEmpty {
                var from = 0
                while let start = Self.firstIndex(of: phrase, in: folded, from: from) {
                    let end = start + phrase.count
                    from = end
                    // The phrase starts a word (or the text), and what follows is short: a name being typed.
                    if !isCJK, start > 0, Self.scalar(endingAt: start, in: folded)?.isLetter == true {
                        continue
                    }
                    // A Latin phrase must end at a word boundary.
                    if !isCJK, end < folded.count, Self.scalar(startingAt: end, in: folded)?.isLetter == true
                    {
                        continue
                    }
                    var restStart = end
                    var restEnd = folded.count
                    while restStart < restEnd, folded[restStart] == 0x20 || folded[restStart] == 0x09 {
                        restStart += 1
                    }
                    while restEnd > restStart, folded[restEnd - 1] == 0x20 || folded[restEnd - 1] == 0x09 {
                        restEnd -= 1
                    }
                    let rest = String(decoding: folded[restStart..<restEnd], as: UTF8.self)
                    guard rest.count <= 40, !rest.contains(where: { ".!?。！？\n".contains($0) }) else {
                        continue
                    }
                    if best == nil || end > best!.end || (end == best!.end && rest.count < best!.typed.count)
                    {
                        best = (language, rest, end)
                    }
                }
            }
        }
        return best.map { ($0.language, $0.typed) }
    }

    /// The first index at or after `from` where `needle` starts in `bytes`.
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var i = from
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first {
                var j = 1
                while j < needle.count && bytes[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// The character whose UTF-8 ends just before `index`.
    static func scalar(endingAt index: Int, in bytes: [UInt8]) -> Character? {
        var start = index - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self).first
    }

    /// The character whose UTF-8 starts at `index`.
    static func scalar(startingAt index: Int, in bytes: [UInt8]) -> Character? {
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self).first
    }
}
