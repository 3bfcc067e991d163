import Foundation
import Testing

/// Stories 4 (the contact card) and 5 (headphones, car, now playing), through the CLI.
@Suite struct ContactCardAndMediaTests {
    static func suggest(_ cli: CLI, _ arguments: [String]) throws -> [[String: Any]] {
        let out = try cli.run(["suggest", "--json"] + arguments)
        #expect(out.status == 0, "\(out.stderr)")
        return try #require(try out.json() as? [[String: Any]])
    }

    @Test func contactCardListsAppsUsualFirstThenThePickedOne() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        var lines = [
            #"{"type":"app","bundleIdentifier":"com.example.chat","name":"MonkeyChat"}"#,
            #"{"type":"app","bundleIdentifier":"com.example.phone","name":"Dialer"}"#,
        ]
        for day in 1...4 {
            lines.append(
                #"{"type":"interaction","app":"com.example.chat","at":"2026-11-1\#(day)T18:00:00Z","direction":"outgoing","intent":{"kind":"sendMessage","serviceName":"MonkeyChat","content":"On my way","recipients":[{"displayName":"Alice Martin","handle":"+33 6 12 34 56 78","handleType":"phoneNumber"}]},"groupIdentifier":"chat-alice"}"#
            )
        }
        lines.append(
            #"{"type":"interaction","app":"com.example.phone","at":"2026-11-18T09:00:00Z","direction":"outgoing","intent":{"kind":"startAudioCall","recipients":[{"displayName":"Alice","handle":"+33612345678","handleType":"phoneNumber"}]}}"#
        )
        // Bob only ever called: not on Alice's card.
        lines.append(
            #"{"type":"interaction","app":"com.example.phone","at":"2026-11-18T10:00:00Z","intent":{"kind":"startAudioCall","recipients":[{"handle":"bob@example.org","handleType":"emailAddress"}]}}"#
        )
        #expect(try cli.run(["donate", "-"], stdin: lines.joined(separator: "\n")).status == 0)

