import Foundation
import Testing

/// Handoff as users run it: a relay and device daemons as separate processes on loopback, the
/// device commands of the CLI, and a proxy recording every byte between devices and relay.
@Suite(.serialized) struct HandoffAcceptanceTests {
    static let app = "com.example.reader"
    static let type = "com.example.reader.chapter"

    /// A device: its store, system token and daemon.
    struct Device {
        let cli: CLI
        let token: String
        let daemon: Daemon
        var server: [String] { ["--server", daemon.url.absoluteString, "--token", token] }

        init(name: String, relay: URL, directory: URL, declaring: Bool) throws {
            cli = CLI()
            token = try cli.token(["--system"])
            if declaring {
                let declared = try cli.run(
                    ["donate", "-"],
                    stdin:
                        #"{"type":"app","bundleIdentifier":"\#(HandoffAcceptanceTests.app)","name":"Reader","activityTypes":["\#(HandoffAcceptanceTests.type)"]}"#
                )
                try #require(declared.status == 0)
            }
            daemon = try Daemon(
                arguments: ["--store", cli.store, "--relay", relay.absoluteString, "--device-name", name],
                log: directory.appendingPathComponent("\(name).log"), logLevel: "debug")
        }

        func run(_ arguments: [String], stdin: String? = nil) throws -> CLI.Output {
            try CLI.run(arguments + server, stdin: stdin)
        }

        func json(_ arguments: [String]) throws -> Any {
            let output = try run(arguments + ["--json"])
            try #require(output.status == 0, "\(arguments) failed: \(output.stderr)")
            return try output.json()
        }

        func pairCode() throws -> [String: Any] {
            try #require(try json(["device", "code"]) as? [String: Any])
        }

        func join(_ code: String) throws -> [String: Any] {
            try #require(try json(["device", "join", code]) as? [String: Any])
        }

        func offers() throws -> [[String: Any]] {
            let all = try #require(try json(["suggest", "--surface", "appSwitcher"]) as? [[String: Any]])
            return all.filter { $0["kind"] as? String == "handoff" }
        }

        /// Waits for the app switcher's offers to satisfy `predicate` (up to 15 s).
        func waitForOffers(_ predicate: ([[String: Any]]) -> Bool) async throws -> [[String: Any]] {
            let deadline = ContinuousClock.now + .seconds(15)
            while ContinuousClock.now < deadline {
                let offers = try offers()
                if predicate(offers) { return offers }
                try await Task.sleep(for: .milliseconds(50))
            }
            return try offers()
        }

        func becomeCurrent(_ title: String, id: String, eligible: Bool = true) throws {
            let document =
                #"{"type":"activity","app":"\#(HandoffAcceptanceTests.app)","current":true,"activityType":"\#(HandoffAcceptanceTests.type)","title":"\#(title)","userInfo":{"chapter":"CANARY-USERINFO-\#(id)"},"webpageURL":"https://reader.example/CANARY-URL/\#(id)","persistentIdentifier":"\#(id)","isEligibleForHandoff":\#(eligible)}"#
            let output = try run(["donate", "-"], stdin: document)
            try #require(output.status == 0, "\(output.stderr)")
        }

        func stop() {
            _ = daemon.terminate()
            cli.cleanUp()
        }
    }

    /// `python3 Tests/Interop/tcp_capture.py`: a proxy recording both directions to a file.
    final class Capture: @unchecked Sendable {
        let process = Process()
        let url: URL
        let file: URL

        init(target: URL, file: URL) throws {
            self.file = file
            let port = try Self.freePort()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", HandoffAcceptanceTests.interop.appendingPathComponent("tcp_capture.py").path,
                "--listen", "\(port)", "--target", "127.0.0.1:\(target.port!)", "--out", file.path,
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            _ = output.fileHandleForReading.availableData  // "listening"
            url = URL(string: "http://127.0.0.1:\(port)")!
        }

