import Foundation
import ProactiveModel
import ProactiveStorage

extension ProactiveEngine {
    /// How long a due reminder stays on the lock screen unless engaged or dismissed.
    static let reminderShownFor: TimeInterval = 12 * 3600

    /// Creates the reminder an utterance asks for, about the activity on screen; a moment it names
    /// is in `timeZone` (`monthFirst`: 04/05 is April 5).
    func remind(
        _ utterance: String, about entry: StoredEntry, now: Date, timeZone: TimeZone, monthFirst: Bool,
        wording: Wording
    ) throws -> AssistantAnswer {
        let named: Reminder.Trigger?
        do {
            named = try ReminderTriggerParser.trigger(
                in: utterance, now: now, timeZone: timeZone, monthFirst: monthFirst)
        } catch {
            throw EngineError(.invalidRequest, error.message, parameter: "utterance")
        }
        guard let trigger = named else {
            throw EngineError(
                .invalidRequest,
                "say when to remind: when I get home, when I get to work, when I leave, in 10 minutes, or tomorrow at 9",
                parameter: "utterance")
        }
        let attributes = SearchableAttributes(entry: entry, decoder: DonationCoding.makeDecoder())
        let place = PlaceCatalog.places(
            activity: attributes.activity, attributeSet: attributes.attributeSet, page: nil,
            phoneRegion: configuration.phoneRegion
        ).first?.place
        let title = entry.title ?? place?.name ?? entry.activityType ?? displayName(ofApp: entry.app)
        let id = try storage.write(user: user) { tx in
            try tx.insertReminder(
                StoredReminder(
                    entryID: entry.id, app: entry.app, title: title, triggerType: trigger.type.rawValue,
                    place: trigger.place, dueAt: trigger.at, createdAt: now))
        }
        let reminder = Reminder(
            id: RecordReference.reminder(id).description, title: title, trigger: trigger,
            activity: EntryReference(.activity, entry.id).description,
            app: entry.app,
            createdAt: now)
        return AssistantAnswer(
            intent: "remind", action: .init(type: .remind, app: entry.app), target: place, reminder: reminder,
            app: entry.app,
            why: wording.written([
                wording.onScreen(title, in: displayName(ofApp: entry.app)),
                wording.reminderDue(
                    wording.reminderCondition(
                        arrivalAt: trigger.type == .arrival ? trigger.place : nil,
                        departure: trigger.type == .departure, isTime: trigger.type == .time,
                        at: trigger.type == .time ? trigger.at.map { wording.moment($0, in: timeZone) } : nil)
                ),
            ]))
    }

    /// Of the open reminders, those whose trigger has happened, first on the lock screen: each
    /// links back to its activity.
    func due(
        _ open: [StoredReminder], models: ContextModels, now: Date, locale: String?, timeZone: TimeZone,
        into list: inout SuggestionList
    ) {
        let wording = Wording(locale: locale)
        var due: [(reminder: StoredReminder, since: Date)] = []
        for reminder in open {
            let since: Date? =
                switch Reminder.Trigger.Kind(rawValue: reminder.triggerType) {
                case .arrival: reminder.place.flatMap { models.arrivals[$0] }
                case .departure: models.lastDeparture
                case .time: reminder.dueAt
                case nil: nil
                }
            guard let since, since >= reminder.createdAt, since <= now,
                now.timeIntervalSince(since) <= Self.reminderShownFor
            else { continue }
            due.append((reminder, since))
        }
        for (reminder, since) in due.sorted(by: { $0.since > $1.since }) {
            let trigger = Reminder.Trigger(
                type: Reminder.Trigger.Kind(rawValue: reminder.triggerType) ?? .time, place: reminder.place,
                at: reminder.dueAt)
            list.add(
                Suggestion(
                    id: RecordReference.reminder(reminder.id).description, surface: list.surface,
                    kind: .reminder,
                    title: reminder.title,
                    subtitle: GeneratedText.format(subtitleTable(trigger), "", locale: locale),
                    action: .init(
                        type: .continue, app: reminder.app,
                        url: "proactive://continue?id=activity/\(reminder.entryID)"),
                    source: .init(app: reminder.app), score: 1,
                    why: [
                        wording.reminderAsked(
                            wording.reminderCondition(
                                arrivalAt: trigger.type == .arrival ? trigger.place : nil,
                                departure: trigger.type == .departure, isTime: trigger.type == .time,
                                at: trigger.type == .time
                                    ? trigger.at.map { wording.moment($0, in: timeZone) } : nil),
                            ago: now.timeIntervalSince(reminder.createdAt)),
                        wording.reminderHappened(
                            arrivalAt: trigger.type == .arrival ? (trigger.place ?? "there") : nil,
                            departure: trigger.type == .departure, ago: now.timeIntervalSince(since)),
                    ]))
        }
    }

    private func subtitleTable(_ trigger: Reminder.Trigger) -> [String: String] {
        switch trigger.type {
        case .arrival:
            trigger.place == "work"
                ? GeneratedText.reminderArrivedAtWork
                : trigger.place == "home" ? GeneratedText.reminderArrivedHome : GeneratedText.reminderDue
        case .departure: GeneratedText.reminderLeft
        case .time: GeneratedText.reminderDue
        }
    }

}
