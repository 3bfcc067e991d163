import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The inspector page in a real headless Chromium, driven through chromedriver's WebDriver
/// HTTP API: donations made through the daemon's API appear on the page without a reload.
@Suite(.serialized) struct InspectorBrowserTests {
    static let app = "com.example.reviews"

    func donate(_ daemon: Daemon, _ lines: [String], token: String) async throws -> [[String: Any]] {
        let answer = try await daemon.request(
            "POST", "/v1/donations", token: token, body: lines.joined(separator: "\n"),
            contentType: "application/x-ndjson")
        try #require(answer.status == 200, "donation answered \(answer.status)")
        return answer.json["receipts"] as? [[String: Any]] ?? []
    }

    static let declaration =
        #"{"type":"app","bundleIdentifier":"\#(app)","name":"Yummy Reviews","activityTypes":["\#(app).restaurant"],"directionsModes":["car","pedestrian"]}"#

    static func place(id: String, title: String) -> String {
        let title = String(decoding: try! JSONEncoder().encode(title), as: UTF8.self)
        return
            #"{"type":"searchableItem","app":"\#(app)","uniqueIdentifier":"\#(id)","attributeSet":{"title":\#(title),"namedLocation":\#(title),"subThoroughfare":"101","thoroughfare":"Spear St","city":"San Francisco","stateOrProvince":"CA","postalCode":"94105","isoCountryCode":"US","latitude":37.7923,"longitude":-122.3928}}"#
    }

    /// An activity of a type the app did not declare: rejected, naming `activityType`.
    static let undeclaredActivity =
        #"{"type":"activity","app":"\#(app)","activityType":"\#(app).undeclared","title":"Mystery","isEligibleForSearch":true}"#

    /// Where the screenshot goes: $PROACTIVE_TEST_ARTIFACTS or test-artifacts/ at the repository root.
    static var artifacts: URL {
        if let path = ProcessInfo.processInfo.environment["PROACTIVE_TEST_ARTIFACTS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("test-artifacts")
    }

    @Test func donationsAppearLiveWithReceipts() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let system = try cli.token(["--system"])
        let appToken = try cli.token(["--app", Self.app])
        let daemon = try Daemon(store: cli.store)
        defer { _ = daemon.terminate() }

        try await WebDriver.withSession { browser in
            try await browser.open(daemon.url.absoluteString + "#token=\(system)")
            try await browser.waitUntil("the live status says live") {
                try await browser.text(of: "#live-status") == "live"
            }
            // The token left the address bar.
            #expect(try await browser.currentURL().contains("token") == false)

            let receipts = try await donate(
                daemon,
                [Self.declaration, Self.place(id: "r-42", title: "Yank Sing"), Self.undeclaredActivity],
                token: appToken)
            #expect(receipts.map { $0["status"] as? String } == ["accepted", "accepted", "rejected"])
            let field = try #require(receipts.last?["field"] as? String)

            try await browser.waitUntil("the maps surface shows Yank Sing") {
                try await browser.texts(of: #"[data-surface="maps"] .suggestion"#).contains {
                    $0.contains("Yank Sing")
                }
            }
            try await browser.waitUntil("the app shows a rejected receipt naming \(field)") {
                try await browser.texts(of: #"[data-app="\#(Self.app)"] .receipt[data-status="rejected"]"#)
                    .contains { $0.contains(field) }
            }
            // A context event from the system token shows in the context, still without a reload.
            _ = try await donate(daemon, [#"{"type":"event","event":"headphonesConnected"}"#], token: system)
            try await browser.waitUntil("the context shows the headphones trigger") {
                try await browser.text(of: "#context")?.contains("headphonesConnected") == true
            }
            #expect(try await browser.text(of: "#live-status") == "live")
            #expect(
                try await browser.texts(of: #"[data-app="\#(Self.app)"] .entry"#).contains {
                    $0.contains("Yank Sing")
                })
            #expect(try await browser.elements(#"[data-surface="lockScreen"]"#).count == 1)
            #expect(try await browser.elements(#"[data-surface="quickType"]"#).count == 1)

            let png = try await browser.screenshot()
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
            try png.write(to: Self.artifacts.appendingPathComponent("inspector.png"))
        }
    }

    @Test func hostileTitlesAreShownAsText() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let system = try cli.token(["--system"])
        let appToken = try cli.token(["--app", Self.app])
        let daemon = try Daemon(store: cli.store)
        defer { _ = daemon.terminate() }
        let hostile = "<img src=x onerror=alert(1)>"

        try await WebDriver.withSession { browser in
            try await browser.open(daemon.url.absoluteString + "#token=\(system)")
            try await browser.waitUntil("the live status says live") {
                try await browser.text(of: "#live-status") == "live"
            }
            _ = try await donate(
                daemon, [Self.declaration, Self.place(id: "evil", title: hostile)], token: appToken)
            try await browser.waitUntil("the maps surface shows the hostile title as text") {
                try await browser.texts(of: #"[data-surface="maps"] .suggestion"#).contains {
                    $0.contains(hostile)
                }
            }
            #expect(try await browser.elements("[data-surface] img").isEmpty)
            #expect(try await browser.elements("#apps img").isEmpty)
            #expect(
                try await browser.texts(of: #"[data-app="\#(Self.app)"] .entry"#).contains {
                    $0.contains(hostile)
                })
            #expect(try await browser.alertText() == nil)
        }
    }
}

