import Foundation
import ProactiveModel
import ProactiveText

/// When a reminder is due, from what the user said: arriving home or at work, leaving, or a
/// moment ("tomorrow at 9", "demain à 9h30", "明天下午3點"), in the six languages of the phrase
/// table (`reminder-phrases.json`).
enum ReminderTriggerParser {
    /// The trigger the utterance names, or `nil`.
    static func trigger(in utterance: String, now: Date, timeZone: TimeZone) -> Reminder.Trigger? {
        guard let (key, _) = AssistantPhrases.reminderTriggers.intent(of: utterance) else { return nil }
        switch key {
        case "arrival:home": return .init(type: .arrival, place: "home")
        case "arrival:work": return .init(type: .arrival, place: "work")
        case "departure": return .init(type: .departure)
        case "time:tomorrow", "time:today":
            guard let (hour, minute) = time(in: TextFolding.fold(utterance)) else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let today = calendar.startOfDay(for: now)
            guard
                let day = calendar.date(byAdding: .day, value: key == "time:tomorrow" ? 1 : 0, to: today),
                var moment = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)
            else { return nil }
            if moment <= now, let next = calendar.date(byAdding: .day, value: 1, to: moment) { moment = next }
            return .init(type: .time, at: moment)
        default:
            return nil
        }
    }

    private static let clock = try! NSRegularExpression(
        pattern: #"(\d{1,2})(?:\s*(?::|h|\.|點|点|uhr)\s*(\d{2}|半)?)?\s*(p\.?m\.?|a\.?m\.?)?"#)

    /// Words that put an hour in the afternoon or evening.
    private static let evening = [
        "tonight", "this evening", "ce soir", "stasera", "esta noite", "heute abend", "abends", "下午", "晚上",
        "今晚",
    ]

    /// The first hour said (0–23, with minutes), read as afternoon when the words say so.
    static func time(in folded: String) -> (hour: Int, minute: Int)? {
        let range = NSRange(folded.startIndex..., in: folded)
        for match in clock.matches(in: folded, range: range) {
            guard let hourRange = Range(match.range(at: 1), in: folded), var hour = Int(folded[hourRange])
            else {
                continue
            }
            var minute = 0
            if let minuteRange = Range(match.range(at: 2), in: folded) {
                let text = folded[minuteRange]
                minute = text == "半" ? 30 : Int(text) ?? 0
            }
            let suffix = Range(match.range(at: 3), in: folded).map { String(folded[$0]) }
            let afternoon = suffix?.hasPrefix("p") == true || evening.contains { folded.contains($0) }
            if afternoon && hour < 12 { hour += 12 }
            if suffix?.hasPrefix("a") == true && hour == 12 { hour = 0 }
            guard (0...23).contains(hour), (0...59).contains(minute) else { continue }
            return (hour, minute)
        }
        return nil
    }
}
