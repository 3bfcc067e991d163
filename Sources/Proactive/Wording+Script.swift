import Foundation
import ProactiveText

extension Wording {
    /// Whether a locale's Chinese is written in Simplified characters: the `Hans` script, or
    /// mainland China, Singapore or Malaysia without a script ("zh-Hans", "zh-CN", "zh_CN.UTF-8",
    /// "zh-Hans-HK"). Plain "zh", Taiwan, Hong Kong, Macau and the `Hant` script read
    /// Traditional characters.
    static func isSimplifiedChinese(_ locale: String?) -> Bool {
        let locale = locale ?? Locale.current.identifier
        guard GeneratedText.language(locale) == "zh" else { return false }
        let subtags = locale.prefix { $0 != "." && $0 != "@" }.lowercased()
            .split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst()
        if let script = subtags.first(where: { $0.count == 4 }) { return script == "hans" }
        return subtags.contains { ["cn", "sg", "my"].contains($0) }
    }

    /// Text the engine wrote in Traditional Chinese, as a reader of Simplified Chinese writes
    /// it: each character folded (``SimplifiedChinese``), then the mainland's words where the
    /// engine's differ from Taiwan's (``mainlandWords``), and quotation marks “ ” rather than
    /// 「 」. Interpolated names are folded with the sentence, as Chinese text converted between
    /// the scripts is.
    static func simplified(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        var text = SimplifiedChinese.fold(text)
        for (taiwan, mainland) in mainlandWords where text.contains(taiwan) {
            text = text.replacingOccurrences(of: taiwan, with: mainland)
        }
        return text.replacingOccurrences(of: "「", with: "“").replacingOccurrences(of: "」", with: "”")
    }

    /// The words of the engine's Chinese (after folding) that the mainland says otherwise:
    /// metres, opening an app, sending a message, getting directions, declaring, a ride.
    static let mainlandWords: [(String, String)] = [
        ("公尺", "米"), ("开启", "打开"), ("传讯息", "发消息"), ("取得前往", "获取前往"), ("宣告", "声明"),
        ("叫车", "打车"),
    ]

    /// Generated text (`why`, a subtitle the engine wrote) in the locale's script: as it is,
    /// except Chinese for a Simplified locale (``simplified(_:)``).
    func written(_ text: String) -> String {
        isSimplified ? Self.simplified(text) : text
    }

    /// ``written(_:)`` for each line.
    func written(_ lines: [String]) -> [String] {
        isSimplified ? lines.map(Self.simplified) : lines
    }
}
