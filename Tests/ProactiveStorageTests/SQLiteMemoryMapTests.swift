import Foundation
import GRDB
import ProactiveStorage
import Testing

@testable import ProactiveSQLite

/// A store from `SQLiteStorage.memoryMapThreshold` bytes is read through a memory map; a
/// smaller one is not.
@Suite struct SQLiteMemoryMapTests {
    static let user = UserID(rawValue: "alice")!

    /// Each connection's `mmap_size`: the writer's and a reader's.
    private static func mapSizes(_ store: SQLiteStorage) throws -> [Int64] {
        let writing = try store.writer.write { try Int64.fetchOne($0, sql: "PRAGMA mmap_size") ?? -1 }
        let reading = try store.writer.read { try Int64.fetchOne($0, sql: "PRAGMA mmap_size") ?? -1 }
        return [writing, reading]
    }

    private static func withPath(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        try body(path)
    }

    @Test func aSmallStoreIsNotMapped() throws {
        try Self.withPath { path in
            let store = try SQLiteStorage(path: path, frequentWords: FrequentWordMatches())
            #expect(try Self.mapSizes(store) == [0, 0])
        }
    }

    @Test func aStorePastTheThresholdIsMappedByTheConnectionsOpenedAfter() throws {
        try Self.withPath { path in
            let threshold: Int64 = 256 << 10
            let store = try SQLiteStorage(
                path: path, frequentWords: FrequentWordMatches(), memoryMapThreshold: threshold)
            #expect(try Self.mapSizes(store) == [0, 0])
            try store.write(user: Self.user) { tx in
                for i in 0..<2_000 {
                    try tx.upsertEntry(Fixture.item("com.a", "\(i)", "Zebra crossing report \(i)"))
                }
            }
            let reopened = try SQLiteStorage(
                path: path, frequentWords: FrequentWordMatches(), memoryMapThreshold: threshold)
            let sizes = try Self.mapSizes(reopened)
            #expect(sizes.allSatisfy { $0 > threshold }, "\(sizes)")
            // Read through the map, the store answers as before.
            let found = try reopened.read(user: Self.user) { tx in
                try tx.searchCandidates(FullTextQuery(typed: "zebra 1999"), scope: .system, now: Fixture.now)
            }
            #expect(found.map(\.indexedText.title) == ["Zebra crossing report 1999"])
        }
    }
}
