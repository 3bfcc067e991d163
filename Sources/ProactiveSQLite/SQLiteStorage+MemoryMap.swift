import GRDB

extension SQLiteStorage {
    /// The size from which a connection reads the store through a memory map: 64 MiB.
    ///
    /// A large store's searches touch far more pages than SQLite's page cache holds (2 MB a
    /// connection), and each miss copies a page out of the kernel's cache (`pread`); through a
    /// map SQLite reads the kernel's pages in place. At 1M items (1.07 GB) that made searches
    /// 10 % faster at the median and 15–50 % at p99, one and two words most
    /// (`docs/benchmarks.md`). A small store is not mapped: its pages stay in the page cache,
    /// which mapped pages bypass (each access then looks the page up in the WAL again), and the
    /// daemon's suggestions on a small store cost more through a map.
    static let memoryMapThreshold: Int64 = 64 << 20

    /// How much of the store a connection maps at most: SQLite lowers it to what it was built
    /// for (`SQLITE_MAX_MMAP_SIZE`, 2 GB on Debian); pages past the map are read as before.
    static let memoryMapLimit: Int64 = 1 << 40

    /// Maps the store into the connection's memory when it is at least `threshold` bytes
    /// (counted when the connection opens: a store that grows past it is mapped by the
    /// connections opened after).
    static func mapIfLarge(_ db: Database, threshold: Int64) throws {
        let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
        guard pages * pageSize >= threshold else { return }
        try db.execute(sql: "PRAGMA mmap_size = \(memoryMapLimit)")
    }
}
