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

    /// The language code of a locale identifier ("fr-FR" → "fr"), else the system's.
    static func language(_ locale: String?) -> String {
        let identifier = locale ?? Locale.current.identifier
        return String(identifier.prefix { $0.isLetter }).lowercased()
    }

    static func format(_ table: [String: String], _ argument: String, locale: String?) -> String {
        (table[language(locale)] ?? table["en"]!).replacingOccurrences(of: "%@", with: argument)
    }
}
