import Foundation

/// The language of the ranking's explanations (`why`): English, French, Italian, Portuguese,
/// German or Chinese (traditional characters); each sentence is written in the language's own
/// order, not translated word by word.
public enum ExplanationLanguage: String, Sendable, Hashable, CaseIterable {
    case en, fr, it, pt, de, zh

    /// The language of a locale identifier ("fr-FR" → French); English for others and `nil`.
    public init(locale: String?) {
        let code = String((locale ?? "en").prefix { $0.isLetter }).lowercased()
        self = ExplanationLanguage(rawValue: code) ?? .en
    }

    /// "a moment ago", "5 minutes ago", "il y a 3 heures", "vor 2 Tagen", "3 天前".
    func ago(seconds: Double) -> String {
        let (unit, n): (Int, Int) =
            switch seconds {
            case ..<60: (0, 0)
            case ..<3_600: (1, Int(seconds / 60))
            case ..<86_400: (2, Int(seconds / 3_600))
            default: (3, Int(seconds / 86_400))
            }
        switch self {
        case .en:
            return [
                "a moment ago", n == 1 ? "a minute ago" : "\(n) minutes ago",
                n == 1 ? "an hour ago" : "\(n) hours ago", n == 1 ? "yesterday" : "\(n) days ago",
            ][unit]
        case .fr:
            return [
                "à l'instant", n == 1 ? "il y a une minute" : "il y a \(n) minutes",
                n == 1 ? "il y a une heure" : "il y a \(n) heures", n == 1 ? "hier" : "il y a \(n) jours",
            ][unit]
        case .it:
            return [
                "un momento fa", n == 1 ? "un minuto fa" : "\(n) minuti fa",
                n == 1 ? "un'ora fa" : "\(n) ore fa",
                n == 1 ? "ieri" : "\(n) giorni fa",
            ][unit]
        case .pt:
            return [
                "há um momento", n == 1 ? "há um minuto" : "há \(n) minutos",
                n == 1 ? "há uma hora" : "há \(n) horas", n == 1 ? "ontem" : "há \(n) dias",
            ][unit]
        case .de:
            return [
                "gerade eben", n == 1 ? "vor einer Minute" : "vor \(n) Minuten",
                n == 1 ? "vor einer Stunde" : "vor \(n) Stunden", n == 1 ? "gestern" : "vor \(n) Tagen",
            ][unit]
        case .zh:
            return ["剛剛", "\(n) 分鐘前", "\(n) 小時前", n == 1 ? "昨天" : "\(n) 天前"][unit]
        }
    }

    /// "around 8 am", "vers 8 h", "gegen 20 Uhr", "20 點左右".
    func around(hour: Int) -> String {
        switch (self, hour) {
        case (.en, 0): "around midnight"
        case (.en, 12): "around noon"
        case (.en, 1..<12): "around \(hour) am"
        case (.en, _): "around \(hour - 12) pm"
        case (.fr, 0): "vers minuit"
        case (.fr, 12): "vers midi"
        case (.fr, _): "vers \(hour) h"
        case (.it, 0): "verso mezzanotte"
        case (.it, 12): "verso mezzogiorno"
        case (.it, _): "verso le \(hour)"
        case (.pt, 0): "por volta da meia-noite"
        case (.pt, 12): "por volta do meio-dia"
        case (.pt, _): "por volta das \(hour)h"
        case (.de, 0): "gegen Mitternacht"
        case (.de, 12): "gegen Mittag"
        case (.de, _): "gegen \(hour) Uhr"
        case (.zh, 0): "午夜前後"
        case (.zh, 12): "中午前後"
        case (.zh, _): "\(hour) 點左右"
        }
    }

    /// A part of the week's days: "weekday mornings", "le matin en semaine", "週末下午"
    /// (`dayPart` as `LocalTime` numbers them: 0–5 on weekdays, 6–11 on weekends).
    func dayPart(_ dayPart: Int) -> String {
        let weekend = dayPart >= 6
        let part = dayPart % 6
        switch self {
        case .en:
            let parts = ["nights", "early mornings", "mornings", "afternoons", "evenings", "late evenings"]
            return "\(weekend ? "weekend" : "weekday") \(parts[part])"
        case .fr:
            let parts = ["la nuit", "tôt le matin", "le matin", "l'après-midi", "le soir", "tard le soir"]
            return parts[part] + (weekend ? " le week-end" : " en semaine")
        case .it:
            let parts = [
                "di notte", "al mattino presto", "al mattino", "il pomeriggio", "la sera", "a tarda sera",
            ]
            return parts[part] + (weekend ? " nel fine settimana" : " nei giorni feriali")
        case .pt:
            let parts = ["de madrugada", "de manhã cedo", "de manhã", "à tarde", "à noite", "tarde da noite"]
            return parts[part] + (weekend ? " nos fins de semana" : " nos dias úteis")
        case .de:
            let parts = ["nachts", "frühmorgens", "morgens", "nachmittags", "abends", "spätabends"]
            return parts[part] + (weekend ? " am Wochenende" : " an Werktagen")
        case .zh:
            let parts = ["深夜", "清晨", "早上", "下午", "傍晚", "晚上"]
            return (weekend ? "週末" : "平日") + parts[part]
        }
    }

