import Foundation
import Testing

/// Story 6: "remind me about this when I get home" while the review app shows a place, in every
/// supported language; on arriving home the lock screen shows the reminder, linking back to the
/// activity, which continues in its app.
@Suite struct ReminderTests {
    static let home: [String] = [
        "Remind me about this when I get home",
        "Rappelle-moi ça quand j'arrive à la maison",
        "Ricordamelo quando arrivo a casa",
        "Me lembre disso quando eu chegar em casa",
        "Erinnere mich daran, wenn ich nach Hause komme",
        "到家的時候提醒我這件事",
    ]

    @Test(arguments: home)
    func onArrivingHomeTheLockScreenShowsTheReminder(_ utterance: String) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try AskTests.showing(AskTests.places[0].attributes, cli)
        let asked = try cli.run(["ask", "--json", "--at", "2026-11-21T12:01:00Z", utterance])
        #expect(asked.status == 0, "\(asked.stderr)")
        let answer = try #require(try asked.json() as? [String: Any])
        #expect(answer["intent"] as? String == "remind")
        let reminder = try #require(answer["reminder"] as? [String: Any])
        let trigger = try #require(reminder["trigger"] as? [String: Any])
        #expect(trigger["type"] as? String == "arrival")
        #expect(trigger["place"] as? String == "home")
        let activity = try #require(reminder["activity"] as? String)
        let id = try #require(reminder["id"] as? String)