        static func freePort() throws -> Int {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            probe.arguments = [
                "python3", "-c",
                "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])",
            ]
            let pipe = Pipe()
            probe.standardOutput = pipe
            try probe.run()
            probe.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        var bytes: Data { (try? Data(contentsOf: file)) ?? Data() }

        func stop() {
            // SIGKILL: a child of the test process may inherit a mask that blocks SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    static var interop: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Interop")
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "handoff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func threeDevicesThroughARelayThatReadsNothing() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let relayStore = directory.appendingPathComponent("relay.sqlite")
        let relayLog = directory.appendingPathComponent("relay.log")
        var relay = try Daemon(
            arguments: ["--store", relayStore.path], log: relayLog, logLevel: "trace", command: "relay")
        defer { _ = relay.terminate() }
        let relayPort = relay.url.port!
        let capture = try Capture(target: relay.url, file: directory.appendingPathComponent("traffic.bin"))
        defer { capture.stop() }

        let laptop = try Device(name: "Laptop", relay: capture.url, directory: directory, declaring: true)
        let phone = try Device(name: "Phone", relay: capture.url, directory: directory, declaring: true)
        let tablet = try Device(name: "Tablet", relay: capture.url, directory: directory, declaring: false)
        let stranger = try Device(name: "Stranger", relay: capture.url, directory: directory, declaring: true)
        let strangersPhone = try Device(
            name: "Strangers phone", relay: capture.url, directory: directory, declaring: true)
        defer { for device in [laptop, phone, tablet, stranger, strangersPhone] { device.stop() } }

        // Pair: the phone and the tablet join the laptop's group; the stranger has its own.
        let code = try laptop.pairCode()
        let codeText = try #require(code["code"] as? String)
        let joined = try phone.join(codeText)
        #expect(joined["verification"] as? String == code["verification"] as? String)
        let tabletCode = try #require(try laptop.pairCode()["code"] as? String)
        _ = try tablet.join(tabletCode)
        let strangerCode = try #require(try stranger.pairCode()["code"] as? String)
        _ = try strangersPhone.join(strangerCode)
        let devices = try #require(try laptop.json(["device", "list"]) as? [[String: Any]])
        #expect(Set(devices.compactMap { $0["name"] as? String }) == ["Laptop", "Phone", "Tablet"])
        #expect(
            devices.filter { $0["isCurrent"] as? Bool == true }.map { $0["name"] as? String } == ["Laptop"])

        // A used code, a wrong code: clear errors, nothing joined.
        let reused = try stranger.run(["device", "join", codeText])
        #expect(reused.status != 0)
        #expect(
            reused.stderr.contains("unknown or expired pairing code") || reused.stderr.contains("already"))
        let wrong = try stranger.run(["device", "join", "AAAA-BBBB"])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("not a pairing code"))

