/// The words of moments in the six languages, folded (``TextFolding/fold(_:)``: lowercase,
/// without diacritics), for ``ReminderMoment``. Written for Proactive (CC0).
enum ReminderMomentWords {
    /// Numbers said as words, where a duration takes one ("in an hour", "dans deux jours",
    /// "tra cinque minuti", "em uma hora", "in einer Stunde").
    static let numbers: [String: Int] = {
        var table: [String: Int] = [:]
        let lists: [[String]] = [
            // en
            [
                "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve",
            ],
            // fr
            ["un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"],
            // it
            [
                "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici",
                "dodici",
            ],
            // pt
            ["um", "dois", "tres", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze"],
            // de
            [
                "eins", "zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun", "zehn", "elf",
                "zwolf",
            ],
        ]
        for list in lists { for (index, word) in list.enumerated() { table[word] = index + 1 } }
        for word in ["a", "an", "une", "una", "uma", "duas", "ein", "eine", "einer", "einem", "einen"] {
            table[word] = word == "duas" ? 2 : 1
        }
        let tens: [String: Int] = [
            "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "quinze": 15, "vingt": 20,
            "trente": 30, "quarante": 40, "cinquante": 50, "quindici": 15, "venti": 20, "trenta": 30,
            "quaranta": 40, "cinquanta": 50, "vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50,
            "funfzehn": 15, "zwanzig": 20, "dreissig": 30, "vierzig": 40, "funfzig": 50,
        ]
        table.merge(tens) { $1 }
        return table
    }()

    /// Words that put a duration after them ("in", "dans", "tra", "fra", "em", "daqui a",
    /// "dentro de").
    static let durationIntroductions: Set<String> = [
        "in", "within", "dans", "tra", "fra", "em", "daqui", "dentro",
    ]

    /// Units of a duration.
    static let units: [String: ReminderMoment.Unit] = {
        var table: [String: ReminderMoment.Unit] = [:]
        let lists: [(ReminderMoment.Unit, [String])] = [
            (.minute, ["min", "mins", "minute", "minutes", "mn", "minuto", "minuti", "minutos", "minuten"]),
            (
                .hour,
                [
                    "h", "hr", "hrs", "hour", "hours", "heure", "heures", "ora", "ore", "hora", "horas",
                    "stunde", "stunden", "std",
                ]
            ),
            (
                .day,
                ["day", "days", "jour", "jours", "giorno", "giorni", "dia", "dias", "tag", "tage", "tagen"]
            ),
            (
                .week,
                [
                    "week", "weeks", "semaine", "semaines", "settimana", "settimane", "semana", "semanas",
                    "woche", "wochen",
                ]
            ),
            (
                .month,
                ["month", "months", "mois", "mese", "mesi", "mes", "meses", "monat", "monate", "monaten"]
            ),
            (
                .year,
                [
                    "year", "years", "an", "ans", "annee", "annees", "anno", "anni", "ano", "anos", "jahr",
                    "jahre", "jahren",
                ]
            ),
        ]
        for (unit, words) in lists { for word in words { table[word] = unit } }
        return table
    }()

    /// Words for half of the unit that follows ("half an hour", "une demi-heure", "mezz'ora",
    /// "meia hora", "einer halben Stunde").
    static let half: Set<String> = [
        "half", "demi", "demie", "mezz", "mezza", "mezzo", "meia", "meio", "halbe", "halben",
    ]

    /// Words that make an hour said before them an hour of the clock ("à 9 heures", "15 Uhr").
    static let hourMarks: Set<String> = ["h", "uhr", "heure", "heures", "horas", "hora", "o'clock", "oclock"]

    /// Words after which a bare number is an hour ("at 9", "à 9", "alle 9", "às 9", "um 9").
    static let atWords: Set<String> = [
        "at", "around", "a", "vers", "alle", "all", "verso", "as", "pelas", "um", "gegen",
    ]

    /// Words that put the half hour or a quarter after an hour ("9 et demie", "9 e mezza",
    /// "9 e meia", "9 et quart", "9 e un quarto").
    static let pastHalf: Set<String> = ["demie", "demi", "mezza", "mezzo", "meia", "meio"]
    static let pastQuarter: Set<String> = ["quart", "quarto"]
    static let and: Set<String> = ["and", "et", "e", "und"]

    /// Noon and midnight.
    static let noon: Set<String> = ["noon", "midday", "midi", "mezzogiorno", "mittag", "mittags"]
    static let midnight: Set<String> = ["midnight", "minuit", "mezzanotte", "mitternacht"]

    /// Words for today.
    static let today: Set<String> = ["today", "aujourd", "oggi", "hoje", "heute"]
    /// Words for tomorrow.
    static let tomorrow: Set<String> = ["tomorrow", "demain", "domani", "amanha", "morgen"]
    /// Words for the day after tomorrow, in one word.
    static let dayAfterTomorrow: Set<String> = ["dopodomani", "ubermorgen"]

    /// Parts of the day, with the hour they stand for alone and whether an hour said with them
    /// is in the afternoon or evening.
    static let parts: [String: ReminderMoment.PartOfDay] = [
        "morning": .morning, "matin": .morning, "mattina": .morning, "mattino": .morning,
        "manha": .morning, "morgens": .morning, "vormittag": .morning, "vormittags": .morning,
        "fruh": .morning,
        "afternoon": .afternoon, "pomeriggio": .afternoon, "tarde": .afternoon, "nachmittag": .afternoon,
        "nachmittags": .afternoon,
        "evening": .evening, "soir": .evening, "soiree": .evening, "sera": .evening, "abend": .evening,
        "abends": .evening,
        "night": .night, "tonight": .night, "nuit": .night, "notte": .night, "stasera": .night,
        "noite": .night, "nacht": .night, "nachts": .night,
    ]
    /// Parts of the day that also say "today" ("tonight", "stasera", "ce soir").
    static let todayParts: Set<String> = ["tonight", "stasera"]

    /// Weekdays, Monday first (1) to Sunday (7).
    static let weekdays: [String: Int] = {
        var table: [String: Int] = [:]
        let lists: [[String]] = [
            ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
            ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
            ["lunedi", "martedi", "mercoledi", "giovedi", "venerdi", "sabato", "domenica"],
            ["segunda", "terca", "quarta", "quinta", "sexta", "sabado", "domingo"],
            ["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"],
        ]
        for list in lists { for (index, word) in list.enumerated() { table[word] = index + 1 } }
        table["sonnabend"] = 6
        return table
    }()

    /// Months, January first (1).
    static let months: [String: Int] = {
        var table: [String: Int] = [:]
        let lists: [[String]] = [
            [
                "january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october",
                "november", "december",
            ],
            ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
            [
                "janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre",
                "octobre",
                "novembre", "decembre",
            ],
            [
                "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
                "ottobre", "novembre", "dicembre",
            ],
            [
                "janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro",
                "outubro",
                "novembro", "dezembro",
            ],
            [
                "januar", "februar", "marz", "april", "mai", "juni", "juli", "august", "september", "oktober",
                "november", "dezember",
            ],
        ]
        for list in lists { for (index, word) in list.enumerated() { table[word] = index + 1 } }
        table["sept"] = 9
        return table
    }()

    /// English month names, for messages.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// Chinese numerals.
    static let chineseDigits: [Character: Int] = [
        "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
        "九": 9,
    ]
    /// Chinese units of a duration ("分钟", "小時", "天", "星期", "个月", "年").
    static let chineseUnits: [(String, ReminderMoment.Unit)] = [
        ("分钟", .minute), ("分鐘", .minute), ("小时", .hour), ("小時", .hour), ("钟头", .hour), ("鐘頭", .hour),
        ("星期", .week), ("礼拜", .week), ("禮拜", .week), ("周", .week), ("週", .week), ("天", .day), ("日", .day),
        ("月", .month), ("年", .year), ("分", .minute),
    ]
    /// Chinese words after a duration ("后", "以後", "之后").
    static let chineseAfter = ["以后", "以後", "之后", "之後", "后", "後"]
    /// Chinese parts of the day.
    static let chineseParts: [(String, ReminderMoment.PartOfDay)] = [
        ("今晚", .night), ("晚上", .evening), ("傍晚", .evening), ("下午", .afternoon), ("中午", .noon),
        ("早上", .morning), ("上午", .morning), ("早晨", .morning), ("凌晨", .early),
    ]
    /// Chinese days: today, tomorrow, the day after.
    static let chineseDays: [(String, Int)] = [
        ("今天", 0), ("今日", 0), ("今晚", 0), ("明天", 1), ("明日", 1), ("明晚", 1), ("后天", 2), ("後天", 2),
    ]
    /// Chinese weekdays' prefixes ("星期一", "周一", "週一", "礼拜一"), then the day.
    static let chineseWeekPrefixes = ["星期", "礼拜", "禮拜", "周", "週"]
    static let chineseWeekdays: [Character: Int] = [
        "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7,
    ]
}