        // Not before getting home.
        var lock = try cli.run([
            "suggest", "--surface", "lockScreen", "--json", "--at", "2026-11-21T17:00:00Z",
        ])
        #expect(!(lock.stdout.contains(id)))
        #expect(
            try cli.run(
                ["donate", "-"],
                stdin: #"{"type":"event","at":"2026-11-21T18:00:00Z","event":"arrived","place":"home"}"#
            ).status == 0)
        lock = try cli.run(["suggest", "--surface", "lockScreen", "--json", "--at", "2026-11-21T18:02:00Z"])
        let first = try #require((try lock.json() as? [[String: Any]])?.first)
        #expect(first["id"] as? String == id)
        #expect(first["kind"] as? String == "reminder")
        #expect(first["title"] as? String == "A place")
        #expect(first["subtitle"] as? String == "Reminder · you got home")
        let french = try cli.run([
            "suggest", "--surface", "lockScreen", "--json", "--at", "2026-11-21T18:02:00Z", "--locale",
            "fr-FR",
        ])
        #expect(
            (try french.json() as? [[String: Any]])?.first?["subtitle"] as? String
                == "Rappel · vous êtes arrivé à la maison")
        let action = try #require(first["action"] as? [String: Any])
        #expect(action["type"] as? String == "continue")
        #expect((action["url"] as? String)?.hasSuffix(activity) == true)
        // The link goes back to the activity, which its app restores.
        let continued = try cli.run(["continue", "--json", activity, "--at", "2026-11-21T18:03:00Z"])
        #expect(continued.status == 0)
        #expect((try continued.json() as? [String: Any])?["action"] as? String == "launchApp")
        // Engaged: it is done and leaves the lock screen.
        #expect(
            try cli.run(
                ["donate", "-"],
                stdin:
                    #"{"type":"event","at":"2026-11-21T18:03:00Z","event":"suggestionEngaged","id":"\#(id)"}"#
            ).status == 0)
        lock = try cli.run(["suggest", "--surface", "lockScreen", "--json", "--at", "2026-11-21T18:04:00Z"])
        #expect(!lock.stdout.contains(id))
    }

    static let tomorrow: [(String, Int, Int)] = [
        ("remind me about this tomorrow at 9", 9, 0),
        ("rappelle-moi ça demain à 9h30", 9, 30),
        ("ricordamelo domani alle 21", 21, 0),
        ("me lembre disso amanhã às 8", 8, 0),
        ("erinnere mich morgen um 7:45 daran", 7, 45),
        ("明天下午3點提醒我", 15, 0),
    ]

    @Test(arguments: tomorrow)
    func aMomentTomorrow(_ utterance: String, hour: Int, minute: Int) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try AskTests.showing(AskTests.places[1].attributes, cli)
        let asked = try cli.run(["ask", "--json", "--at", "2026-11-21T12:01:00Z", utterance])
        #expect(asked.status == 0, "\(asked.stderr)")
        let reminder = try #require((try asked.json() as? [String: Any])?["reminder"] as? [String: Any])
        let trigger = try #require(reminder["trigger"] as? [String: Any])
        #expect(trigger["type"] as? String == "time")
        // The moment is in the time zone of the machine running the CLI (the test's own).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-21T12:01:00Z"))
        let day = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now))!
        let expected = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)!
        #expect(trigger["at"] as? String == ISO8601DateFormatter().string(from: expected), "\(utterance)")
    }

    /// "Tomorrow at 9" where the user is, whatever the machine's time zone: Tokyo is already on
    /// the 21st's evening at 12:01 UTC, Los Angeles on its morning.
    static let zones: [(zone: String, due: String, written: String)] = [
        ("Asia/Tokyo", "2026-11-22T00:00:00Z", "Nov 22, 2026 at 9:00"),
        ("America/Los_Angeles", "2026-11-22T17:00:00Z", "Nov 22, 2026 at 9:00"),
        ("UTC", "2026-11-22T09:00:00Z", "Nov 22, 2026 at 9:00"),
    ]

    @Test(arguments: zones, [false, true])
    func aMomentIsReadInTheUsersTimeZone(_ zone: (zone: String, due: String, written: String), daemon: Bool)
        throws
    {
        let cli = CLI()
        defer { cli.cleanUp() }
        try AskTests.showing(AskTests.places[1].attributes, cli)
        // The machine's own zone is neither: the answer must come from --time-zone alone.
        let machine = ["TZ": "Pacific/Chatham"]
        var server: [String] = []
        var running: Daemon?
        if daemon {
            let token = try cli.token(["--system"])
            let started = try Daemon(arguments: ["--store", cli.store], environment: machine)
            running = started
            server = ["--server", started.url.absoluteString, "--token", token]
        }
        defer { _ = running?.terminate() }
        let asked = try cli.run(
            ["ask", "--json", "--at", "2026-11-21T12:01:00Z", "--time-zone", zone.zone]
                + server + ["remind me about this tomorrow at 9"], environment: machine)
        #expect(asked.status == 0, "\(asked.stderr)")
        let reminder = try #require((try asked.json() as? [String: Any])?["reminder"] as? [String: Any])
        let trigger = try #require(reminder["trigger"] as? [String: Any])
        #expect(trigger["at"] as? String == zone.due)
        // The lock screen writes the moment in the zone it is asked for.
        let at = try #require(ISO8601DateFormatter().date(from: zone.due)).addingTimeInterval(60)
        let lock = try cli.run(
            [
                "suggest", "--surface", "lockScreen", "--json", "--at",
                ISO8601DateFormatter().string(from: at),
                "--time-zone", zone.zone,
            ] + server, environment: machine)
        #expect(lock.status == 0, "\(lock.stderr)")
        let first = try #require((try lock.json() as? [[String: Any]])?.first)
        #expect(first["id"] as? String == reminder["id"] as? String)
        let why = (first["why"] as? [String])?.joined(separator: " ") ?? ""
        #expect(why.contains(zone.written), "\(why)")
        // In the locale asked for: the date as a French reader writes it.
        let french = try cli.run(
            [
                "suggest", "--surface", "lockScreen", "--json", "--at",
                ISO8601DateFormatter().string(from: at), "--time-zone", zone.zone, "--locale", "fr-FR",
            ] + server, environment: machine)
        let frenchWhy =
            (try #require((try french.json() as? [[String: Any]])?.first)["why"] as? [String]) ?? []
        #expect(frenchWhy.joined().contains("le 22 nov. 2026 à 9:00"), "\(frenchWhy)")
    }

    @Test func anUnknownTimeZoneIsAUsageError() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try AskTests.showing(AskTests.places[1].attributes, cli)
        for command in [
            ["ask", "--time-zone", "Mars/Olympus", "remind me about this tomorrow at 9"],
            ["suggest", "--surface", "lockScreen", "--time-zone", "Mars/Olympus"],
        ] {
            let answer = try cli.run(command)
            #expect(answer.status == 2, "\(command)")
            #expect(answer.stderr.contains("--time-zone"), "\(answer.stderr)")
            #expect(answer.stderr.contains("Mars/Olympus"))
        }
        // Nothing was created.
        let lock = try cli.run([
            "suggest", "--surface", "lockScreen", "--json", "--at", "2026-11-23T12:00:00Z",
        ])
        #expect(!lock.stdout.contains("reminder/"))
    }

    /// "In 10 minutes" is ten minutes from now; a moment that cannot be is refused by name and
    /// creates nothing (before, both were a bogus hour: 10:00 tomorrow, and 20:00 today).
    @Test func aDurationFromNowAndAnImpossibleMoment() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try AskTests.showing(AskTests.places[1].attributes, cli)
        let asked = try cli.run([
            "ask", "--json", "--at", "2026-11-21T12:01:00Z", "remind me about this in 10 minutes",
        ])
        #expect(asked.status == 0, "\(asked.stderr)")
        let reminder = try #require((try asked.json() as? [String: Any])?["reminder"] as? [String: Any])
        #expect((reminder["trigger"] as? [String: Any])?["at"] as? String == "2026-11-21T12:11:00Z")
        for (utterance, message) in [
            ("remind me about this on 31/04/2027 at 3pm", "31 April 2027 is not a date"),
            ("rappelle-moi ça à 25h", "25 is not a time of day"),
            ("erinnere mich in -5 Minuten daran", "more than zero"),
        ] {
            let refused = try cli.run(["ask", "--at", "2026-11-21T12:01:00Z", utterance])
            #expect(refused.status == 1, "\(utterance)")
            #expect(refused.stderr.contains(message), "\(utterance): \(refused.stderr)")
        }
        let lock = try cli.run([
            "suggest", "--surface", "lockScreen", "--json", "--at", "2026-11-21T12:12:00Z",
        ])
        #expect(lock.stdout.contains(reminder["id"] as? String ?? "?"))
        #expect(!lock.stdout.contains("reminder/2"))
    }

    @Test func aReminderWithoutAMomentSaysHowToSayIt() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try AskTests.showing(AskTests.places[0].attributes, cli)
        let asked = try cli.run(["ask", "--at", "2026-11-21T12:01:00Z", "remind me about this"])
        #expect(asked.status != 0)
        #expect(asked.stderr.contains("when I get home"))
    }

    @Test func deletingTheActivityDeletesItsReminders() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try AskTests.showing(AskTests.places[0].attributes, cli)
        let asked = try cli.run(["ask", "--json", "--at", "2026-11-21T12:01:00Z", "remind me when I leave"])
        let id = try #require(
            ((try asked.json() as? [String: Any])?["reminder"] as? [String: Any])?["id"] as? String)
        #expect(try cli.run(["delete", "--app", "com.example.reviews", "--all"]).status == 0)
        #expect(
            try cli.run(
                ["donate", "-"],
                stdin: #"{"type":"event","at":"2026-11-21T13:00:00Z","event":"departed","place":"home"}"#
            ).status == 0)
        let lock = try cli.run([
            "suggest", "--surface", "lockScreen", "--json", "--at", "2026-11-21T13:01:00Z",
        ])
        #expect(!lock.stdout.contains(id))
    }
}