        // Advertise on the laptop: offered on the phone and the tablet, pushed to a live subscriber.
        let (inbox, live) = ServiceTests.subscribe(
            phone.daemon, token: phone.token,
            #"{"type":"subscribe","id":"s","surface":"appSwitcher","limit":5}"#)
        defer { live.cancel() }
        // Generous: beside a hundred other tests (a local run of the whole suite), five daemons
        // starting and a relay took more than 30 s to answer the first subscription.
        try await ServiceTests.waitFor("the first live list", seconds: 120, seen: [inbox]) {
            inbox.contains(#""type":"suggestions""#)
        }
        let advertised = ContinuousClock.now
        try laptop.becomeCurrent("CANARY-TITLE Chapter 3", id: "c3")
        try await ServiceTests.waitFor("the offer pushed live", seen: [inbox]) {
            inbox.contains("CANARY-TITLE Chapter 3")
        }
        let pushedAfter = ContinuousClock.now - advertised
        let onPhone = try #require(try await phone.waitForOffers { !$0.isEmpty }.first)
        #expect(onPhone["subtitle"] as? String == "From Laptop")
        #expect((onPhone["action"] as? [String: Any])?["type"] as? String == "continue")
        let id = try #require(onPhone["id"] as? String)

        // Continue on the phone (app declared): the payload comes from the laptop.
        let continued = try #require(try phone.json(["continue", id]) as? [String: Any])
        #expect(continued["action"] as? String == "launchApp")
        let activity = try #require(continued["activity"] as? [String: Any])
        #expect((activity["userInfo"] as? [String: Any])?["chapter"] as? String == "CANARY-USERINFO-c3")
        // On the tablet (no app): the web page.
        let onTablet = try #require(try await tablet.waitForOffers { !$0.isEmpty }.first)
        let tabletOffer = try #require(onTablet["id"] as? String)
        let opened = try #require(try tablet.json(["continue", tabletOffer]) as? [String: Any])
        #expect(opened["action"] as? String == "openWebpage")
        #expect(opened["url"] as? String == "https://reader.example/CANARY-URL/c3")
        // Another group sees nothing.
        #expect(try strangersPhone.offers().isEmpty)
        #expect(try stranger.offers().isEmpty)

        // Not eligible for handoff: never offered (the previous offer is withdrawn instead, as
        // the app's current activity changed).
        try laptop.becomeCurrent("CANARY-PRIVATE", id: "private", eligible: false)
        let afterPrivate = try await phone.waitForOffers { $0.isEmpty }
        #expect(afterPrivate.isEmpty)

        // Deleting the activity withdraws it.
        try laptop.becomeCurrent("To delete", id: "gone")
        _ = try await phone.waitForOffers { $0.first?["title"] as? String == "To delete" }
        let deleted = try laptop.run(["delete", "--app", Self.app, "--persistent-identifier", "gone"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try await phone.waitForOffers { $0.isEmpty }.isEmpty)

        // Revoke the tablet: it receives nothing sent after.
        let tabletID = try #require(
            devices.first { $0["name"] as? String == "Tablet" }?["id"] as? String)
        let left = try #require(try laptop.json(["device", "revoke", tabletID]) as? [[String: Any]])
        #expect(left.count == 2)
        try laptop.becomeCurrent("After revoke", id: "after")
        _ = try await phone.waitForOffers { $0.first?["title"] as? String == "After revoke" }
        try await Task.sleep(for: .seconds(1))
        #expect(try tablet.offers().allSatisfy { $0["title"] as? String != "After revoke" })

        // The relay goes down; an activity made current meanwhile is offered once it is back.
        relay.kill9()
        try laptop.becomeCurrent("While the relay was down", id: "down")
        try await Task.sleep(for: .seconds(1))
        relay = try Daemon(
            arguments: ["--store", relayStore.path], log: directory.appendingPathComponent("relay2.log"),
            logLevel: "trace", command: "relay", port: relayPort)
        #expect(
            try await phone.waitForOffers { $0.first?["title"] as? String == "While the relay was down" }
                .first?[
                    "title"] as? String == "While the relay was down")

        // No canary in the relay's store, its logs, or the traffic between devices and relay.
        var relayBytes = Data()
        for suffix in ["", "-wal", "-shm"] {
            relayBytes += (try? Data(contentsOf: URL(fileURLWithPath: relayStore.path + suffix))) ?? Data()
        }
        let logs = [relayLog, directory.appendingPathComponent("relay2.log")].map {
            String(decoding: (try? Data(contentsOf: $0)) ?? Data(), as: UTF8.self)
        }.joined()
        let traffic = String(decoding: capture.bytes, as: UTF8.self)
        #expect(traffic.contains("/v1/envelopes"), "the capture saw the traffic")
        for canary in ["CANARY", "reader.example", Self.app, "Chapter"] {
            #expect(!String(decoding: relayBytes, as: UTF8.self).contains(canary), "relay store: \(canary)")
            #expect(!logs.contains(canary), "relay log: \(canary)")
            #expect(!traffic.contains(canary), "traffic: \(canary)")
        }
        // The devices' own logs name no title or payload either.
        let deviceLogs = ["Laptop", "Phone", "Tablet"].map {
            String(
                decoding: (try? Data(contentsOf: directory.appendingPathComponent("\($0).log"))) ?? Data(),
                as: UTF8.self)
        }.joined()
        #expect(!deviceLogs.contains("CANARY-USERINFO"))
        print("advertise on the laptop → pushed live on the phone: \(pushedAfter)")
    }