        let card = try Self.suggest(
            cli,
            ["--surface", "contactCard", "--person", "+33 6 12 34 56 78", "--at", "2026-11-20T12:00:00Z"])
        #expect(
            card.map { ($0["action"] as? [String: Any])?["app"] as? String } == [
                "com.example.chat", "com.example.phone",
            ])
        #expect(card.map { ($0["action"] as? [String: Any])?["type"] as? String } == ["message", "call"])
        #expect(
            card.allSatisfy {
                $0["kind"] as? String == "communicationApp" && !(($0["why"] as? [String]) ?? []).isEmpty
            })

        // The user picks the dialer from the card twice: it becomes her default, first.
        let dialerID = try #require(card[1]["id"] as? String)
        let picks = (1...2).map { i in
            #"{"type":"event","at":"2026-11-20T12:0\#(i):00Z","event":"suggestionEngaged","id":"\#(dialerID)","surface":"contactCard"}"#
        }
        #expect(try cli.run(["donate", "-"], stdin: picks.joined(separator: "\n")).status == 0)
        let after = try Self.suggest(
            cli, ["--surface", "contactCard", "--person", "+33612345678", "--at", "2026-11-20T13:00:00Z"])
        #expect(
            after.first.flatMap { ($0["action"] as? [String: Any])?["app"] as? String } == "com.example.phone"
        )
        #expect(after.count == 2)

        let missing = try cli.run(["suggest", "--surface", "contactCard"])
        #expect(missing.status == 2)
    }

    /// Three weeks of habits: podcasts after headphones every morning, music in the car every
    /// evening, other apps in between.
    static func habits() -> String {
        var lines = [
            #"{"type":"app","bundleIdentifier":"com.example.podcasts","name":"Podcasts","isMediaApp":true}"#,
            #"{"type":"app","bundleIdentifier":"com.example.music","name":"Tunes","isMediaApp":true}"#,
            #"{"type":"app","bundleIdentifier":"com.example.mail","name":"Mail"}"#,
        ]
        for day in 1...21 {
            let d = String(format: "2026-10-%02d", day)
            lines += [
                #"{"type":"event","at":"\#(d)T07:30:00Z","event":"appLaunched","app":"com.example.mail"}"#,
                #"{"type":"event","at":"\#(d)T08:00:00Z","event":"headphonesConnected"}"#,
                #"{"type":"event","at":"\#(d)T08:01:00Z","event":"appLaunched","app":"com.example.podcasts"}"#,
                #"{"type":"nowPlaying","app":"com.example.podcasts","at":"\#(d)T08:01:30Z","state":"playing","title":"Episode \#(day)","artist":"The Daily","playbackDuration":1800}"#,
                #"{"type":"nowPlaying","app":"com.example.podcasts","at":"\#(d)T08:40:00Z","state":"paused","title":"Episode \#(day)"}"#,
                #"{"type":"event","at":"\#(d)T08:45:00Z","event":"headphonesDisconnected"}"#,
                #"{"type":"event","at":"\#(d)T12:00:00Z","event":"appLaunched","app":"com.example.mail"}"#,
                #"{"type":"event","at":"\#(d)T18:00:00Z","event":"carConnected"}"#,
                #"{"type":"event","at":"\#(d)T18:01:00Z","event":"appLaunched","app":"com.example.music"}"#,
                #"{"type":"nowPlaying","app":"com.example.music","at":"\#(d)T18:01:20Z","state":"playing","title":"Song \#(day)","artist":"Band","playbackDuration":240}"#,
                #"{"type":"event","at":"\#(d)T18:40:00Z","event":"carDisconnected"}"#,
            ]
        }
        return lines.joined(separator: "\n")
    }

    @Test func headphonesCarAndNowPlayingOnTheLockScreen() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        #expect(try cli.run(["donate", "-"], stdin: Self.habits()).status == 0)

        // Headphones connect: the lock screen suggests the podcast app, with the last episode.
        try cli.run(
            ["donate", "-"],
            stdin: #"{"type":"event","at":"2026-11-21T08:00:00Z","event":"headphonesConnected"}"#)
        let morning = try Self.suggest(cli, ["--surface", "lockScreen", "--at", "2026-11-21T08:00:30Z"])
        let first = try #require(morning.first)
        #expect((first["action"] as? [String: Any])?["app"] as? String == "com.example.podcasts")
        #expect((first["action"] as? [String: Any])?["type"] as? String == "play")
        #expect((first["why"] as? [String])?.first?.contains("headphones") == true)
        #expect(first["subtitle"] as? String == "Play “Episode 21”")

        // In the car: the music app, on the lock screen and on CarPlay.
        try cli.run(
            ["donate", "-"],
            stdin: #"{"type":"event","at":"2026-11-21T08:30:00Z","event":"headphonesDisconnected"}"# + "\n"
                + #"{"type":"event","at":"2026-11-21T18:00:00Z","event":"carConnected"}"#)
        for surface in ["lockScreen", "carPlay"] {
            let car = try Self.suggest(cli, ["--surface", surface, "--at", "2026-11-21T18:00:20Z"])
            #expect(
                car.first.flatMap { ($0["action"] as? [String: Any])?["app"] as? String }
                    == "com.example.music", "\(surface)")
        }

        // While something plays, the lock screen shows it first.
        try cli.run(
            ["donate", "-"],
            stdin:
                #"{"type":"nowPlaying","app":"com.example.music","at":"2026-11-21T18:02:00Z","state":"playing","title":"Blue in Green","artist":"Miles Davis","albumTitle":"Kind of Blue","playbackDuration":337}"#
        )
        let playing = try Self.suggest(cli, ["--surface", "lockScreen", "--at", "2026-11-21T18:03:00Z"])
        #expect(playing.first?["kind"] as? String == "media")
        #expect(playing.first?["title"] as? String == "Blue in Green")
        #expect(playing.first?["subtitle"] as? String == "Miles Davis — Kind of Blue")

        // Later, with nothing connected, the lock screen falls back to learned predictions.
        let evening = try Self.suggest(cli, ["--surface", "spotlight", "--at", "2026-11-21T22:00:00Z"])
        #expect(!evening.isEmpty && evening.allSatisfy { !(($0["why"] as? [String]) ?? []).isEmpty })

        #expect(try cli.run(["suggest", "--surface", "teleporter"]).status == 2)
    }
}
