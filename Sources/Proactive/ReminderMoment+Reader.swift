import Foundation

extension ReminderMoment {
    /// Reads the moments of an utterance's tokens, left to right: at each token, a duration, a
    /// date, a day, a time of day or a part of the day, whichever starts there.
    struct Reader {
        typealias Words = ReminderMomentWords

        let tokens: [Token]
        let monthFirst: Bool
        var found = ReminderMoment()

        init(tokens: [Token], monthFirst: Bool) {
            self.tokens = tokens
            self.monthFirst = monthFirst
        }

        mutating func read() throws(Failure) {
            var i = 0
            while i < tokens.count { i = try next(at: i) ?? i + 1 }
        }

        /// The index after what starts at `i`, or `nil` when nothing does.
        mutating func next(at i: Int) throws(Failure) -> Int? {
            if let next = try duration(at: i) { return next }
            if let next = try chineseDuration(at: i) { return next }
            if let next = try date(at: i) { return next }
            if let next = try chineseDate(at: i) { return next }
            if let next = try day(at: i) { return next }
            if let next = try chineseDay(at: i) { return next }
            if let next = try clock(at: i) { return next }
            if let next = try chineseClock(at: i) { return next }
            return try part(at: i)
        }

        // MARK: Tokens

        func word(_ i: Int) -> String? {
            guard i < tokens.count, case .word(let word) = tokens[i] else { return nil }
            return word
        }

        func number(_ i: Int, digits: ClosedRange<Int> = 1...Int.max) -> Int? {
            guard i < tokens.count, case .number(let value, let count) = tokens[i], digits.contains(count)
            else {
                return nil
            }
            return value
        }

        func isMark(_ i: Int, _ marks: Set<Character>) -> Bool {
            guard i < tokens.count, case .mark(let mark) = tokens[i] else { return false }
            return marks.contains(mark)
        }

        /// The index after `text` when the unsegmented characters from `i` spell it.
        func cjk(_ i: Int, _ text: String) -> Int? {
            var j = i
            for character in text {
                guard j < tokens.count, tokens[j] == .cjk(character) else { return nil }
                j += 1
            }
            return j
        }

        /// The first of `texts` spelled from `i`, and the index after it.
        func cjk<T>(_ i: Int, _ texts: [(String, T)]) -> (T, Int)? {
            for (text, value) in texts { if let end = cjk(i, text) { return (value, end) } }
            return nil
        }

        // MARK: Durations

        /// "in 10 minutes", "dans une heure et demie", "tra 2 giorni", "daqui a meia hora",
        /// "in 1 hour and 30 minutes".
        mutating func duration(at i: Int) throws(Failure) -> Int? {
            guard let introduction = word(i), Words.durationIntroductions.contains(introduction) else {
                return nil
            }
            var j = i + 1
            if introduction == "daqui" {
                guard word(j) == "a" else { return nil }
                j += 1
            } else if introduction == "dentro" {
                guard word(j) == "de" else { return nil }
                j += 1
            }
            guard let (first, end) = try amountAndUnit(at: j) else { return nil }
            var parts = [first]
            j = end
            while true {
                var k = j
                if let joiner = word(k), Words.and.contains(joiner) {
                    k += 1
                } else if isMark(k, [","]) {
                    k += 1
                }
                guard k != j, let (next, end) = try amountAndUnit(at: k) else { break }
                parts.append(next)
                j = end
            }
            found.duration += parts
            return j
        }

