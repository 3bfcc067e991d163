import Foundation
import ProactiveModel
import ProactiveText

/// When a reminder is due, from what the user said: arriving home or at work, leaving (the
/// phrase table `reminder-phrases.json`, in the six languages), or a moment
/// (``ReminderMoment``: "in 10 minutes", "tomorrow at 9", "demain à 9h30", "明天下午3點").
enum ReminderTriggerParser {
    /// The trigger the utterance names, or `nil` when it names none; throws when it names a
    /// moment that cannot be one (25:99, 31 April, one that has passed).
    ///
    /// - Parameter monthFirst: whether 04/05 is April 5 (American English) rather than 4 May.
    static func trigger(in utterance: String, now: Date, timeZone: TimeZone, monthFirst: Bool = false)
        throws(ReminderMoment.Failure) -> Reminder.Trigger?
    {
        switch place(in: utterance) {
        case "arrival:home": return .init(type: .arrival, place: "home")
        case "arrival:work": return .init(type: .arrival, place: "work")
        case "departure": return .init(type: .departure)
        default:
            guard
                let moment = try ReminderMoment.moment(
                    in: utterance, now: now, timeZone: timeZone, monthFirst: monthFirst)
            else { return nil }
            return .init(type: .time, at: moment)
        }
    }

    /// The place trigger an utterance names (the phrase table's longest phrase found as whole
    /// words, ``AssistantPhrases/intent(of:)``), or `nil`.
    static func place(in utterance: String) -> String? {
        AssistantPhrases.reminderTriggers.intent(of: utterance)?.intent
    }
}
