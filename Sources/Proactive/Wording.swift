import Foundation
import ProactiveRanking

/// The words of the engine's explanations (`why`) in one of the supported languages (English,
/// French, Italian, Portuguese, German, Chinese — written in Traditional characters, and given
/// in Simplified ones to a Simplified locale: ``written(_:)-(String)``); other languages fall
/// back to English. Relative times and distances follow
/// the language's own order and decimal mark ("il y a 3 jours", "vor 3 Tagen", "2,4 km",
/// "3 天前").
struct Wording: Sendable {
    enum Language: String, Sendable {
        case en, fr, it, pt, de, zh

        /// The locale of the language's dates when none more precise is asked for.
        var locale: Locale {
            Locale(identifier: self == .zh ? "zh-Hant-TW" : self == .en ? "en-US" : rawValue)
        }
    }

    let language: Language
    /// The locale asked for, when its language is the wording's: it writes dates and times.
    let localeIdentifier: String?
    /// Whether the reader writes Chinese in Simplified characters (``isSimplifiedChinese(_:)``).
    let isSimplified: Bool

    /// The wording of a locale identifier ("fr-FR", "zh-Hant-TW"), else of the system's.
    init(locale: String?) {
        let language = Language(rawValue: GeneratedText.language(locale)) ?? .en
        self.language = language
        localeIdentifier = locale.flatMap { GeneratedText.language($0) == language.rawValue ? $0 : nil }
        isSimplified = Self.isSimplifiedChinese(locale)
    }

    init(_ language: Language) {
        self.language = language
        localeIdentifier = nil
        isSimplified = false
    }