        /// An amount and its unit, with "and a half" after it: (unit, amount) and the index after.
        func amountAndUnit(at i: Int) throws(Failure) -> ((Unit, Double), Int)? {
            var j = i
            var amount: Double
            let negative = isMark(j, ["-"])
            if negative { j += 1 }
            if let value = number(j) {
                amount = Double(value)
                j += 1
                // A decimal amount: "1.5 hours", "1,5 heure", "2,5 Stunden".
                if isMark(j, [".", ","]), j + 1 < tokens.count,
                    case .number(let fraction, let digits) = tokens[j + 1],
                    digits <= 6, let unit = word(j + 2), Words.units[unit] != nil
                {
                    var scale = 1.0
                    for _ in 0..<digits { scale *= 10 }
                    amount += Double(fraction) / scale
                    j += 2
                }
            } else if word(j) == "mezzora" {
                return ((.hour, 0.5), j + 1)
            } else if let text = word(j), let value = Words.numbers[text] {
                amount = Double(value)
                j += 1
                // "une demi-heure", "einer halben Stunde", "a half hour"
                if value == 1, let next = word(j), Words.half.contains(next) {
                    amount = 0.5
                    j += 1
                }
            } else if let text = word(j), Words.half.contains(text) {
                amount = 0.5
                j += 1
                // "half an hour"
                if let article = word(j), ["a", "an"].contains(article) { j += 1 }
            } else {
                return nil
            }
            guard let text = word(j), let unit = Words.units[text] else { return nil }
            j += 1
            guard !negative, amount > 0 else {
                throw Failure(message: "a duration from now must be more than zero (in 10 minutes)")
            }
            // "and a half", "et demie", "e mezza", "e meia"
            if let joiner = word(j), Words.and.contains(joiner) {
                var k = j + 1
                if let article = word(k), ["a", "une", "eine"].contains(article) { k += 1 }
                if let text = word(k), Words.half.contains(text) {
                    amount += 0.5
                    j = k + 1
                }
            }
            return ((unit, amount), j)
        }

        /// "5分钟后", "半小时后", "一个半小时后", "过10分钟", "三天后".
        mutating func chineseDuration(at i: Int) throws(Failure) -> Int? {
            var j = i
            let past = cjk(j, "过") ?? cjk(j, "過")
            if let past { j = past }
            var amount: Double
            if let (value, end) = chineseAmount(at: j) {
                amount = Double(value)
                j = end
            } else if let end = cjk(j, "半") {
                amount = 0.5
                j = end
            } else {
                return nil
            }
            if let end = cjk(j, "个") ?? cjk(j, "個") { j = end }
            if amount >= 1, let end = cjk(j, "半") {
                amount += 0.5
                j = end
            }
            guard let (unit, end) = cjk(j, Words.chineseUnits) else { return nil }
            j = end
            var after: Int?
            for word in Words.chineseAfter where after == nil { after = cjk(j, word) }
            guard past != nil || after != nil else { return nil }
            if let after { j = after }
            guard amount > 0 else {
                throw Failure(message: "a duration from now must be more than zero (10分钟后)")
            }
            found.duration.append((unit, amount))
            return j
        }

        /// A number in digits or in Chinese numerals (to 99), and the index after it.
        func chineseAmount(at i: Int) -> (Int, Int)? {
            if let value = number(i) { return (value, i + 1) }
            var j = i
            var value = 0
            var digit: Int?
            var read = false
            while j < tokens.count, case .cjk(let character) = tokens[j] {
                if let d = Words.chineseDigits[character] {
                    digit = d
                } else if character == "十" {
                    value += (digit ?? 1) * 10
                    digit = nil
                } else {
                    break
                }
                read = true
                j += 1
            }
            guard read else { return nil }
            return (value + (digit ?? 0), j)
        }

        // MARK: Dates

