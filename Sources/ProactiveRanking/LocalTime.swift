import Foundation

/// The local hour and day of the week of an instant, computed from a fixed offset from UTC.
///
/// Computed arithmetically (no calendar) so that it is cheap enough for every prediction.
struct LocalTime: Sendable, Hashable {
    /// The hour of the day, 0…23.
    var hour: Int
    /// The day of the week, 0 = Monday … 6 = Sunday.
    var weekday: Int

    /// The local time of `date` in `timeZone`.
    init(_ date: Date, in timeZone: TimeZone) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        hour = secondOfDay / 3_600
        // 1970-01-01 was a Thursday (weekday 3 when Monday is 0).
        weekday = ((days + 3) % 7 + 7) % 7
    }

    /// Whether the day is a Saturday or a Sunday.
    var isWeekend: Bool { weekday >= 5 }

    /// The part of the day, 0…5, in four-hour blocks starting at midnight.
    var partOfDay: Int { hour / 4 }

    /// Weekday or weekend crossed with the part of the day, 0…11.
    var dayPart: Int { (isWeekend ? 6 : 0) + partOfDay }

    /// A phrase for a day part, e.g. "weekday mornings".
    static func phrase(dayPart: Int) -> String {
        let days = dayPart >= 6 ? "weekend" : "weekday"
        let parts = ["nights", "early mornings", "mornings", "afternoons", "evenings", "late evenings"]
        return "\(days) \(parts[dayPart % 6])"
    }

    /// A phrase for an hour, e.g. "around 8 am".
    static func phrase(hour: Int) -> String {
        switch hour {
        case 0: return "around midnight"
        case 12: return "around noon"
        case 1..<12: return "around \(hour) am"
        default: return "around \(hour - 12) pm"
        }
    }
}