    /// A moment as a person reads it in the language (in the locale asked for, else the
    /// language's own), in `timeZone`: "Nov 22, 2026 at 9:00 AM", "22 nov. 2026 à 9:00",
    /// "22. Nov. 2026, 9:00", "2026年11月22日 上午9:00".
    func moment(_ date: Date, in timeZone: TimeZone) -> String {
        let locale = localeIdentifier.map { Locale(identifier: $0) } ?? language.locale
        return date.formatted(
            Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, timeZone: timeZone))
    }

    /// The same language for the ranking's explanations (next-app, triggered and contact-card
    /// apps), so that a request resolves its locale once.
    var explanationLanguage: ExplanationLanguage { ExplanationLanguage(rawValue: language.rawValue) ?? .en }

    // MARK: Times, counts and distances

    /// How long ago: "just now", "3 minutes ago", "yesterday", "12 days ago".
    func ago(_ interval: TimeInterval) -> String {
        let seconds = Int(max(interval, 0))
        switch seconds {
        case ..<60: return justNow
        case ..<3600: return ago(seconds / 60, .minute)
        case ..<86_400: return ago(seconds / 3600, .hour)
        case ..<(2 * 86_400): return yesterday
        default: return ago(seconds / 86_400, .day)
        }
    }

    enum Unit { case minute, hour, day, time }

    private var justNow: String {
        switch language {
        case .en: "just now"
        case .fr: "à l'instant"
        case .it: "proprio ora"
        case .pt: "agora mesmo"
        case .de: "gerade eben"
        case .zh: "剛剛"
        }
    }

    private var yesterday: String {
        switch language {
        case .en: "yesterday"
        case .fr: "hier"
        case .it: "ieri"
        case .pt: "ontem"
        case .de: "gestern"
        case .zh: "昨天"
        }
    }

    private func ago(_ n: Int, _ unit: Unit) -> String {
        let amount = count(n, unit, dative: true)
        switch language {
        case .en: return amount + " ago"
        case .fr: return "il y a " + amount
        case .it: return amount + " fa"
        case .pt: return "há " + amount
        case .de: return "vor " + amount
        case .zh: return amount + "前"
        }
    }

    /// "1 minute", "3 hours", "2 fois", "3 Tagen" (German after "vor" takes the dative).
    func count(_ n: Int, _ unit: Unit, dative: Bool = false) -> String {
        let one = n == 1
        let word: String
        switch (language, unit) {
        case (.en, .minute): word = one ? "minute" : "minutes"
        case (.en, .hour): word = one ? "hour" : "hours"
        case (.en, .day): word = one ? "day" : "days"
        case (.en, .time): word = one ? "time" : "times"
        case (.fr, .minute): word = one ? "minute" : "minutes"
        case (.fr, .hour): word = one ? "heure" : "heures"
        case (.fr, .day): word = one ? "jour" : "jours"
        case (.fr, .time): word = "fois"
        case (.it, .minute): word = one ? "minuto" : "minuti"
        case (.it, .hour): word = one ? "ora" : "ore"
        case (.it, .day): word = one ? "giorno" : "giorni"
        case (.it, .time): word = one ? "volta" : "volte"
        case (.pt, .minute): word = one ? "minuto" : "minutos"
        case (.pt, .hour): word = one ? "hora" : "horas"
        case (.pt, .day): word = one ? "dia" : "dias"
        case (.pt, .time): word = one ? "vez" : "vezes"
        case (.de, .minute): word = one ? "Minute" : "Minuten"
        case (.de, .hour): word = one ? "Stunde" : "Stunden"
        case (.de, .day): word = one ? "Tag" : (dative ? "Tagen" : "Tage")
        case (.de, .time): word = "Mal"
        case (.zh, .minute): word = "分鐘"
        case (.zh, .hour): word = "小時"
        case (.zh, .day): word = "天"
        case (.zh, .time): word = "次"
        }
        return "\(n) \(word)"
    }

    /// "350 m", "2.4 km" ("2,4 km" with a decimal comma), "120 km"; "公尺"/"公里" in Chinese.
    func distance(_ meters: Double) -> String {
        let (metre, kilometre) = language == .zh ? (" 公尺", " 公里") : (" m", " km")
        if meters < 1000 { return "\(Int((meters / 10).rounded()) * 10)" + metre }
        if meters < 10_000 {
            let text = String(format: "%.1f", meters / 1000)
            let usesComma = [.fr, .it, .pt, .de].contains(language)
            return (usesComma ? text.replacingOccurrences(of: ".", with: ",") : text) + kilometre
        }
        return "\(Int((meters / 1000).rounded()))" + kilometre
    }

    /// "2.4 km away".
    func away(_ meters: Double) -> String {
        let distance = distance(meters)
        switch language {
        case .en: return distance + " away"
        case .fr: return "à " + distance
        case .it: return "a " + distance
        case .pt: return "a " + distance
        case .de: return distance + " entfernt"
        case .zh: return "距離 " + distance
        }
    }

    /// Words quoted the language's way: “dim”, « café », „Straße“, 「牛肉」.
    func quoted(_ words: [String]) -> String {
        let (open, close) =
            switch language {
            case .en, .it, .pt: ("“", "”")
            case .fr: ("« ", " »")
            case .de: ("„", "“")
            case .zh: ("「", "」")
            }
        return words.map { open + $0 + close }.joined(separator: language == .zh ? "、" : ", ")
    }

    // MARK: Search

    /// The indexed fields a search term can match.
    enum Field { case title, keywords, address, description }

    /// "title matches “dim”", "les mots-clés correspondent à « café »".
    func fieldMatches(_ field: Field, _ words: [String]) -> String {
        let quoted = quoted(words)
        switch (language, field) {
        case (.en, .title): return "title matches " + quoted
        case (.en, .keywords): return "keywords match " + quoted
        case (.en, .address): return "address matches " + quoted
        case (.en, .description): return "description matches " + quoted
        case (.fr, .title): return "le titre correspond à " + quoted
        case (.fr, .keywords): return "les mots-clés correspondent à " + quoted
        case (.fr, .address): return "l'adresse correspond à " + quoted
        case (.fr, .description): return "la description correspond à " + quoted
        case (.it, .title): return "il titolo corrisponde a " + quoted
        case (.it, .keywords): return "le parole chiave corrispondono a " + quoted
        case (.it, .address): return "l'indirizzo corrisponde a " + quoted
        case (.it, .description): return "la descrizione corrisponde a " + quoted
        case (.pt, .title): return "o título corresponde a " + quoted
        case (.pt, .keywords): return "as palavras-chave correspondem a " + quoted
        case (.pt, .address): return "o endereço corresponde a " + quoted
        case (.pt, .description): return "a descrição corresponde a " + quoted
        case (.de, .title): return "Titel passt zu " + quoted
        case (.de, .keywords): return "Schlagwörter passen zu " + quoted
        case (.de, .address): return "Adresse passt zu " + quoted
        case (.de, .description): return "Beschreibung passt zu " + quoted
        case (.zh, .title): return "標題符合" + quoted
        case (.zh, .keywords): return "關鍵字符合" + quoted
        case (.zh, .address): return "地址符合" + quoted
        case (.zh, .description): return "描述符合" + quoted
        }
    }

    /// Why a public entry is shown: many people, never who.
    func publicEntry(in app: String) -> String {
        switch language {
        case .en: "public: used by many people in \(app)"
        case .fr: "public : utilisé par de nombreuses personnes dans \(app)"
        case .it: "pubblico: usato da molte persone in \(app)"
        case .pt: "público: usado por muitas pessoas em \(app)"
        case .de: "öffentlich: von vielen Menschen in \(app) genutzt"
        case .zh: "公開：許多人在 \(app) 中使用"
        }
    }

    var matchesTheQuery: String {
        switch language {
        case .en: "matches the query"
        case .fr: "correspond à la requête"
        case .it: "corrisponde alla ricerca"
        case .pt: "corresponde à consulta"
        case .de: "passt zur Abfrage"
        case .zh: "符合查詢條件"
        }
    }

    /// "opened 3 times".
    func opened(_ times: Int) -> String {
        switch language {
        case .en: "opened " + count(times, .time)
        case .fr: "ouvert " + count(times, .time)
        case .it: "aperto " + count(times, .time)
        case .pt: "aberto " + count(times, .time)
        case .de: "\(times)-mal geöffnet"
        case .zh: "開啟過 \(times) 次"
        }
    }

    /// What happened to an entry: an item indexed, an activity used, a page visited.
    enum Donated { case indexed, used, visited }

    /// "indexed in Yummy Reviews 3 days ago".
    func donated(_ what: Donated, in app: String, ago interval: TimeInterval) -> String {
        let when = ago(interval)
        switch (language, what) {
        case (.en, .indexed): return "indexed in \(app) \(when)"
        case (.en, .used): return "used in \(app) \(when)"
        case (.en, .visited): return "visited in \(app) \(when)"
        case (.fr, .indexed): return "indexé dans \(app) \(when)"
        case (.fr, .used): return "utilisé dans \(app) \(when)"
        case (.fr, .visited): return "consulté dans \(app) \(when)"
        case (.it, .indexed): return "indicizzato in \(app) \(when)"
        case (.it, .used): return "usato in \(app) \(when)"
        case (.it, .visited): return "visitato in \(app) \(when)"
        case (.pt, .indexed): return "indexado em \(app) \(when)"
        case (.pt, .used): return "usado em \(app) \(when)"
        case (.pt, .visited): return "visitado em \(app) \(when)"
        case (.de, .indexed): return "\(when) in \(app) indexiert"
        case (.de, .used): return "\(when) in \(app) verwendet"
        case (.de, .visited): return "\(when) in \(app) besucht"
        case (.zh, .indexed): return "\(when)在 \(app) 中建立索引"
        case (.zh, .used): return "\(when)在 \(app) 中使用"
        case (.zh, .visited): return "\(when)在 \(app) 中瀏覽"
        }
    }

    // MARK: Places and surfaces

    /// "viewed in Maps (www.example.org) 3 days ago", or "also seen in …" for a later sighting.
    func seen(first: Bool, in app: String, host: String?, ago interval: TimeInterval) -> String {
        let when = ago(interval)
        let host = host.map { language == .zh ? "（\($0)）" : " (\($0))" } ?? ""
        switch (language, first) {
        case (.en, true): return "viewed in \(app)\(host) \(when)"
        case (.en, false): return "also seen in \(app)\(host) \(when)"
        case (.fr, true): return "vu dans \(app)\(host) \(when)"
        case (.fr, false): return "vu aussi dans \(app)\(host) \(when)"
        case (.it, true): return "visto in \(app)\(host) \(when)"
        case (.it, false): return "visto anche in \(app)\(host) \(when)"
        case (.pt, true): return "visto em \(app)\(host) \(when)"
        case (.pt, false): return "também visto em \(app)\(host) \(when)"
        case (.de, true): return "\(when) in \(app)\(host) angesehen"
        case (.de, false): return "\(when) auch in \(app)\(host) gesehen"
        case (.zh, true): return "\(when)在 \(app)\(host) 中查看"
        case (.zh, false): return "\(when)也在 \(app)\(host) 中看過"
        }
    }

    var notLocated: String {
        switch language {
        case .en: "no coordinates: the address could not be located"
        case .fr: "pas de coordonnées : l'adresse n'a pas pu être localisée"
        case .it: "nessuna coordinata: impossibile localizzare l'indirizzo"
        case .pt: "sem coordenadas: não foi possível localizar o endereço"
        case .de: "keine Koordinaten: die Adresse konnte nicht gefunden werden"
        case .zh: "沒有座標：無法定位此地址"
        }
    }

    /// "playing in Radio since 3 minutes ago".
    func playing(in app: String, since interval: TimeInterval) -> String {
        let when = ago(interval)
        switch language {
        case .en: return "playing in \(app) since \(when)"
        case .fr: return "en lecture dans \(app), lancé \(when)"
        case .it: return "in riproduzione in \(app), avviato \(when)"
        case .pt: return "tocando em \(app), iniciado \(when)"
        case .de: return "läuft in \(app), gestartet \(when)"
        case .zh: return "正在 \(app) 中播放，\(when)開始"
        }
    }

    /// A media app's subtitle: "Play “Episode 21”".
    func play(_ item: String) -> String {
        switch language {
        case .en: "Play “\(item)”"
        case .fr: "Lire « \(item) »"
        case .it: "Riproduci “\(item)”"
        case .pt: "Reproduzir “\(item)”"
        case .de: "„\(item)“ abspielen"
        case .zh: "播放「\(item)」"
        }
    }

    /// "Maps gives directions" (the app that will), or, when no app declared it routes, "no
    /// routing app is declared: open the URL" (the answer's directions URL).
    func givesDirections(_ router: String?) -> String {
        guard let router else {
            return switch language {
            case .en: "no routing app is declared: open the URL"
            case .fr: "aucune app d'itinéraires n'est déclarée : ouvrez l'URL"
            case .it: "nessuna app di navigazione è dichiarata: apri l'URL"
            case .pt: "nenhum app de rotas foi declarado: abra a URL"
            case .de: "keine Navigations-App ist angemeldet: öffne die URL"
            case .zh: "沒有已宣告的導航 App：請開啟網址"
            }
        }
        return switch language {
        case .en: "\(router) gives directions"
        case .fr: "\(router) donne l'itinéraire"
        case .it: "\(router) fornisce le indicazioni"
        case .pt: "\(router) mostra a rota"
        case .de: "\(router) zeigt die Route"
        case .zh: "由 \(router) 提供路線"
        }
    }

    /// "“Meet me at” announces a place": why QuickType offers places in a plain field.
    func announcesPlace(_ typed: String) -> String {
        switch language {
        case .en: "“\(typed)” announces a place"
        case .fr: "« \(typed) » annonce un lieu"
        case .it: "“\(typed)” annuncia un luogo"
        case .pt: "“\(typed)” anuncia um lugar"
        case .de: "„\(typed)“ kündigt einen Ort an"
        case .zh: "「\(typed)」後面是一個地點"
        }
    }

    /// "From Laptop": a Handoff suggestion's subtitle.
    func fromDevice(_ device: String) -> String {
        switch language {
        case .en: "From \(device)"
        case .fr: "Depuis \(device)"
        case .it: "Da \(device)"
        case .pt: "De \(device)"
        case .de: "Von \(device)"
        case .zh: "來自 \(device)"
        }
    }

    /// "current on Laptop in Books": why a Handoff suggestion is shown.
    func currentOn(_ device: String, in app: String) -> String {
        switch language {
        case .en: "current on \(device) in \(app)"
        case .fr: "en cours sur \(device) dans \(app)"
        case .it: "in corso su \(device) in \(app)"
        case .pt: "em andamento em \(device) no \(app)"
        case .de: "gerade auf \(device) in \(app) geöffnet"
        case .zh: "正在 \(device) 的 \(app) 中進行"
        }
    }

    /// "it is what you were doing in Yummy Reviews".
    func whatYouWereDoing(in app: String) -> String {
        switch language {
        case .en: "it is what you were doing in \(app)"
        case .fr: "c'est ce que vous faisiez dans \(app)"
        case .it: "è ciò che stavi facendo in \(app)"
        case .pt: "é o que você estava fazendo em \(app)"
        case .de: "das hast du gerade in \(app) gemacht"
        case .zh: "這是你剛才在 \(app) 中做的事"
        }
    }

    /// "you wrote to or called Alice with Messages 2 hours ago".
    func contacted(_ name: String, with app: String, ago interval: TimeInterval) -> String {
        let when = ago(interval)
        switch language {
        case .en: return "you wrote to or called \(name) with \(app) \(when)"
        case .fr: return "vous avez écrit à \(name) ou l'avez appelé avec \(app) \(when)"
        case .it: return "hai scritto o telefonato a \(name) con \(app) \(when)"
        case .pt: return "você escreveu ou ligou para \(name) com \(app) \(when)"
        case .de: return "du hast \(name) \(when) mit \(app) geschrieben oder angerufen"
        case .zh: return "你\(when)用 \(app) 傳訊息或打電話給 \(name)"
        }
    }

    /// "from Café de Flore, viewed in Maps 3 days ago".
    func fromPlace(_ place: String, viewedIn app: String, ago interval: TimeInterval) -> String {
        let when = ago(interval)
        switch language {
        case .en: return "from \(place), viewed in \(app) \(when)"
        case .fr: return "de \(place), vu dans \(app) \(when)"
        case .it: return "da \(place), visto in \(app) \(when)"
        case .pt: return "de \(place), visto em \(app) \(when)"
        case .de: return "von \(place), \(when) in \(app) angesehen"
        case .zh: return "來自 \(place)，\(when)在 \(app) 中查看"
        }
    }

    /// "Café de Flore is on screen in Maps".
    func onScreen(_ title: String, in app: String) -> String {
        switch language {
        case .en: "\(title) is on screen in \(app)"
        case .fr: "\(title) est à l'écran dans \(app)"
        case .it: "\(title) è sullo schermo in \(app)"
        case .pt: "\(title) está na tela em \(app)"
        case .de: "\(title) ist in \(app) auf dem Bildschirm"
        case .zh: "\(title) 正顯示在 \(app) 中"
        }
    }
}

