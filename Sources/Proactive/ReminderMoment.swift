import Foundation
import ProactiveText

/// The moment a reminder names, read from what the user said in any of the six languages: a
/// duration from now ("in 10 minutes", "dans une heure", "tra 2 giorni", "daqui a meia hora",
/// "in einer Stunde", "5分钟后"), a day (today, tonight, tomorrow, the day after, a weekday, a
/// date such as "April 30", "30/04/2027", "2027-04-30", "30 avril", "4月30日"), a time of day
/// ("at 9", "9:30", "3 pm", "21h", "15 Uhr", "alle 9 e mezza", "下午3點", noon, midnight) or a
/// part of the day ("tomorrow morning", "ce soir").
///
/// Numbers count only where they say a moment: as an hour after "at" (and its like) or
/// before ":", "h", "Uhr", "pm", "点"; as an amount before a unit after "in"; as a date's parts.
/// A moment that cannot be (25:99, 31 April, "in -5 minutes", one that has passed, or more than
/// ten years ahead) is an error that says so, never another moment.
struct ReminderMoment {
    /// A unit of a duration.
    enum Unit {
        case minute, hour, day, week, month, year
    }

    /// A part of the day: the hour it stands for alone, and whether an hour said with it is
    /// in the afternoon or evening ("at 8 tonight").
    enum PartOfDay {
        case early, morning, noon, afternoon, evening, night

        var hour: Int {
            switch self {
            case .early: 6
            case .morning: 9
            case .noon: 12
            case .afternoon: 15
            case .evening: 18
            case .night: 20
            }
        }

        var isLater: Bool { self == .afternoon || self == .evening || self == .night }
    }

    /// Why a moment that was said cannot be a reminder's.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// A day said.
    enum Day: Equatable {
        /// Today (0), tomorrow (1), the day after (2).
        case offset(Int)
        /// A weekday, Monday 1 to Sunday 7: the next one after today.
        case weekday(Int)
        /// A date; without a year, the next one from today.
        case date(year: Int?, month: Int, day: Int)
    }

    /// A time of day said: the hour (0–24), minute, and whether "am" or "pm" was said.
    struct Clock: Equatable {
        var hour: Int
        var minute: Int
        var meridiem: Character?
    }

    /// The most a reminder can be ahead.
    static let farthest: TimeInterval = 10 * 366 * 24 * 3600

    /// The moment `utterance` names, in `timeZone`, after `now`; `nil` when it names none.
    /// `monthFirst` reads 04/05 as April 5 (American English) rather than 4 May.
    static func moment(in utterance: String, now: Date, timeZone: TimeZone, monthFirst: Bool = false)
        throws(Failure) -> Date?
    {
        var reader = Reader(tokens: Token.tokens(TextFolding.fold(utterance)), monthFirst: monthFirst)
        try reader.read()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return try reader.found.moment(now: now, calendar: calendar)
    }

    // MARK: What was found

    var duration: [(Unit, Double)] = []
    var day: Day?
    var clock: Clock?
    var part: PartOfDay?

    mutating func set(day new: Day) throws(Failure) {
        if let day, day != new { throw Failure(message: "the request names two days; say one") }
        day = new
    }

    mutating func set(clock new: Clock) throws(Failure) {
        if let clock, clock != new { throw Failure(message: "the request names two times of day; say one") }
        clock = new
    }

    /// The moment of what was found.
    func moment(now: Date, calendar: Calendar) throws(Failure) -> Date? {
        if !duration.isEmpty {
            guard day == nil else {
                throw Failure(
                    message: "the request names both a duration and a day; say one (in 2 days, or on Friday)")
            }
            let calendarOnly = duration.allSatisfy { $0.0 != .minute && $0.0 != .hour }
            guard clock == nil || calendarOnly else {
                throw Failure(
                    message:
                        "the request names both a duration and a time of day; say one (in 2 hours, or at 9)")
            }
            var moment = now
            for (unit, amount) in duration {
                guard let next = Self.add(amount, unit, to: moment, calendar: calendar) else {
                    throw Failure(message: "a reminder can be at most 10 years ahead")
                }
                moment = next
            }
            // "in 2 days at 9", "dans 3 jours le soir"; a part of the day with minutes or hours
            // is a word of the reminder's subject ("in 2 hours about the morning meeting").
            if clock != nil || (part != nil && calendarOnly) {
                moment = try at(timeOfDay(), on: calendar.startOfDay(for: moment), calendar: calendar)
            }
            return try checked(moment, now: now, calendar: calendar)
        }
        guard day != nil || clock != nil || part != nil else { return nil }
        let time = try timeOfDay()
        let today = calendar.startOfDay(for: now)
        var date: Date
        switch day {
        case .offset(let days):
            date = calendar.date(byAdding: .day, value: days, to: today) ?? today
        case .weekday(let weekday):
            // Calendar's weekdays run from Sunday (1); the next one strictly after today.
            let wanted = weekday % 7 + 1
            date =
                calendar.nextDate(
                    after: today, matching: DateComponents(weekday: wanted), matchingPolicy: .nextTime)
                ?? today
        case .date(let year, let month, let dayOfMonth):
            guard
                let found = Self.date(
                    year: year ?? calendar.component(.year, from: now), month, dayOfMonth, calendar)
            else {
                throw Failure(message: "\(Self.described(year: year, month, dayOfMonth)) is not a date")
            }
            date = found
            if year == nil, date < today,
                let next = Self.date(
                    year: calendar.component(.year, from: now) + 1, month, dayOfMonth, calendar)
            {
                date = next
            }
        case nil:
            date = today
        }
        var moment = try at(time, on: date, calendar: calendar)
        if day == nil, moment <= now, let tomorrow = calendar.date(byAdding: .day, value: 1, to: date) {
            // A time of day alone: its next occurrence.
            moment = try at(time, on: tomorrow, calendar: calendar)
        }
        return try checked(moment, now: now, calendar: calendar)
    }