    /// What completes "you usually open X …" for a trigger: "after connecting headphones",
    /// "en voiture", "wenn du nach Hause kommst".
    func phrase(_ trigger: ContextTrigger) -> String {
        switch (trigger.kind, trigger.detail) {
        case (.headphonesConnected, _):
            return [
                "after connecting headphones", "après avoir branché des écouteurs",
                "dopo aver collegato le cuffie",
                "depois de conectar os fones", "nach dem Verbinden von Kopfhörern", "接上耳機後",
            ][index]
        case (.bluetoothConnected, let device?):
            return [
                "after connecting to \(device)", "après la connexion à \(device)",
                "dopo la connessione a \(device)",
                "depois de conectar a \(device)", "nach dem Verbinden mit \(device)", "連上 \(device) 後",
            ][index]
        case (.bluetoothConnected, nil):
            return [
                "after connecting a Bluetooth device", "après la connexion d'un appareil Bluetooth",
                "dopo aver collegato un dispositivo Bluetooth", "depois de conectar um dispositivo Bluetooth",
                "nach dem Verbinden eines Bluetooth-Geräts", "連上藍牙裝置後",
            ][index]
        case (.carConnected, _):
            return ["in the car", "en voiture", "in auto", "no carro", "im Auto", "在車上"][index]
        case (.arrived, "home"):
            return [
                "when you get home", "en arrivant à la maison", "quando arrivi a casa",
                "quando chega em casa",
                "wenn du nach Hause kommst", "到家時",
            ][index]
        case (.arrived, "work"):
            return [
                "when you get to work", "en arrivant au travail", "quando arrivi al lavoro",
                "quando chega ao trabalho", "wenn du bei der Arbeit ankommst", "到公司時",
            ][index]
        case (.arrived, let place?):
            return [
                "when you arrive at \(place)", "en arrivant à \(place)", "quando arrivi a \(place)",
                "quando chega a \(place)", "wenn du in \(place) ankommst", "到達 \(place) 時",
            ][index]
        case (.arrived, nil):
            return [
                "when you arrive somewhere", "en arrivant quelque part", "quando arrivi da qualche parte",
                "quando chega a algum lugar", "wenn du irgendwo ankommst", "到達某處時",
            ][index]
        }
    }

    /// The position of the language in the phrase lists (en, fr, it, pt, de, zh).
    private var index: Int { Self.allCases.firstIndex(of: self)! }

    // MARK: Sentences

    func usedIt(seconds: Double) -> String {
        let when = ago(seconds: seconds)
        return [
            "you used it \(when)", "vous l'avez utilisée \(when)", "l'hai usata \(when)",
            "você o usou \(when)", "du hast sie \(when) benutzt", "你\(when)用過",
        ][index]
    }

    var mostUsedLately: String {
        [
            "one of your most used apps lately", "une de vos apps les plus utilisées ces derniers temps",
            "una delle app che usi di più ultimamente", "um dos seus apps mais usados ultimamente",
            "eine deiner zuletzt meistgenutzten Apps", "你最近最常用的 App 之一",
        ][index]
    }

    func mostUsed(launches: Int) -> String {
        [
            "one of your most used apps — \(launches) launches",
            "une de vos apps les plus utilisées — \(launches) ouvertures",
            "una delle app che usi di più — \(launches) aperture",
            "um dos seus apps mais usados — \(launches) aberturas",
            "eine deiner meistgenutzten Apps — \(launches) Starts", "你最常用的 App 之一 — 開啟 \(launches) 次",
        ][index]
    }

    func openedAfter(_ previous: String, count: Int, of total: Int) -> String {
        [
            "often opened after \(previous) — \(count) of \(total) times",
            "souvent ouverte après \(previous) — \(count) fois sur \(total)",
            "spesso aperta dopo \(previous) — \(count) volte su \(total)",
            "muitas vezes aberto depois de \(previous) — \(count) de \(total) vezes",
            "oft nach \(previous) geöffnet — \(count) von \(total) Mal",
            "常在 \(previous) 之後開啟 — \(total) 次中有 \(count) 次",
        ][index]
    }

    func openedAfter(_ before: String, then previous: String, count: Int, of total: Int) -> String {
        [
            "often opened after \(before) then \(previous) — \(count) of \(total) times",
            "souvent ouverte après \(before) puis \(previous) — \(count) fois sur \(total)",
            "spesso aperta dopo \(before) e poi \(previous) — \(count) volte su \(total)",
            "muitas vezes aberto depois de \(before) e \(previous) — \(count) de \(total) vezes",
            "oft nach \(before) und dann \(previous) geöffnet — \(count) von \(total) Mal",
            "常在 \(before) 和 \(previous) 之後開啟 — \(total) 次中有 \(count) 次",
        ][index]
    }