        /// "2027-04-30", "30/04/2027", "30.04.", "April 30", "30 avril 2027", "30 de abril".
        mutating func date(at i: Int) throws(Failure) -> Int? {
            // 2027-04-30
            if let year = number(i, digits: 4...4), isMark(i + 1, ["-"]),
                let month = number(i + 2, digits: 1...2),
                isMark(i + 3, ["-"]), let day = number(i + 4, digits: 1...2)
            {
                try found.set(day: .date(year: year, month: month, day: day))
                try valid(year: year, month, day)
                return i + 5
            }
            // 30/04/2027, 30/04, 30.04.2027, 30.04.
            if let first = number(i, digits: 1...2), isMark(i + 1, ["/", "."]),
                let second = number(i + 2, digits: 1...2)
            {
                guard case .mark(let mark) = tokens[i + 1] else { return nil }
                var year: Int?
                var end = i + 3
                if isMark(i + 3, [mark]), let y = number(i + 4, digits: 2...4) {
                    year = y < 100 ? 2000 + y : y
                    end = i + 5
                } else if isMark(i + 3, [mark]) {
                    end = i + 4
                } else if mark == "." {
                    // 7.45 is a time of day ("um 7.45"), not a date.
                    return nil
                }
                let monthFirst = second > 12 || (first <= 12 && self.monthFirst)
                let (month, day) = monthFirst ? (first, second) : (second, first)
                try found.set(day: .date(year: year, month: month, day: day))
                try valid(year: year, month, day)
                return end
            }
            // 30 April, 30th of April, 30. April, 30 de abril [de] [2027]
            if let day = number(i, digits: 1...2) {
                var j = i + 1
                if let suffix = word(j), ["st", "nd", "rd", "th", "er", "o"].contains(suffix) { j += 1 }
                if isMark(j, ["."]) { j += 1 }
                if let of = word(j), ["of", "de"].contains(of) { j += 1 }
                if let text = word(j), let month = Words.months[text] {
                    j += 1
                    let year = self.year(after: j)
                    try found.set(day: .date(year: year?.0, month: month, day: day))
                    try valid(year: year?.0, month, day)
                    return year?.1 ?? j
                }
            }
            // April 30, April 30th, 2027
            if let text = word(i), let month = Words.months[text], let day = number(i + 1, digits: 1...2) {
                var j = i + 2
                if let suffix = word(j), ["st", "nd", "rd", "th"].contains(suffix) { j += 1 }
                let year = self.year(after: j)
                try found.set(day: .date(year: year?.0, month: month, day: day))
                try valid(year: year?.0, month, day)
                return year?.1 ?? j
            }
            return nil
        }

        /// A year of four digits after a date (", 2027", "de 2027"), and the index after it.
        func year(after i: Int) -> (Int, Int)? {
            var j = i
            if isMark(j, [","]) || word(j) == "de" { j += 1 }
            guard let year = number(j, digits: 4...4) else { return nil }
            return (year, j + 1)
        }

        func valid(year: Int?, _ month: Int, _ day: Int) throws(Failure) {
            // A year's 29 February is checked with the year it falls in.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            guard ReminderMoment.date(year: year ?? 2028, month, day, calendar) != nil else {
                throw Failure(message: "\(ReminderMoment.described(year: year, month, day)) is not a date")
            }
        }

        /// "2027年4月30日", "4月30号".
        mutating func chineseDate(at i: Int) throws(Failure) -> Int? {
            var j = i
            var year: Int?
            if let y = number(j, digits: 4...4), let end = cjk(j + 1, "年") {
                year = y
                j = end
            }
            guard let (month, afterMonth) = chineseAmount(at: j), let monthEnd = cjk(afterMonth, "月"),
                let (day, afterDay) = chineseAmount(at: monthEnd),
                let end = cjk(afterDay, "日") ?? cjk(afterDay, "号") ?? cjk(afterDay, "號")
            else { return nil }
            try found.set(day: .date(year: year, month: month, day: day))
            try valid(year: year, month, day)
            return end
        }

        // MARK: Days

