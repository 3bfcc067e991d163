import Dispatch
import Synchronization

/// The rows each of a few frequent words of the full-text index matches, kept in memory as
/// bitsets, so that a query of a frequent word and others tests the others' matches against it
/// instead of intersecting them in FTS5 (and a query of frequent words only intersects their
/// bitsets).
///
/// FTS5 intersects a word in most rows (`de` in 907,000 of 1M items, 1,825 leaf pages) with a
/// rarer one by seeking, for each of the rarer one's matches, to the page that may hold it and
/// decoding that page from its start: 3–7 ms for a query of two or three words at 1M items,
/// however few rows match. Reading every match of the frequent word once (35 ms for `de`) and
/// keeping them as a bitset (125 KB for 1M rows) makes that test a bit lookup.
///
/// A word's bitset is read in the background (``build(_:)``), never on a search's path: a
/// search uses the bitsets it finds kept and lets FTS5 intersect the others. A bitset holds
/// the matches of a snapshot of the index: up to its last row (``Matches/through``) and its
/// last rewrite (``Matches/rewrites``, the store's log of rows whose indexed text changed or
/// went, `searchIndexRewrite`). A later snapshot brings it up to date by testing again the
/// rows rewritten since (a few) and reading the rows added since from the index's tail (FTS5
/// seeks to it); when the log no longer has the rewrites since, the bitset is read again. An
/// older snapshot does not use it. Every process keeps its own; the log is the store's, so
/// another process's writes are seen like this one's.
final class FrequentWordMatches: Sendable {
    /// A word of a full-text index (`entry_fts` or `entry_title_fts`) as a query matches it.
    struct Word: Hashable, Sendable {
        var table: String
        var text: String
        var isPrefix: Bool
    }

    /// A word's matches in a snapshot of the index.
    struct Matches: Sendable {
        var rows: RowSet
        /// The snapshot's last row: rows after it are not in ``rows``.
        var through: Int64
        /// The snapshot's last rewrite of indexed text (0 when none).
        var rewrites: Int64

        /// Whether these matches are of a later snapshot than `other`'s.
        func isNewer(than other: Matches) -> Bool {
            (rewrites, through) > (other.rewrites, other.through)
        }
    }

    /// At most this many bytes of bitsets are kept (the least recently used word goes first).
    let capacity: Int
    /// A word is frequent from this many leaf pages of matches in the index, counted as
    /// ``SQLiteTransaction/indexPages(of:in:)`` counts them (two a page: 30 is 15 pages, about
    /// 15,000 rows).
    let minimumPages: Int
    /// At most this many rows rewritten since a bitset are tested again on a search's path;
    /// with more, the bitset is read again in the background.
    let rewritesTestedAtMost = 256
    /// At most this many rows added since a bitset are read on a search's path.
    let rowsAddedReadAtMost: Int64 = 50_000

    private struct Kept {
        var matches: Matches
        var lastUse: UInt64
    }

    private struct State {
        var words: [Word: Kept] = [:]
        var clock: UInt64 = 0
        var building: Set<Word> = []

        /// The memory the kept bitsets take.
        var bytes: Int { words.values.reduce(0) { $0 + $1.matches.rows.byteCount } }
    }

    private let state = Mutex(State())
    /// Reads a word's matches in a read transaction of its own (set by the store).
    private let reader = Mutex<(@Sendable (Word) -> Matches?)?>(nil)
    /// Where bitsets are read, one at a time.
    private let queue = DispatchQueue(label: "proactive.frequent-words", qos: .utility)

    init(capacity: Int = 64 << 20, minimumPages: Int = 30) {
        self.capacity = capacity
        self.minimumPages = minimumPages
    }

    /// Sets how a word's matches are read.
    func setReader(_ read: @escaping @Sendable (Word) -> Matches?) {
        reader.withLock { $0 = read }
    }

    /// The matches kept for a word, if any.
    func kept(_ word: Word) -> Matches? {
        state.withLock { state in
            guard var kept = state.words[word] else { return nil }
            state.clock += 1
            kept.lastUse = state.clock
            state.words[word] = kept
            return kept.matches
        }
    }

    /// Keeps a word's matches unless newer ones are kept, then drops the least recently used
    /// words beyond the capacity.
    func keep(_ word: Word, _ matches: Matches) {
        state.withLock { state in
            state.clock += 1
            if let other = state.words[word], !matches.isNewer(than: other.matches) { return }
            state.words[word] = Kept(matches: matches, lastUse: state.clock)
            var bytes = state.bytes
            while bytes > capacity, let oldest = state.words.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                bytes -= oldest.value.matches.rows.byteCount
                state.words[oldest.key] = nil
            }
        }
    }

    /// Reads a word's matches in the background, unless that is under way.
    func build(_ word: Word) {
        let start = state.withLock { state in state.building.insert(word).inserted }
        guard start, let read = reader.withLock({ $0 }) else {
            if start { _ = state.withLock { $0.building.remove(word) } }
            return
        }
        queue.async { [self] in
            if let matches = read(word) { keep(word, matches) }
            _ = state.withLock { $0.building.remove(word) }
        }
    }

    /// Reads the matches of `words` in the background, in order, while they fit in what is
    /// kept (see ``SQLiteStorage/prepareSearchIndex(waitUntilDone:)``); the first words are
    /// then the most recently used, the last to give way to the words searches ask for.
    func warm(_ words: [Word]) {
        guard let read = reader.withLock({ $0 }) else { return }
        queue.async { [self] in
            var warmed: [Word] = []
            for word in words {
                let bytes = state.withLock { $0.bytes }
                guard kept(word) == nil else { continue }
                guard let matches = read(word), bytes + matches.rows.byteCount <= capacity else { break }
                keep(word, matches)
                warmed.append(word)
            }
            for word in warmed.reversed() { _ = kept(word) }
        }
    }

    /// Waits until every bitset asked for is read (for tests).
    func waitForBuilds() {
        queue.sync {}
    }

    /// The words whose matches are kept (for tests).
    var keptWords: Set<Word> {
        state.withLock { Set($0.words.keys) }
    }
}
