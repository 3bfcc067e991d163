/// The keys on a leaf page of an FTS5 index (a row of its `%_data` table), read to learn
/// which word a run of pages without keys of their own continues.
///
/// A leaf page starts with two big-endian 16-bit fields: where its first row identifier is
/// (0 when none comes before the first key) and where its footer starts. The footer holds one
/// varint for each key that starts on the page: its offset, as a difference from the previous
/// one. The first key on a page is stored whole (a varint length, then its bytes); each later
/// one as the number of bytes it shares with the key before it, then a varint length and the
/// rest of its bytes. A key is one byte naming the index (`0` for words, `1`–`4` for the
/// prefixes of 2–5 characters) followed by the word's UTF-8 bytes.
///
/// The index's `%_idx` table names the first key of each page that has one, so a run of pages
/// after it with none holds the matches of the last key that starts on that page.
enum FTS5LeafPage {
    /// The keys that start on a leaf page, in order; nil when the page is not one as described
    /// above (a later FTS5 could change it: the store then just reads less ahead).
    static func keys(_ page: [UInt8]) -> [[UInt8]]? {
        guard page.count >= 4 else { return nil }
        let footer = Int(page[2]) << 8 | Int(page[3])
        guard footer >= 4, footer <= page.count else { return nil }
        var offsets = VarintReader(bytes: page, offset: footer)
        var keys: [[UInt8]] = []
        var offset = 0
        while offsets.offset < page.count {
            guard let delta = offsets.next(), delta > 0 else { return nil }
            offset += Int(delta)
            guard offset >= 4, offset < footer else { return nil }
            var reader = VarintReader(bytes: page, offset: offset)
            var key: [UInt8]
            if let previous = keys.last {
                guard let shared = reader.next(), shared >= 0, shared <= previous.count else { return nil }
                key = Array(previous[..<Int(shared)])
            } else {
                key = []
            }
            guard let length = reader.next(), length >= 0, reader.offset + Int(length) <= footer else {
                return nil
            }
            key += page[reader.offset..<reader.offset + Int(length)]
            guard !key.isEmpty else { return nil }
            keys.append(key)
        }
        return keys
    }
}