        /// Today, tonight, tomorrow, the day after, a weekday; "this evening", "heute morgen".
        mutating func day(at i: Int) throws(Failure) -> Int? {
            guard let text = word(i) else { return nil }
            // "this evening", "ce soir", "questa sera", "esta noite", "heute Abend", "heute morgen"
            if ["this", "ce", "cet", "cette", "questa", "questo", "esta", "este", "heute"].contains(text) {
                let next = word(i + 1)
                if let next, let part = Words.parts[next] ?? (next == "morgen" ? .morning : nil) {
                    try found.set(day: .offset(0))
                    found.part = part
                    return i + 2
                }
            }
            // "am Morgen": in the morning, not tomorrow
            if text == "am", word(i + 1) == "morgen" {
                found.part = .morning
                return i + 2
            }
            if text == "day", word(i + 1) == "after", word(i + 2) == "tomorrow" {
                try found.set(day: .offset(2))
                return i + 3
            }
            if text == "apres", word(i + 1) == "demain" {
                try found.set(day: .offset(2))
                return i + 2
            }
            if text == "depois", word(i + 1) == "de", word(i + 2) == "amanha" {
                try found.set(day: .offset(2))
                return i + 3
            }
            if Words.dayAfterTomorrow.contains(text) {
                try found.set(day: .offset(2))
                return i + 1
            }
            if Words.tomorrow.contains(text) {
                try found.set(day: .offset(1))
                return i + 1
            }
            if Words.today.contains(text) {
                try found.set(day: .offset(0))
                return text == "aujourd" && word(i + 1) == "hui" ? i + 2 : i + 1
            }
            if Words.todayParts.contains(text) {
                try found.set(day: .offset(0))
                found.part = .night
                return i + 1
            }
            if let weekday = Words.weekdays[text] {
                try found.set(day: .weekday(weekday))
                return word(i + 1) == "feira" ? i + 2 : i + 1
            }
            return nil
        }

        /// 今天, 明天, 后天, 今晚, 明晚, 星期五, 周一.
        mutating func chineseDay(at i: Int) throws(Failure) -> Int? {
            if let (offset, end) = cjk(i, Words.chineseDays) {
                try found.set(day: .offset(offset))
                if cjk(i, "今晚") != nil || cjk(i, "明晚") != nil { found.part = .night }
                return end
            }
            for prefix in Words.chineseWeekPrefixes {
                guard let start = cjk(i, prefix), start < tokens.count,
                    case .cjk(let character) = tokens[start],
                    let weekday = Words.chineseWeekdays[character]
                else { continue }
                try found.set(day: .weekday(weekday))
                return start + 1
            }
            return nil
        }

        // MARK: Times of day

        /// "9:30", "9h30", "21h", "15 Uhr", "3 pm", "at 9", "à 9", "um halb 10", noon, midnight.
        mutating func clock(at i: Int) throws(Failure) -> Int? {
            var j = i
            var hasAt = false
            if let text = word(j), Words.atWords.contains(text) {
                hasAt = true
                j += 1
            }
            if let text = word(j), Words.noon.contains(text) {
                try found.set(clock: Clock(hour: 12, minute: 0))
                return j + 1
            }
            if let text = word(j), Words.midnight.contains(text) {
                try found.set(clock: Clock(hour: 24, minute: 0))
                return j + 1
            }
            // "um halb 10": half an hour before ten
            if hasAt, word(j) == "halb", let hour = number(j + 1, digits: 1...2) {
                try set(hour: hour - 1, minute: 30, meridiem: nil, said: "halb \(hour)")
                return j + 2
            }
            guard let hour = number(j, digits: 1...2) else { return nil }
            var k = j + 1
            var minute: Int?
            var marked = false
            if isMark(k, [":"]), let m = number(k + 1, digits: 2...2) {
                minute = m
                k += 2
                marked = true
            } else if hasAt, isMark(k, ["."]), let m = number(k + 1, digits: 2...2), !isMark(k + 2, ["."]) {
                minute = m
                k += 2
                marked = true
            }
            if let mark = word(k), Words.hourMarks.contains(mark) {
                marked = true
                k += 1
                if minute == nil, let m = number(k, digits: 2...2) {
                    minute = m
                    k += 1
                }
            } else if word(k) == "o", word(k + 1) == "clock" {
                marked = true
                k += 2
            }
            var meridiem: Character?
            if let (value, end) = self.meridiem(at: k) {
                meridiem = value
                marked = true
                k = end
            }
            guard marked || hasAt else { return nil }
            // A bare number after "at" that goes on as a date is the date's.
            if !marked {
                if isMark(k, ["/", "-", "."]) { return nil }
                if let next = word(k), Words.months[next] != nil || Words.units[next] != nil { return nil }
                if let next = word(k), ["st", "nd", "rd", "th", "er"].contains(next) { return nil }
            }
            // "et demie", "e mezza", "e meia", "et quart", "e un quarto"
            if minute == nil, let joiner = word(k), Words.and.contains(joiner) {
                var l = k + 1
                if let article = word(l), ["un", "una"].contains(article) { l += 1 }
                if let text = word(l), Words.pastHalf.contains(text) {
                    minute = 30
                    k = l + 1
                } else if let text = word(l), Words.pastQuarter.contains(text) {
                    minute = 15
                    k = l + 1
                }
            }
            let said = minute.map { "\(hour):\($0 < 10 ? "0" : "")\($0)" } ?? "\(hour)"
            try set(hour: hour, minute: minute ?? 0, meridiem: meridiem, said: said)
            return k
        }