extension Wording {
    /// Where a reminder's trigger place is said: "home", "work", or its name.
    private func place(_ name: String?) -> String {
        switch (language, name) {
        case (.en, let name): name ?? "there"
        case (.fr, "home"): "à la maison"
        case (.fr, let name): name.map { "à \($0)" } ?? "sur place"
        case (.it, "home"): "a casa"
        case (.it, let name): name.map { "a \($0)" } ?? "sul posto"
        case (.pt, "home"): "em casa"
        case (.pt, let name): name.map { "em \($0)" } ?? "lá"
        case (.de, "home"): "zu Hause"
        case (.de, let name): name.map { "in \($0)" } ?? "dort"
        case (.zh, "home"): "家"
        case (.zh, let name): name ?? "那裡"
        }
    }

    /// When a reminder was asked for: "when you get home", "when you leave", "on Nov 22, 2026 at
    /// 9:00 AM" (`time` as ``moment(_:in:)`` writes it), "later" (a time trigger without its time).
    func reminderCondition(arrivalAt place: String?, departure: Bool, isTime: Bool = false, at time: String?)
        -> String
    {
        if isTime && time == nil {
            switch language {
            case .en: return "later"
            case .fr: return "plus tard"
            case .it: return "più tardi"
            case .pt: return "mais tarde"
            case .de: return "später"
            case .zh: return "稍後"
            }
        }
        if departure {
            switch language {
            case .en: return "when you leave"
            case .fr: return "en partant"
            case .it: return "quando esci"
            case .pt: return "quando você sair"
            case .de: return "wenn du losgehst"
            case .zh: return "在你出門時"
            }
        }
        if let time {
            switch language {
            case .en: return "on \(time)"
            case .fr: return "le \(time)"
            case .it: return "il \(time)"
            case .pt: return "em \(time)"
            case .de: return "am \(time)"
            case .zh: return "在 \(time)"
            }
        }
        if place == "work" {
            switch language {
            case .en: return "when you get to work"
            case .fr: return "en arrivant au travail"
            case .it: return "quando arrivi al lavoro"
            case .pt: return "quando você chegar ao trabalho"
            case .de: return "wenn du bei der Arbeit ankommst"
            case .zh: return "在你到公司時"
            }
        }
        switch language {
        case .en: return "when you get \(self.place(place))"
        case .fr: return "en arrivant \(self.place(place))"
        case .it: return "quando arrivi \(self.place(place))"
        case .pt: return "quando você chegar \(self.place(place))"
        case .de: return "wenn du \(self.place(place)) ankommst"
        case .zh: return "在你到\(self.place(place))時"
        }
    }

