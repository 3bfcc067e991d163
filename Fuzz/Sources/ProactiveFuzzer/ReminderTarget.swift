import Foundation
import Proactive

/// What the user asks the assistant ("remind me to … when I get home", in six languages), in
/// each locale.
enum ReminderTarget {
    static let locales = ["en", "fr", "it", "pt", "de", "zh"]

    static func run(_ input: Data) {
        let utterance = String(decoding: input, as: UTF8.self)
        let engine = FuzzEngine.next()
        let locale = locales[Int(input.first ?? 0) % locales.count]
        _ = try? engine.ask(utterance, app: "com.example.notes", locale: locale)
    }
}
