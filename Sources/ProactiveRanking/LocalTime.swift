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
}