        /// "am", "pm", "a.m.", "p.m." at `i`: its first letter and the index after it.
        func meridiem(at i: Int) -> (Character, Int)? {
            if let text = word(i), text == "am" || text == "pm" { return (text.first!, i + 1) }
            if let text = word(i), text == "a" || text == "p", isMark(i + 1, ["."]), word(i + 2) == "m" {
                return (text.first!, isMark(i + 3, ["."]) ? i + 4 : i + 3)
            }
            return nil
        }

        mutating func set(hour: Int, minute: Int, meridiem: Character?, said: String) throws(Failure) {
            let hours = meridiem == nil ? 0...24 : 1...12
            guard hours.contains(hour), (0...59).contains(minute), hour < 24 || minute == 0 else {
                let suffix = meridiem.map { " \($0)m" } ?? ""
                throw Failure(message: "\(said)\(suffix) is not a time of day")
            }
            try found.set(clock: Clock(hour: hour, minute: minute, meridiem: meridiem))
        }

        /// "3点", "下午3點半", "三点一刻", "8点15分", "十二點".
        mutating func chineseClock(at i: Int) throws(Failure) -> Int? {
            guard let (hour, afterHour) = chineseAmount(at: i),
                let marked = cjk(afterHour, "点") ?? cjk(afterHour, "點") ?? cjk(afterHour, "时")
                    ?? cjk(afterHour, "時")
            else { return nil }
            var j = marked
            var minute = 0
            if let end = cjk(j, "半") {
                minute = 30
                j = end
            } else if let end = cjk(j, "一刻") {
                minute = 15
                j = end
            } else if let end = cjk(j, "三刻") {
                minute = 45
                j = end
            } else if let (value, end) = chineseAmount(at: j) {
                minute = value
                j = cjk(end, "分") ?? end
            }
            try set(
                hour: hour, minute: minute, meridiem: nil, said: "\(hour)点\(minute == 0 ? "" : "\(minute)分")")
            return j
        }

        // MARK: Parts of the day

        /// "morning", "après-midi", "sera", "noite", "abends", 下午.
        mutating func part(at i: Int) throws(Failure) -> Int? {
            if word(i) == "apres", word(i + 1) == "midi" {
                found.part = .afternoon
                return i + 2
            }
            if let text = word(i), let part = Words.parts[text] {
                // "mais tarde" is "later", not the afternoon.
                if text == "tarde", i > 0, let before = word(i - 1),
                    ["mais", "bem", "muito"].contains(before)
                {
                    return i + 1
                }
                found.part = part
                return i + 1
            }
            if let (part, end) = cjk(i, Words.chineseParts) {
                found.part = part
                return end
            }
            return nil
        }
    }
}