    /// The hour and minute said (an hour of the afternoon where the words say so), else the
    /// part of the day's, else 9:00.
    func timeOfDay() throws(Failure) -> (hour: Int, minute: Int) {
        guard var clock else { return (part?.hour ?? 9, 0) }
        switch clock.meridiem {
        case "p": if clock.hour < 12 { clock.hour += 12 }
        case "a": if clock.hour == 12 { clock.hour = 0 }
        default: if part?.isLater == true, clock.hour < 12 { clock.hour += 12 }
        }
        return (clock.hour, clock.minute)
    }

    /// `time` on the day that starts at `day` (24:00 is the next day's start).
    func at(_ time: (hour: Int, minute: Int), on day: Date, calendar: Calendar) throws(Failure) -> Date {
        var components = calendar.dateComponents([.year, .month, .day], from: day)
        components.hour = time.hour % 24
        components.minute = time.minute
        guard var moment = calendar.date(from: components) else {
            throw Failure(message: "the moment cannot be placed in the time zone")
        }
        if time.hour == 24 { moment = calendar.date(byAdding: .day, value: 1, to: moment) ?? moment }
        return moment
    }

    /// `moment`, when it is ahead of `now` and not too far.
    func checked(_ moment: Date, now: Date, calendar: Calendar) throws(Failure) -> Date {
        guard moment > now else {
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            throw Failure(message: "\(formatter.string(from: moment)) has passed; say a moment ahead")
        }
        guard moment.timeIntervalSince(now) <= Self.farthest else {
            throw Failure(message: "a reminder can be at most 10 years ahead")
        }
        return moment
    }

    /// `date` moved by `amount` of `unit` (a fraction of a day or more as hours, of a month as
    /// days).
    static func add(_ amount: Double, _ unit: Unit, to date: Date, calendar: Calendar) -> Date? {
        guard amount <= 10 * 366 * 24 * 60 else { return nil }
        let whole = Int(amount)
        let fraction = amount - Double(whole)
        switch unit {
        case .minute: return date.addingTimeInterval(amount * 60)
        case .hour: return date.addingTimeInterval(amount * 3600)
        case .day, .week:
            let days = unit == .week ? 7 : 1
            guard whole <= 3660, let moved = calendar.date(byAdding: .day, value: whole * days, to: date)
            else {
                return nil
            }
            return moved.addingTimeInterval(fraction * Double(days) * 86_400)
        case .month, .year:
            let months = unit == .year ? 12 : 1
            guard whole <= 120, let moved = calendar.date(byAdding: .month, value: whole * months, to: date)
            else {
                return nil
            }
            return moved.addingTimeInterval(fraction * Double(months) * 30 * 86_400)
        }
    }

    /// The start of a day of the calendar, or `nil` when there is no such day.
    static func date(year: Int, _ month: Int, _ day: Int, _ calendar: Calendar) -> Date? {
        guard (1...12).contains(month), day >= 1, year >= 1, year <= 9999 else { return nil }
        let components = DateComponents(year: year, month: month, day: 1)
        guard let first = calendar.date(from: components),
            let days = calendar.range(of: .day, in: .month, for: first), days.contains(day)
        else { return nil }
        return calendar.date(byAdding: .day, value: day - 1, to: first)
    }

    /// A date as a message says it ("31 April 2027").
    static func described(year: Int?, _ month: Int, _ day: Int) -> String {
        guard (1...12).contains(month) else {
            return year.map { "\($0)-\(month)-\(day)" } ?? "\(day)/\(month)"
        }
        return "\(day) \(ReminderMomentWords.monthNames[month - 1])" + (year.map { " \($0)" } ?? "")
    }
}