    /// The Python that runs `Tests/Interop/handoff_client.py`: `$PROACTIVE_INTEROP_PYTHON` (the
    /// test command installs pyhpke in a venv), else `python3` if it has pyhpke.
    static func interopPython() throws -> String {
        if let python = ProcessInfo.processInfo.environment["PROACTIVE_INTEROP_PYTHON"] { return python }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import pyhpke, cryptography"]
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        probe.waitUntilExit()
        try #require(
            probe.terminationStatus == 0,
            "no Python with pyhpke: run scripts/test.sh, or set PROACTIVE_INTEROP_PYTHON to a python that has it"
        )
        return "python3"
    }

    static func python(_ arguments: [String]) throws -> CLI.Output {
        try sh([try interopPython(), interop.appendingPathComponent("handoff_client.py").path] + arguments)
    }

    @Test func aDeviceWrittenInPythonFromTheDocsPairsReceivesAndContinues() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let relay = try Daemon(
            arguments: ["--store", directory.appendingPathComponent("relay.sqlite").path], command: "relay")
        defer { _ = relay.terminate() }
        let relayURL = relay.url.absoluteString
        let laptop = try Device(name: "Laptop", relay: relay.url, directory: directory, declaring: true)
        defer { laptop.stop() }
        let state = directory.appendingPathComponent("python-device.json").path

        // Pair: the Python device types the laptop's code and shows the same verification.
        let invitation = try laptop.pairCode()
        let code = try #require(invitation["code"] as? String)
        let joined = try Self.python([
            "join", "--relay", relayURL, "--code", code, "--state", state, "--name", "Python",
        ])
        try #require(joined.status == 0, "join: \(joined.stderr)")
        let joinAnswer = try #require(try joined.json() as? [String: Any])
        #expect(joinAnswer["verification"] as? String == invitation["verification"] as? String)
        let devices = try #require(try laptop.json(["device", "list"]) as? [[String: Any]])
        #expect(Set(devices.compactMap { $0["name"] as? String }) == ["Laptop", "Python"])
        let laptopID = try #require(devices.first { $0["name"] as? String == "Laptop" }?["id"] as? String)

        // An advertisement made on the laptop is received and decrypted in Python.
        try laptop.becomeCurrent("Chapter for Python", id: "py")
        let received = try Self.python(["receive", "--relay", relayURL, "--state", state, "--wait", "20"])
        try #require(received.status == 0, "receive: \(received.stderr)")
        let advertisement = try #require(try received.json() as? [String: Any])
        #expect(advertisement["from"] as? String == laptopID)
        let body = try #require(advertisement["body"] as? [String: Any])
        #expect(body["title"] as? String == "Chapter for Python")
        #expect(body["app"] as? String == Self.app)
        let reference = try #require(body["activity"] as? String)

        // Continuing asks the laptop for the payload, sealed back to Python.
        let continued = try Self.python([
            "continue", "--relay", relayURL, "--state", state, "--to", laptopID, "--activity", reference,
            "--wait", "20",
        ])
        try #require(continued.status == 0, "continue: \(continued.stderr)")
        let payload = try #require(try continued.json() as? [String: Any])
        let activity = try #require((payload["body"] as? [String: Any])?["activity"] as? [String: Any])
        #expect((activity["userInfo"] as? [String: Any])?["chapter"] as? String == "CANARY-USERINFO-py")

        // A wrong code fails in Python as in Swift: the relay knows no such slot.
        let wrong = try Self.python([
            "join", "--relay", relayURL, "--code", "AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA", "--state",
            directory.appendingPathComponent("other.json").path, "--wait", "2",
        ])
        #expect(wrong.status == 4)
        #expect(wrong.stderr.contains("unknown or expired pairing code"))
    }

    /// Runs a command; answers its status and output.
    @discardableResult
    static func sh(_ arguments: [String]) throws -> CLI.Output { try CLI.sh(arguments) }

    /// Three network namespaces — the relay's, the laptop's, the phone's — joined by private
    /// veth links (10.77.1.0/30 and 10.77.2.0/30) that reach no real network; nil, with the
    /// reason, where the machine does not allow it (not root, no `ip`).
    static func namespaces(_ suffix: String) throws -> (relay: String, laptop: String, phone: String)? {
        let relay = "pr-r-\(suffix)"
        let laptop = "pr-l-\(suffix)"
        let phone = "pr-p-\(suffix)"
        let steps: [[String]] =
            [
                ["ip", "netns", "add", relay], ["ip", "netns", "add", laptop], ["ip", "netns", "add", phone],
                ["ip", "link", "add", "vl\(suffix)", "type", "veth", "peer", "name", "vr\(suffix)"],
                ["ip", "link", "add", "vp\(suffix)", "type", "veth", "peer", "name", "vs\(suffix)"],
                ["ip", "link", "set", "vl\(suffix)", "netns", laptop],
                ["ip", "link", "set", "vr\(suffix)", "netns", relay],
                ["ip", "link", "set", "vp\(suffix)", "netns", phone],
                ["ip", "link", "set", "vs\(suffix)", "netns", relay],
                ["ip", "-n", laptop, "addr", "add", "10.77.1.2/30", "dev", "vl\(suffix)"],
                ["ip", "-n", relay, "addr", "add", "10.77.1.1/30", "dev", "vr\(suffix)"],
                ["ip", "-n", phone, "addr", "add", "10.77.2.2/30", "dev", "vp\(suffix)"],
                ["ip", "-n", relay, "addr", "add", "10.77.2.1/30", "dev", "vs\(suffix)"],
            ]
            + [laptop, relay, phone].flatMap { ns in
                [["ip", "-n", ns, "link", "set", "lo", "up"]]
            }
            + [
                ["ip", "-n", laptop, "link", "set", "vl\(suffix)", "up"],
                ["ip", "-n", relay, "link", "set", "vr\(suffix)", "up"],
                ["ip", "-n", phone, "link", "set", "vp\(suffix)", "up"],
                ["ip", "-n", relay, "link", "set", "vs\(suffix)", "up"],
            ]
        for step in steps {
            let result = try sh(step)
            if result.status != 0 {
                removeNamespaces(suffix)
                print(
                    "network namespaces not available here (\(step.joined(separator: " ")): \(result.stderr))"
                )
                return nil
            }
        }
        return (relay, laptop, phone)
    }

    static func removeNamespaces(_ suffix: String) {
        for ns in ["pr-r-\(suffix)", "pr-l-\(suffix)", "pr-p-\(suffix)"] {
            _ = try? sh(["ip", "netns", "del", ns])
        }
    }

    @Test func devicesInSeparateNetworkNamespacesHandOffThroughTheRelayAlone() async throws {
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        guard getuid() == 0, let (relayNS, laptopNS, phoneNS) = try Self.namespaces(suffix) else {
            print(
                "skipped: network namespaces need root and iproute2 (the loopback tests above cover the rest)"
            )
            return
        }
        defer { Self.removeNamespaces(suffix) }
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = CLI.executable.path
        // The relay listens on every address of its namespace: its two private links and lo.
        let relay = try Daemon(
            arguments: [
                binary, "relay", "--host", "0.0.0.0", "--store",
                directory.appendingPathComponent("relay.sqlite").path,
            ],
            command: "exec-in:\(relayNS)")
        defer { _ = relay.terminate() }
        let port = relay.url.port!
        func device(_ ns: String, _ name: String, relayAddress: String) throws -> (Daemon, String, String) {
            let store = directory.appendingPathComponent("\(name).sqlite").path
            let token = try Self.sh([
                "ip", "netns", "exec", ns, binary, "token", "create", "--system", "--store", store,
            ])
            try #require(token.status == 0, "\(token.stderr)")
            let declared = try Self.sh([
                "ip", "netns", "exec", ns, binary, "donate", "--store", store,
                directory.appendingPathComponent("app.json").path,
            ])
            try #require(declared.status == 0, "\(declared.stderr)")
            let daemon = try Daemon(
                arguments: [
                    binary, "serve", "--store", store, "--relay", "http://\(relayAddress):\(port)",
                    "--device-name", name,
                ], command: "exec-in:\(ns)")
            return (daemon, token.stdout.trimmingCharacters(in: .whitespacesAndNewlines), ns)
        }
        try Data(
            #"{"type":"app","bundleIdentifier":"\#(Self.app)","name":"Reader","activityTypes":["\#(Self.type)"]}"#
                .utf8
        ).write(to: directory.appendingPathComponent("app.json"))
        let (laptop, laptopToken, _) = try device(laptopNS, "Laptop", relayAddress: "10.77.1.1")
        defer { _ = laptop.terminate() }
        let (phone, phoneToken, _) = try device(phoneNS, "Phone", relayAddress: "10.77.2.1")
        defer { _ = phone.terminate() }
        func cli(_ ns: String, _ daemon: Daemon, _ token: String, _ arguments: [String], stdin: String? = nil)
            throws
            -> CLI.Output
        {
            try Self.sh(
                ["ip", "netns", "exec", ns, binary] + arguments + [
                    "--server", daemon.url.absoluteString, "--token", token, "--json",
                ])
        }
        // The laptop's and the phone's namespaces cannot reach each other: only the relay.
        let isolated = try Self.sh([
            "ip", "netns", "exec", phoneNS, "python3", "-c",
            "import socket; s = socket.socket(); s.settimeout(1); print(s.connect_ex(('10.77.1.2', 22)))",
        ])
        #expect(
            isolated.status == 0 && isolated.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != "0")

        let code = try cli(laptopNS, laptop, laptopToken, ["device", "code"])
        try #require(code.status == 0, "\(code.stderr)")
        let codeText = try #require((try code.json() as? [String: Any])?["code"] as? String)
        let joined = try cli(phoneNS, phone, phoneToken, ["device", "join", codeText])
        try #require(joined.status == 0, "\(joined.stderr)")
        let activity = directory.appendingPathComponent("activity.json")
        try Data(
            #"{"type":"activity","app":"\#(Self.app)","current":true,"activityType":"\#(Self.type)","title":"Across namespaces","userInfo":{"chapter":"12"},"webpageURL":"https://reader.example/12","isEligibleForHandoff":true}"#
                .utf8
        ).write(to: activity)
        let donated = try cli(laptopNS, laptop, laptopToken, ["donate", activity.path])
        try #require(donated.status == 0, "\(donated.stderr)")
        var offer: [String: Any]?
        let deadline = ContinuousClock.now + .seconds(15)
        while offer == nil, ContinuousClock.now < deadline {
            let listed = try cli(phoneNS, phone, phoneToken, ["suggest", "--surface", "appSwitcher"])
            offer = (try? listed.json() as? [[String: Any]])?.first { $0["kind"] as? String == "handoff" }
            if offer == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        let found = try #require(offer, "the phone was not offered the laptop's activity")
        #expect(found["title"] as? String == "Across namespaces")
        let continued = try cli(
            phoneNS, phone, phoneToken, ["continue", try #require(found["id"] as? String)])
        try #require(continued.status == 0, "\(continued.stderr)")
        let result = try #require(try continued.json() as? [String: Any])
        #expect(
            ((result["activity"] as? [String: Any])?["userInfo"] as? [String: Any])?["chapter"] as? String
                == "12")
    }

    @Test func deviceCommandsExplainWhatTheyNeed() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        // No daemon: a usage error.
        let local = try CLI.run(["device", "list"])
        #expect(local.status == 2)
        #expect(local.stderr.contains("--server"))
        // A daemon without a relay: it says how to start one.
        let token = try cli.token(["--system"])
        let daemon = try Daemon(store: cli.store)
        defer { _ = daemon.terminate() }
        let noRelay = try CLI.run(["device", "code", "--server", daemon.url.absoluteString, "--token", token])
        #expect(noRelay.status != 0)
        #expect(noRelay.stderr.contains("--relay"))
        // An offer that does not exist.
        let missing = try CLI.run(
            [
                "continue", "handoff/0123456789abcdef0123456789abcdef/1", "--server",
                daemon.url.absoluteString, "--token", token,
            ])
        #expect(missing.status != 0)
        // A relay URL that is not one.
        let bad = try CLI.run(["serve", "--store", cli.store, "--relay", "not a url", "--port", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--relay"))
    }
}