    func opensAround(hour: Int, count: Int) -> String {
        let when = around(hour: hour)
        return [
            "you often open it \(when) — \(count) times", "vous l'ouvrez souvent \(when) — \(count) fois",
            "la apri spesso \(when) — \(count) volte", "você costuma abri-lo \(when) — \(count) vezes",
            "du öffnest sie oft \(when) — \(count)-mal", "你常在\(when)開啟 — \(count) 次",
        ][index]
    }

    func opens(inDayPart part: Int, mostly: Bool) -> String {
        let when = dayPart(part)
        if mostly {
            return [
                "you open it most \(when)", "vous l'ouvrez surtout \(when)", "la apri soprattutto \(when)",
                "você o abre principalmente \(when)", "du öffnest sie meist \(when)", "你大多在\(when)開啟",
            ][index]
        }
        return [
            "you open it often on \(when)", "vous l'ouvrez souvent \(when)", "la apri spesso \(when)",
            "você o abre muitas vezes \(when)", "du öffnest sie oft \(when)", "你常在\(when)開啟",
        ][index]
    }

    /// "you usually open Podcasts after connecting headphones — 4 of the last 5 times".
    func opens(
        _ name: String, after trigger: ContextTrigger, times: Int, of total: Int, usually: Bool,
        otherwise: String
    ) -> String {
        let phrase = phrase(trigger)
        switch self {
        case .en:
            return
                "you \(usually ? "usually" : otherwise) open \(name) \(phrase) — \(times) of the last \(total) times"
        case .fr:
            return
                "vous ouvrez \(usually ? "généralement" : "souvent") \(name) \(phrase) — \(times) des \(total) dernières fois"
        case .it:
            return
                "\(usually ? "di solito" : "spesso") apri \(name) \(phrase) — \(times) delle ultime \(total) volte"
        case .pt:
            return
                "você \(usually ? "geralmente" : "muitas vezes") abre \(name) \(phrase) — \(times) das últimas \(total) vezes"
        case .de:
            return
                "du öffnest \(name) \(usually ? "meistens" : "oft") \(phrase) — \(times) der letzten \(total) Male"
        case .zh: return "你\(usually ? "通常" : "常常")\(phrase)開啟 \(name) — 最近 \(total) 次中有 \(times) 次"
        }
    }

    func opensAt(_ place: String, count: Int) -> String {
        [
            "you often open it at \(place) — \(count) times",
            "vous l'ouvrez souvent à \(place) — \(count) fois",
            "la apri spesso a \(place) — \(count) volte", "você costuma abri-lo em \(place) — \(count) vezes",
            "du öffnest sie oft in \(place) — \(count)-mal", "你常在 \(place) 開啟 — \(count) 次",
        ][index]
    }

    var pickedFromSuggestions: String {
        [
            "you picked it from suggestions before", "vous l'avez déjà choisie parmi les suggestions",
            "l'hai già scelta tra i suggerimenti", "você já o escolheu nas sugestões",
            "du hast sie schon aus den Vorschlägen gewählt", "你之前從建議中選過它",
        ][index]
    }

    var oneOfYourApps: String {
        [
            "one of the apps you use", "une des apps que vous utilisez", "una delle app che usi",
            "um dos apps que você usa", "eine der Apps, die du nutzt", "你使用的 App 之一",
        ][index]
    }

    /// A contact card's app: "you picked it 2 times from their card".
    func pickedFromCard(_ times: Int) -> String {
        [
            times == 1
                ? "you picked it 1 time from their card" : "you picked it \(times) times from their card",
            "vous l'avez choisie \(times) fois depuis sa fiche",
            times == 1
                ? "l'hai scelta 1 volta dalla sua scheda" : "l'hai scelta \(times) volte dalla sua scheda",
            times == 1 ? "você o escolheu 1 vez no cartão" : "você o escolheu \(times) vezes no cartão",
            "du hast sie \(times)-mal auf der Karte gewählt", "你從聯絡人卡片選過它 \(times) 次",
        ][index]
    }

    /// A contact card's app: "used with them 3 times, last used 2 days ago".
    func usedWith(_ times: Int, lastSeconds: Double) -> String {
        let when = ago(seconds: lastSeconds)
        return [
            times == 1
                ? "used with them 1 time, last used \(when)"
                : "used with them \(times) times, last used \(when)",
            "utilisée avec cette personne \(times) fois, la dernière \(when)",
            times == 1
                ? "usata con questa persona 1 volta, l'ultima \(when)"
                : "usata con questa persona \(times) volte, l'ultima \(when)",
            times == 1
                ? "usado com essa pessoa 1 vez, a última \(when)"
                : "usado com essa pessoa \(times) vezes, a última \(when)",
            "\(times)-mal mit dieser Person verwendet, zuletzt \(when)", "與此人使用過 \(times) 次，最近一次在\(when)",
        ][index]
    }
}