/// A chromedriver process and one headless Chromium session, spoken to in WebDriver's JSON.
struct WebDriver: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static var driverPath: String {
        ProcessInfo.processInfo.environment["CHROMEDRIVER"] ?? "/usr/bin/chromedriver"
    }
    static var chromiumPath: String {
        ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"
    }

    let base: URL
    let session: String

    /// Starts chromedriver and a Chromium session, runs `body`, then always ends both.
    static func withSession(_ body: (WebDriver) async throws -> Void) async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: driverPath),
            "chromedriver is missing at \(driverPath): install Debian's chromium and chromium-driver")
        try #require(
            FileManager.default.isExecutableFile(atPath: chromiumPath),
            "chromium is missing at \(chromiumPath): install Debian's chromium and chromium-driver")
        let port = try freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: driverPath)
        process.arguments = ["--port=\(port)"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID())")
        let base = URL(string: "http://127.0.0.1:\(port)")!
        defer {
            // chromedriver ignores SIGTERM: ask it to shut down, then kill it if it lingers.
            _ = try? exchange(port: port, method: "GET", path: "/shutdown", body: nil)
            let deadline = Date().addingTimeInterval(3)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: profile)
        }
        try waitForDriver(output.fileHandleForReading)
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": chromiumPath,
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--window-size=1280,900", "--user-data-dir=\(profile.path)",
                        ],
                    ],
                ]
            ]
        ]
        let created = try await call(base, "POST", "/session", capabilities)
        guard let id = (created as? [String: Any])?["sessionId"] as? String else {
            throw Failure(
                description: "chromedriver did not create a session: \(String(describing: created))")
        }
        let driver = WebDriver(base: base, session: id)
        do {
            try await body(driver)
        } catch {
            _ = try? await call(base, "DELETE", "/session/\(id)", nil)
            throw error
        }
        _ = try? await call(base, "DELETE", "/session/\(id)", nil)
    }

    /// A loopback TCP port nobody listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "could not bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until chromedriver says it listens (its stdout), or fails if it exits first.
    static func waitForDriver(_ output: FileHandle) throws {
        var text = ""
        while !text.contains("started successfully") {
            let chunk = output.availableData
            if chunk.isEmpty {
                throw Failure(description: "chromedriver exited before listening: \(text)")
            }
            text += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// One WebDriver command; answers its `value`, or throws the WebDriver error.
    @discardableResult
    static func call(_ base: URL, _ method: String, _ path: String, _ body: Any?) async throws -> Any? {
        let payload: Data? =
            if let body { try JSONSerialization.data(withJSONObject: body) } else if method == "POST" {
                Data("{}".utf8)
            } else { nil }
        let (status, data) = try exchange(port: base.port ?? 80, method: method, path: path, body: payload)
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        let value = object?["value"]
        if status >= 400 {
            let error = value as? [String: Any]
            throw Failure(
                description:
                    "WebDriver \(method) \(path): \(error?["error"] as? String ?? "HTTP \(status)"): \(error?["message"] as? String ?? "")"
            )
        }
        return value is NSNull ? nil : value
    }

    /// One HTTP/1.1 exchange on a fresh loopback connection. Not URLSession: chromedriver writes
    /// headers without a space after the colon (`Content-Length:249`), which swift-corelibs'
    /// URLSession does not parse, and the request never completes.
    static func exchange(port: Int, method: String, path: String, body: Data?) throws -> (Int, Data) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw Failure(description: "cannot connect to chromedriver on port \(port)") }
        var request = Data(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        if let body {
            request.append(Data("Content-Type: application/json\r\nContent-Length: \(body.count)\r\n".utf8))
        }
        request.append(Data("\r\n".utf8))
        if let body { request.append(body) }
        try request.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let n = send(fd, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard n > 0 else { throw Failure(description: "sending to chromedriver failed") }
                sent += n
            }
        }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        var contentLength: Int?
        var status = 0
        while true {
            if let end = headerEnd, let length = contentLength, response.count - end >= length { break }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n < 0 { throw Failure(description: "no answer from chromedriver to \(method) \(path)") }
            if n == 0 { break }
            response.append(contentsOf: buffer[0..<n])
            if headerEnd == nil, let range = response.range(of: Data("\r\n\r\n".utf8)) {
                headerEnd = range.upperBound
                let lines = String(decoding: response[..<range.lowerBound], as: UTF8.self)
                    .components(separatedBy: "\r\n")
                status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
                for line in lines.dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        contentLength = Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }
                }
            }
        }
        guard let end = headerEnd else { throw Failure(description: "malformed answer from chromedriver") }
        let bodyData = response[end...]
        return (status, Data(contentLength.map { bodyData.prefix($0) } ?? bodyData))
    }

    @discardableResult
    func command(_ method: String, _ path: String, _ body: Any? = nil) async throws -> Any? {
        try await Self.call(base, method, "/session/\(session)\(path)", body)
    }

    func open(_ url: String) async throws {
        try await command("POST", "/url", ["url": url])
    }

    func currentURL() async throws -> String {
        try await command("GET", "/url") as? String ?? ""
    }

    /// The element references matching a CSS selector.
    func elements(_ selector: String) async throws -> [String] {
        let found = try await command("POST", "/elements", ["using": "css selector", "value": selector])
        return (found as? [[String: Any]] ?? []).compactMap {
            $0["element-6066-11e4-a52e-4f735466cecf"] as? String
        }
    }

    /// The rendered (visible) text of each element matching a CSS selector.
    func texts(of selector: String) async throws -> [String] {
        var texts: [String] = []
        for element in try await elements(selector) {
            texts.append(try await command("GET", "/element/\(element)/text") as? String ?? "")
        }
        return texts
    }

    func text(of selector: String) async throws -> String? {
        try await texts(of: selector).first
    }

    /// The text of an open alert, or nil when none is open.
    func alertText() async throws -> String? {
        try? await command("GET", "/alert/text") as? String
    }

    func screenshot() async throws -> Data {
        guard let base64 = try await command("GET", "/screenshot") as? String,
            let data = Data(base64Encoded: base64)
        else { throw Failure(description: "the screenshot was not base64 PNG") }
        return data
    }

    /// Polls `condition` (errors such as stale elements count as not yet) for up to `timeout`.
    func waitUntil(
        _ what: String, timeout: Duration = .seconds(15), _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        var lastError: (any Error)?
        while ContinuousClock.now < deadline {
            do {
                if try await condition() { return }
            } catch {
                lastError = error
            }
            try await Task.sleep(for: .milliseconds(150))
        }
        let status = (try? await text(of: "#live-status")) ?? "?"
        let banner = (try? await text(of: "#banner")) ?? ""
        throw Failure(
            description:
                "timed out after \(timeout) waiting until \(what) (status: \(status); banner: \(banner); last error: \(lastError.map { "\($0)" } ?? "none"))"
        )
    }
}
