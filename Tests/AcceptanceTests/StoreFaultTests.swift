import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a user sees when the store's file or disk fails: a clear error naming the file and what
/// to do, every acknowledged donation kept, work resuming when the disk does — never a crash.
@Suite struct StoreFaultTests {
    /// NDJSON of `count` items, each with a description of `size` random letters in words of
    /// 300 (like keys or encoded data): the store keeps descriptions compressed, and repeated
    /// letters would take no room.
    static func items(_ prefix: String, _ count: Int, size: Int = 0) -> String {
        var random = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map {
            let padding = String(
                (0..<size).map { index in index % 300 == 299 ? " " : letters.randomElement(using: &random)! })
            return
                #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"\#(prefix)-\#($0)","attributeSet":{"title":"Fault note \#(prefix) \#($0)","contentDescription":"\#(padding)"}}"#
        }.joined(separator: "\n")
    }

    @Test func anIntactStoreChecksIntact() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        _ = try await cli.runAsync(["donate", "-"], stdin: Self.items("a", 50))
        let check = try await cli.runAsync(["check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("intact: \(cli.store)"))
        let json = try await cli.runAsync(["check", "--json"])
        let report = try #require(try json.json() as? [String: Any])
        #expect(report["intact"] as? Bool == true)
        #expect((report["problems"] as? [Any])?.isEmpty == true)
    }

    @Test func checkingAStoreThatDoesNotExistCreatesNothing() async throws {
        let cli = CLI()
        let check = try await cli.runAsync(["check"])
        #expect(check.status == 2)
        #expect(check.stderr.contains("there is no store at \(cli.store)"))
        #expect(!FileManager.default.fileExists(atPath: cli.store))
    }

    @Test func aFileThatIsNotAStoreIsNamedWithWhatToDo() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try Data(repeating: 0x5A, count: 64 * 1024).write(to: URL(fileURLWithPath: cli.store))
        for arguments in [["search", "note"], ["donate", "-"], ["suggest", "--surface", "appSwitcher"]] {
            let output = try await cli.runAsync(arguments, stdin: Self.items("b", 1))
            #expect(!output.signaled, "\(arguments): \(output.stderr)")
            #expect(output.status == 1, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("the store \(cli.store) is damaged"), "\(output.stderr)")
            #expect(output.stderr.contains("proactive check"), "\(output.stderr)")
        }
        let check = try await cli.runAsync(["check"])
        #expect(check.status == 1)
        #expect(!check.signaled)
        #expect(check.stderr.contains("is damaged"), "\(check.stderr)")
        // The file is left as it was: nothing overwrote what a user may still recover.
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: cli.store)) == Data(repeating: 0x5A, count: 64 * 1024))
    }

    @Test func damagedPagesAreListedByCheckAndNeverCrashACommand() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let donated = try await cli.runAsync(["donate", "-"], stdin: Self.items("c", 400, size: 300))
        try #require(donated.status == 0, "\(donated.stderr)")
        // The CLI checkpoints the WAL into the file when it closes the store. Overwrite pages in
        // the middle of the file (not the header page) with garbage.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: cli.store))
        let size = try handle.seekToEnd()
        try #require(size > 64 * 4096, "the store is \(size) bytes")
        for page in stride(from: 8, to: Int(size / 4096) - 2, by: 5) {
            try handle.seek(toOffset: UInt64(page * 4096 + 100))
            handle.write(Data((0..<1500).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ page) }))
        }
        try handle.close()
        let check = try await cli.runAsync(["check"])
        #expect(check.status == 1, "\(check.stdout) \(check.stderr)")
        #expect(!check.signaled)
        #expect(!check.stdout.isEmpty, "check lists the problems")
        for arguments in [["search", "fault"], ["donate", "-"], ["suggest", "--surface", "appSwitcher"]] {
            let output = try await cli.runAsync(arguments, stdin: Self.items("d", 5))
            #expect(!output.signaled, "\(arguments) died: \(output.stderr)")
            if output.status != 0 {
                #expect(output.stderr.contains("is damaged"), "\(arguments): \(output.stderr)")
            }
        }
    }

    /// A small tmpfs holds the store: filled up, then made larger, then read-only, then writable
    /// again. Needs root (mount); skipped with a message elsewhere.
    @Test func aFullOrReadOnlyDiskKeepsWhatWasAcknowledgedAndWorkResumes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "proactive-disk-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard getuid() == 0,
            (try? CLI.sh(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", directory.path]))?.status == 0
        else {
            print("skipped: filling a disk needs root to mount a small tmpfs")
            return
        }
        defer { _ = try? CLI.sh(["umount", "-l", directory.path]) }
        let store = directory.appendingPathComponent("store.sqlite").path
        func run(_ arguments: [String], _ stdin: String? = nil) async throws -> CLI.Output {
            try await CLI.runAsync(arguments + ["--store", store], stdin: stdin)
        }
        // Fill the disk, one acknowledged batch at a time, until a batch is refused.
        var acknowledged = 0
        var refusal: CLI.Output?
        for batch in 0..<200 {
            let output = try await run(["donate", "-"], Self.items("full\(batch)", 20, size: 3000))
            #expect(!output.signaled, "\(output.stderr)")
            if output.status != 0 {
                refusal = output
                break
            }
            acknowledged += 20
        }
        let refused = try #require(refusal, "the disk never filled")
        #expect(refused.stderr.contains("is full"), "\(refused.stderr)")
        #expect(acknowledged > 0)
        // Space returns: every acknowledged donation is there, and donating works again.
        try #require(try CLI.sh(["mount", "-o", "remount,size=64m", directory.path]).status == 0)
        let after = try await run(["donate", "-"], Self.items("after", 20))
        #expect(after.status == 0, "\(after.stderr)")
        // Every match, page by page.
        var results: [[String: Any]] = []
        var cursor: String? = ""
        while let page = cursor {
            let found = try await run([
                "search", "fault note", "--app", "com.example.notes", "--limit", "1000", "--json", "--cursor",
                page,
            ])
            let answer = try #require(try found.json() as? [String: Any], "\(found.stdout) \(found.stderr)")
            results += try #require(answer["results"] as? [[String: Any]])
            cursor = answer["nextCursor"] as? String
        }
        #expect(
            results.count >= acknowledged + 20, "\(results.count) found, \(acknowledged) + 20 acknowledged")
        // A read-only disk: a clear error, nothing lost, and writes resume when it is writable.
        try #require(try CLI.sh(["mount", "-o", "remount,ro", directory.path]).status == 0)
        let readOnly = try await run(["donate", "-"], Self.items("ro", 5))
        #expect(!readOnly.signaled, "\(readOnly.stderr)")
        #expect(readOnly.status == 1)
        #expect(
            readOnly.stderr.contains("read-only") || readOnly.stderr.contains("cannot"), "\(readOnly.stderr)")
        try #require(try CLI.sh(["mount", "-o", "remount,rw", directory.path]).status == 0)
        let writable = try await run(["donate", "-"], Self.items("rw", 5))
        #expect(writable.status == 0, "\(writable.stderr)")
        let check = try await run(["check"])
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
    }
}
