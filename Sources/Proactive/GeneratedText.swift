import Foundation

/// Text the engine writes for the user, in the supported languages (English, French, Italian,
/// Portuguese, German, Chinese); other languages fall back to English.
enum GeneratedText {
    static let directions: [String: String] = [
        "en": "Get directions to %@", "fr": "Itinéraire vers %@", "it": "Indicazioni per %@",
        "pt": "Obter rotas para %@", "de": "Route nach %@", "zh": "取得前往%@的路線",
    ]
    static let ride: [String: String] = [
        "en": "Get a ride to %@", "fr": "Commander une course vers %@", "it": "Prenota una corsa per %@",
        "pt": "Pedir uma corrida para %@", "de": "Fahrt nach %@ bestellen", "zh": "叫車前往%@",
    ]

    /// A due reminder's subtitle, by what made it due.
    static let reminderArrivedHome: [String: String] = [
        "en": "Reminder · you got home", "fr": "Rappel · vous êtes arrivé à la maison",
        "it": "Promemoria · sei arrivato a casa", "pt": "Lembrete · você chegou em casa",
        "de": "Erinnerung · du bist zu Hause", "zh": "提醒 · 你到家了",
    ]
    static let reminderArrivedAtWork: [String: String] = [
        "en": "Reminder · you got to work", "fr": "Rappel · vous êtes arrivé au travail",
        "it": "Promemoria · sei arrivato al lavoro", "pt": "Lembrete · você chegou ao trabalho",
        "de": "Erinnerung · du bist bei der Arbeit", "zh": "提醒 · 你到公司了",
    ]
    static let reminderLeft: [String: String] = [
        "en": "Reminder · you left", "fr": "Rappel · vous êtes parti", "it": "Promemoria · sei uscito",
        "pt": "Lembrete · você saiu", "de": "Erinnerung · du bist losgegangen", "zh": "提醒 · 你出門了",
    ]
    static let reminderDue: [String: String] = [
        "en": "Reminder", "fr": "Rappel", "it": "Promemoria", "pt": "Lembrete", "de": "Erinnerung",
        "zh": "提醒",
    ]

    /// The language code of a locale identifier ("fr-FR" → "fr"), else the system's.
    static func language(_ locale: String?) -> String {
        let identifier = locale ?? Locale.current.identifier
        return String(identifier.prefix { $0.isLetter }).lowercased()
    }

    /// The text of `table` in the locale's language (Chinese in the locale's script: see
    /// `Wording.isSimplifiedChinese(_:)`), with `argument` for `%@` (as given, never folded).
    static func format(_ table: [String: String], _ argument: String, locale: String?) -> String {
        var template = table[language(locale)] ?? table["en"]!
        if Wording.isSimplifiedChinese(locale) { template = Wording.simplified(template) }
        return template.replacingOccurrences(of: "%@", with: argument)
    }
}
