import Foundation
import Synchronization
import Testing

/// "Nothing lost": a donating process killed with SIGKILL mid-stream keeps every document
/// whose receipt it had printed.
@Suite struct CrashDurabilityTests {
    @Test func killNineDuringIngestLosesNoAcknowledgedDocument() throws {
        signal(SIGPIPE, SIG_IGN)
        let cli = CLI()
        defer { cli.cleanUp() }
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["donate", "--json", "--batch-size", "200", "--store", cli.store, "-"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let received = Mutex(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            received.withLock { $0.append(data) }
        }
        try process.run()
        func acknowledged() -> [Int] {
            let text = received.withLock { String(decoding: $0, as: UTF8.self) }
            return text.split(separator: "\n").compactMap { line -> Int? in
                var line = line
                if line.hasSuffix(",") { line = line.dropLast() }
                guard line.hasPrefix("{"), line.hasSuffix("}"),
                    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    object["status"] as? String == "accepted"
                else { return nil }
                return object["index"] as? Int
            }
        }
        func documents(_ range: Range<Int>) -> Data {
            var chunk = ""
            for i in range {
                chunk +=
                    #"{"type":"searchableItem","app":"com.example.crash","uniqueIdentifier":"k-\#(i)","attributeSet":{"title":"Crash test item \#(i)","keywords":["durable"]}}"#
                chunk += "\n"
            }
            return Data(chunk.utf8)
        }
        // A first part, until the child has acknowledged some of it…
        let writer = input.fileHandleForWriting
        try writer.write(contentsOf: documents(0..<3000))
        let deadline = Date().addingTimeInterval(60)
        while acknowledged().count < 1000 && Date() < deadline { usleep(2000) }
        // …then a large burst written from another thread, and the kill in the middle of it.
        let sent = 200_000
        let burst = documents(3000..<sent)
        let writing = Thread { try? writer.write(contentsOf: burst) }
        writing.start()
        while acknowledged().count < 6000 && Date() < deadline { usleep(1000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        #expect(process.terminationReason == .uncaughtSignal)
        let acked = acknowledged()
        #expect(acked.count >= 1000, "the child acknowledged too few documents before the kill")
        #expect(acked.count < sent, "the kill came after everything was ingested; nothing was tested")

        // Every acknowledged document, page by page.
        var found: Set<String> = []
        var cursor = ""
        for _ in 0..<100 {
            let out = try cli.run([
                "search", "--json", "--app", "com.example.crash", "--limit", "1000", "--cursor", cursor,
                "--where",
                #"uniqueIdentifier == "k-*""#,
            ])
            let page = try #require(try out.json() as? [String: Any])
            for result in page["results"] as? [[String: Any]] ?? [] {
                if let id = result["uniqueIdentifier"] as? String { found.insert(id) }
            }
            guard let next = page["nextCursor"] as? String else { break }
            cursor = next
        }
        let missing = acked.filter { !found.contains("k-\($0)") }
        #expect(missing.isEmpty, "\(missing.count) acknowledged documents were lost")
    }
}