    /// A new reminder: "due when you get home".
    func reminderDue(_ condition: String) -> String {
        switch language {
        case .en: return "due \(condition)"
        case .fr: return "rappel \(condition)"
        case .it: return "promemoria \(condition)"
        case .pt: return "lembrete \(condition)"
        case .de: return "Erinnerung, \(condition)"
        case .zh: return "\(condition)提醒"
        }
    }

    /// "you asked to be reminded when you get home, 2 hours ago".
    func reminderAsked(_ condition: String, ago interval: TimeInterval) -> String {
        let when = ago(interval)
        switch language {
        case .en: return "you asked to be reminded \(condition), \(when)"
        case .fr: return "vous avez demandé un rappel \(condition), \(when)"
        case .it: return "hai chiesto un promemoria \(condition), \(when)"
        case .pt: return "você pediu um lembrete \(condition), \(when)"
        case .de: return "du wolltest erinnert werden, \(condition) (\(when))"
        case .zh: return "你\(when)要求\(condition)提醒"
        }
    }

    /// What made a reminder due: "you got home 5 minutes ago", "you left just now", "due …".
    func reminderHappened(arrivalAt place: String?, departure: Bool, ago interval: TimeInterval) -> String {
        let when = ago(interval)
        if departure {
            switch language {
            case .en: return "you left \(when)"
            case .fr: return "vous êtes parti \(when)"
            case .it: return "sei uscito \(when)"
            case .pt: return "você saiu \(when)"
            case .de: return "du bist \(when) losgegangen"
            case .zh: return "你\(when)出門了"
            }
        }
        guard let place else {
            switch language {
            case .en: return "due \(when)"
            case .fr: return "échu \(when)"
            case .it: return "scaduto \(when)"
            case .pt: return "venceu \(when)"
            case .de: return "fällig seit \(when)"
            case .zh: return "\(when)到期"
            }
        }
        if place == "work" {
            switch language {
            case .en: return "you got to work \(when)"
            case .fr: return "vous êtes arrivé au travail \(when)"
            case .it: return "sei arrivato al lavoro \(when)"
            case .pt: return "você chegou ao trabalho \(when)"
            case .de: return "du bist \(when) bei der Arbeit angekommen"
            case .zh: return "你\(when)到公司了"
            }
        }
        switch language {
        case .en: return "you got \(self.place(place)) \(when)"
        case .fr: return "vous êtes arrivé \(self.place(place)) \(when)"
        case .it: return "sei arrivato \(self.place(place)) \(when)"
        case .pt: return "você chegou \(self.place(place)) \(when)"
        case .de: return "du bist \(when) \(self.place(place)) angekommen"
        case .zh: return "你\(when)到\(self.place(place))了"
        }
    }
}
