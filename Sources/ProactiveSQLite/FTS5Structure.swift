/// The layout of an FTS5 index: its levels and their segments, read from the index's
/// structure record (row 10 of its `%_data` table).
///
/// FTS5 writes every transaction's new words to a new segment and merges segments of a level
/// when there are enough of them (`automerge`), so a large index holds several segments, and a
/// search reads each word's matches from each of them. This record says how many there are and
/// how big, so that the store can decide when merging them all is worth its cost.
///
/// The record is a 4-byte cookie followed by SQLite varints: the number of levels, of segments,
/// and a write counter; then for each level the number of its segments an incremental merge
/// is reading, the number of its segments, and for each segment its identifier and first and
/// last leaf pages. Since SQLite 3.44 a record may start with the marker `FF 00 00 01` after the
/// cookie and add five varints to each segment (origins and tombstone counts).
struct FTS5Structure: Equatable {
    /// One segment of the index: a b-tree of words and their matches.
    struct Segment: Equatable {
        var id: Int
        var firstPage: Int
        var lastPage: Int

        /// Its leaf pages.
        var pages: Int { max(0, lastPage - firstPage + 1) }
    }

    /// One level: segments of about the same size.
    struct Level: Equatable {
        /// How many of its (oldest) segments an incremental merge is reading; 0 when none.
        var merging: Int
        var segments: [Segment]
    }

    var levels: [Level]

    /// Every segment, on every level.
    var segments: [Segment] { levels.flatMap(\.segments) }

    /// Whether an incremental merge is under way on some level.
    var isMerging: Bool { levels.contains { $0.merging > 0 } }

    /// Whether the index is at most one segment, no merge under way: then it holds no delete
    /// marker (a merge into the oldest segment drops them with the words they delete).
    var isOneSegment: Bool { segments.count <= 1 && !isMerging }

    /// Whether merging every segment into one is worth its cost: there are several, and the
    /// pages outside the largest are at least half as many as the largest's. Merging at that
    /// point rewrites the index each time it grows by half, so every page is rewritten a
    /// bounded number of times (about three) over the index's life, while most matches of a
    /// word are read from one segment.
    var needsMerging: Bool {
        let sizes = segments.map(\.pages)
        guard sizes.count >= 2, let largest = sizes.max() else { return false }
        return (sizes.reduce(0, +) - largest) * 2 >= largest
    }

    /// Decodes a structure record; nil when it is not one.
    init?(record: [UInt8]) {
        guard record.count >= 4 else { return nil }
        var reader = VarintReader(bytes: record, offset: 4)
        // Version 2 records (SQLite 3.44 and later) mark themselves after the cookie.
        let isVersion2 = record.count >= 8 && Array(record[4..<8]) == [0xFF, 0x00, 0x00, 0x01]
        if isVersion2 { reader.offset = 8 }
        guard let levelCount = reader.next(), let segmentCount = reader.next(), reader.next() != nil,
            levelCount >= 0, levelCount <= 64
        else { return nil }
        var levels: [Level] = []
        for _ in 0..<levelCount {
            guard let merging = reader.next(), let count = reader.next(), count >= 0, count <= 2_000 else {
                return nil
            }
            var segments: [Segment] = []
            for _ in 0..<count {
                guard let id = reader.next(), let first = reader.next(), let last = reader.next() else {
                    return nil
                }
                if isVersion2 {
                    // Origins and tombstone counts: not needed here.
                    for _ in 0..<5 {
                        guard reader.next() != nil else { return nil }
                    }
                }
                segments.append(Segment(id: Int(id), firstPage: Int(first), lastPage: Int(last)))
            }
            levels.append(Level(merging: Int(merging), segments: segments))
        }
        guard levels.reduce(0, { $0 + $1.segments.count }) == segmentCount else { return nil }
        self.levels = levels
    }

    init(levels: [Level]) { self.levels = levels }
}

/// Reads SQLite varints: big-endian groups of 7 bits, each byte's high bit saying another
/// follows; the ninth byte, if any, gives 8 bits.
struct VarintReader {
    let bytes: [UInt8]
    var offset: Int

    /// The next varint, or nil past the end.
    mutating func next() -> Int64? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard offset < bytes.count else { return nil }
            let byte = bytes[offset]
            offset += 1
            if index == 8 { return Int64(bitPattern: value << 8 | UInt64(byte)) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return Int64(bitPattern: value) }
        }
        return nil
    }
}
