import Foundation
import Testing

@testable import Proactive

/// Moments said in reminders, in the six languages: what each names, and the clear error for
/// one that cannot be. Before, any "a" (French "à" folded) and any digits made a moment: "in 5
/// minutes" was 05:00 tomorrow, "on 31/04/2027" today at 20:00, "in -5 minutes" 05:00.
@Suite struct ReminderMomentTests {
    /// Saturday 2026-11-21, 12:01 in Paris (11:01 UTC).
    static let zone = TimeZone(identifier: "Europe/Paris")!
    static let now: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: 2026, month: 11, day: 21, hour: 12, minute: 1))!
    }()

    /// A moment in Paris, as "yyyy-MM-dd HH:mm".
    static func text(_ date: Date?) -> String? {
        guard let date else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    static func moment(_ utterance: String, monthFirst: Bool = false) throws -> String? {
        text(try ReminderMoment.moment(in: utterance, now: now, timeZone: zone, monthFirst: monthFirst))
    }

    static let said: [(String, String)] = [
        // Durations
        ("remind me about this in 5 minutes", "2026-11-21 12:06"),
        ("remind me in an hour", "2026-11-21 13:01"),
        ("remind me in half an hour", "2026-11-21 12:31"),
        ("remind me in 1 hour and 30 minutes", "2026-11-21 13:31"),
        // Decimal amounts, with the language's decimal mark: before, not understood.
        ("remind me in 1.5 hours", "2026-11-21 13:31"),
        ("rappelle-moi dans 2,5 heures", "2026-11-21 14:31"),
        ("erinnere mich in 0,25 Stunden", "2026-11-21 12:16"),
        ("remind me in 2 days", "2026-11-23 12:01"),
        ("remind me in 2 days at 9", "2026-11-23 09:00"),
        ("rappelle-moi ça dans 10 minutes", "2026-11-21 12:11"),
        ("rappelle-moi dans une demi-heure", "2026-11-21 12:31"),
        ("rappelle-moi dans une heure et demie", "2026-11-21 13:31"),
        ("ricordamelo tra 5 minuti", "2026-11-21 12:06"),
        ("ricordamelo fra mezz'ora", "2026-11-21 12:31"),
        ("ricordamelo tra due giorni", "2026-11-23 12:01"),
        ("me lembre disso em 15 minutos", "2026-11-21 12:16"),
        ("me lembre disso daqui a meia hora", "2026-11-21 12:31"),
        ("me lembre disso dentro de uma hora", "2026-11-21 13:01"),
        ("erinnere mich in 5 Minuten daran", "2026-11-21 12:06"),
        ("erinnere mich in einer Stunde daran", "2026-11-21 13:01"),
        ("erinnere mich in einer halben Stunde", "2026-11-21 12:31"),
        ("10分钟后提醒我", "2026-11-21 12:11"),
        ("半小時後提醒我", "2026-11-21 12:31"),
        ("一个半小时后提醒我", "2026-11-21 13:31"),
        ("三天后提醒我", "2026-11-24 12:01"),
        // Days and times
        ("remind me about this tomorrow at 9", "2026-11-22 09:00"),
        ("remind me tomorrow at 3:30 pm", "2026-11-22 15:30"),
        ("remind me tomorrow at 3 p.m.", "2026-11-22 15:00"),
        ("remind me tomorrow morning", "2026-11-22 09:00"),
        ("remind me tomorrow", "2026-11-22 09:00"),
        ("remind me tonight at 8", "2026-11-21 20:00"),
        ("remind me this evening", "2026-11-21 18:00"),
        ("remind me at 9", "2026-11-22 09:00"),
        ("remind me at 18:45", "2026-11-21 18:45"),
        ("remind me at noon", "2026-11-22 12:00"),
        ("remind me at midnight", "2026-11-22 00:00"),
        ("remind me the day after tomorrow at 7 am", "2026-11-23 07:00"),
        ("remind me on Monday at 10", "2026-11-23 10:00"),
        ("remind me on Saturday", "2026-11-28 09:00"),
        ("remind me on April 30 at 9", "2027-04-30 09:00"),
        ("remind me on 30 April 2027 at 9", "2027-04-30 09:00"),
        ("remind me on 2027-04-30 at 09:15", "2027-04-30 09:15"),
        ("remind me on December 25th", "2026-12-25 09:00"),
        ("rappelle-moi ça demain à 9h30", "2026-11-22 09:30"),
        ("rappelle-moi demain à 21h", "2026-11-22 21:00"),
        ("rappelle-moi ce soir", "2026-11-21 18:00"),
        ("rappelle-moi après-demain à 8 heures", "2026-11-23 08:00"),
        ("rappelle-moi lundi à 9 h 15", "2026-11-23 09:15"),
        ("rappelle-moi le 30/04/2027 à 10h", "2027-04-30 10:00"),
        ("rappelle-moi le 3 décembre", "2026-12-03 09:00"),
        ("rappelle-moi demain à 9 heures et demie", "2026-11-22 09:30"),
        ("rappelle-moi demain après-midi", "2026-11-22 15:00"),
        ("rappelle-moi à midi", "2026-11-22 12:00"),
        ("ricordamelo domani alle 21", "2026-11-22 21:00"),
        ("ricordamelo domani alle 9 e mezza", "2026-11-22 09:30"),
        ("ricordamelo stasera alle 8", "2026-11-21 20:00"),
        ("ricordamelo dopodomani", "2026-11-23 09:00"),
        ("ricordamelo venerdì alle 18", "2026-11-27 18:00"),
        ("ricordamelo il 30 aprile", "2027-04-30 09:00"),
        ("me lembre disso amanhã às 8", "2026-11-22 08:00"),
        ("me lembre disso depois de amanhã às 14h", "2026-11-23 14:00"),
        ("me lembre disso na segunda-feira às 10", "2026-11-23 10:00"),
        ("me lembre disso em 30 de abril de 2027", "2027-04-30 09:00"),
        ("me lembre disso hoje à noite", "2026-11-21 20:00"),
        ("erinnere mich morgen um 7:45 daran", "2026-11-22 07:45"),
        ("erinnere mich morgen um 15 Uhr", "2026-11-22 15:00"),
        ("erinnere mich heute Abend", "2026-11-21 18:00"),
        ("erinnere mich übermorgen um halb 10", "2026-11-23 09:30"),
        ("erinnere mich am Montag um 9", "2026-11-23 09:00"),
        ("erinnere mich am 30.04.2027 um 8", "2027-04-30 08:00"),
        ("erinnere mich am 30. April", "2027-04-30 09:00"),
        ("erinnere mich übermorgen am Morgen", "2026-11-23 09:00"),
        // A part of the day beside minutes or hours is the subject's, not the moment's.
        ("remind me in 2 hours about the morning meeting", "2026-11-21 14:01"),
        ("remind me in 2 days in the evening", "2026-11-23 18:00"),
        ("明天下午3點提醒我", "2026-11-22 15:00"),
        ("明天早上八点半提醒我", "2026-11-22 08:30"),
        ("今晚八点提醒我", "2026-11-21 20:00"),
        ("后天上午十点提醒我", "2026-11-23 10:00"),
        ("星期一下午两点提醒我", "2026-11-23 14:00"),
        ("2027年4月30日提醒我", "2027-04-30 09:00"),
        ("4月30号上午9点提醒我", "2027-04-30 09:00"),
        ("下午五点一刻提醒我", "2026-11-21 17:15"),
    ]

    @Test(arguments: said)
    func aMomentSaidIsTheMomentMeant(_ utterance: String, expected: String) throws {
        #expect(try Self.moment(utterance) == expected, "\(utterance)")
    }

    /// Numbers that are not moments name none.
    @Test(arguments: [
        "remind me about this", "remind me to buy 2 apples", "remind me about the 3 reports",
        "remind me about that", "rappelle-moi ça", "ricordamelo", "erinnere mich daran",
        "提醒我这件事", "me lembre disso mais tarde",
    ])
    func numbersThatSayNoMomentNameNone(_ utterance: String) throws {
        #expect(try Self.moment(utterance) == nil, "\(utterance)")
    }

    static let impossible: [(String, String)] = [
        ("remind me at 25:99 about this", "25:99 is not a time of day"),
        ("remind me at 25", "25 is not a time of day"),
        ("remind me at 13 pm", "13 pm is not a time of day"),
        ("remind me on February 30", "30 February is not a date"),
        ("remind me on 2027-13-45", "2027-13-45 is not a date"),
        ("remind me at 3pm on 31/04/2027", "31 April 2027 is not a date"),
        ("remind me on February 29, 2027", "29 February 2027 is not a date"),
        ("remind me in -5 minutes", "more than zero"),
        ("remind me in 0 minutes", "more than zero"),
        ("remind me in 99999999999 years", "at most 10 years ahead"),
        ("remind me in 100000 days", "at most 10 years ahead"),
        ("remind me on April 30 2040", "at most 10 years ahead"),
        ("remind me today at 9", "2026-11-21 09:00 has passed"),
        ("remind me on 2025-01-01", "has passed"),
        ("remind me tomorrow on Monday", "two days"),
        ("remind me in 5 minutes at 9", "both a duration and a time of day"),
        ("rappelle-moi à 26h", "26 is not a time of day"),
        ("明天25点提醒我", "25点 is not a time of day"),
    ]

    @Test(arguments: impossible)
    func anImpossibleMomentIsAnErrorThatSaysWhy(_ utterance: String, message: String) {
        do {
            let moment = try Self.moment(utterance)
            Issue.record("\(utterance): \(moment ?? "no moment"), not an error")
        } catch let error as ReminderMoment.Failure {
            #expect(error.message.contains(message), "\(utterance): \(error.message)")
        } catch {
            Issue.record("\(utterance): \(error)")
        }
    }

    /// 04/05/2027 is April 5 in American English, 4 May elsewhere; 13/05 is a day first anyway.
    @Test func numericDatesFollowTheLanguage() throws {
        #expect(try Self.moment("remind me on 04/05/2027", monthFirst: true) == "2027-04-05 09:00")
        #expect(try Self.moment("rappelle-moi le 04/05/2027", monthFirst: false) == "2027-05-04 09:00")
        #expect(try Self.moment("remind me on 13/05/2027", monthFirst: true) == "2027-05-13 09:00")
    }

    /// Place phrases match whole words: "à la maison" folds to "a la maison", whose "a" is not
    /// the "a" of "about".
    @Test func placePhrasesMatchWholeWords() {
        #expect(ReminderTriggerParser.place(in: "remind me about this at home") == "arrival:home")
        #expect(ReminderTriggerParser.place(in: "rappelle-moi ca a la maison") == "arrival:home")
        #expect(ReminderTriggerParser.place(in: "remind me about this at homeward") == nil)
        #expect(ReminderTriggerParser.place(in: "remind me at the offices") == nil)
        #expect(ReminderTriggerParser.place(in: "到家的时候提醒我") == "arrival:home")
    }
}
