import Foundation
import GRDB
import ProactiveStorage
import ProactiveText

extension SQLiteTransaction {
    /// Entries eligible for search, not expired, in the scope, matching every term of a query.
    ///
    /// Matching is bounded so that answers stay fast on stores of millions of entries: every
    /// match when there are at most ``SearchCandidatePolicy/everyMatchUpTo`` (the index is
    /// walked once for identifiers, the rows then read by key), else at most `limit / 2`
    /// entries whose title matches (from the title index) and `limit` entries matching in any
    /// field, most recently indexed first. No SQL ranking function runs (FTS5's `bm25()` counts every
    /// match of every term to weigh it, which is linear in the number of matches); callers
    /// rank the candidates from their indexed text.
    ///
    /// Unless `reading` is ``SearchCandidateText/whole``, the description column is not read
    /// (for ranking that reads it for the few candidates that need it, with
    /// ``entriesForRanking(ids:scope:now:)``); the other fields are, but for every match read
    /// as ``SearchCandidateText/none`` (the newest of a field's many matches are read with
    /// them: they are stored beside the identifiers read first).
    public func searchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        reading: SearchCandidateText
    ) throws -> [SearchCandidate] {
        let descriptions = reading == .whole
        if reading == .withoutDescriptionWhereTitleMatches,
            let every = try everyMatchWithTitlesApart(
                query, scope: scope, kinds: kinds, now: now, limit: limit)
        {
            return every
        }
        return try SearchCandidatePolicy.candidates(
            for: query, limit: limit,
            every: { wholeLongWords, atMost in
                // One walk of the index for identifiers only (every user's and kind's: never
                // fewer than the scope's), then the rows by key when there are few enough.
                guard
                    let ids = try matchingIDs(
                        query.indexWords(wholeLongWords: wholeLongWords), atMost: atMost)
                else { return nil }
                return try candidates(
                    ids: ids, descriptions: descriptions, text: reading != .none, scope: scope, kinds: kinds,
                    now: now)
            }
        ) { wholeLongWords, field, limit in
            let table = field == .title ? "entry_title_fts" : "entry_fts"
            let words = query.indexWords(wholeLongWords: wholeLongWords)
            return try newestCandidatesWithFrequentWordsApart(
                words, table: table, descriptions: descriptions, scope: scope, kinds: kinds, now: now,
                limit: limit)
                ?? fetchCandidates(
                    expression: FullTextQuery.expression(words), table: table, descriptions: descriptions,
                    scope: scope, kinds: kinds, now: now, limit: limit)
        }
    }

    /// Every match, when `limit` is more than ``SearchCandidatePolicy/everyMatchUpTo`` and the
    /// matches at most `limit` (the policy would read every match too), else nil. Past
    /// ``SearchCandidatePolicy/everyMatchUpTo`` matches, those whose title has every term in
    /// the title's index are read with their text but the description, the others with none
    /// (their `titleHasEveryTerm` false): the title's index is walked (every user's titles),
    /// whatever that costs, since a ranking of every match reads each match's row anyway and
    /// this spares the text of every match whose title lacks a term. Fewer are read with their
    /// text, from the one walk for identifiers.
    private func everyMatchWithTitlesApart(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int
    ) throws -> [SearchCandidate]? {
        guard !query.isEmpty, limit > SearchCandidatePolicy.everyMatchUpTo,
            // The prefix of a long last word: the policy's reading of every match reads it so
            // (its whole word finds fewer).
            let matches = try matchingIDs(query.indexWords(wholeLongWords: false), atMost: limit)
        else { return nil }
        guard matches.count > SearchCandidatePolicy.everyMatchUpTo,
            let titled = try titleMatches(
                query.indexWordsWithLongPrefixesCut(), among: matches, whateverItCosts: true)
        else {
            return try candidates(ids: matches, descriptions: false, scope: scope, kinds: kinds, now: now)
        }
        var found = try candidates(
            ids: matches.filter(titled.contains), descriptions: false, scope: scope, kinds: kinds, now: now)
        for index in found.indices { found[index].titleHasEveryTerm = true }
        var others = try candidates(
            ids: matches.filter { !titled.contains($0) }, descriptions: false, text: false, scope: scope,
            kinds: kinds, now: now)
        for index in others.indices { others[index].titleHasEveryTerm = false }
        return (found + others).sorted { $0.id > $1.id }
    }

    /// The newest `limit` candidates matching `words` in `table`, when some of the words'
    /// matches are kept (``keptWordsApart(_:in:)``): the matches are found newest first, in
    /// batches, and their rows read by key; else nil.
    private func newestCandidatesWithFrequentWordsApart(
        _ words: [(text: String, isPrefix: Bool)], table: String, descriptions: Bool, scope: AppScope,
        kinds: Set<EntryKind>, now: Date, limit: Int
    ) throws -> [SearchCandidate]? {
        guard let (walked, kept) = try keptWordsApart(words, in: table) else { return nil }
        var found: [SearchCandidate] = []
        var below: Int64?
        while found.count < limit {
            // What is missing, then twice as many: other users' and apps' matches, and expired
            // ones, are left out (each row read costs a few microseconds).
            let asked = below == nil ? limit : 2 * (limit - found.count) + 16
            let ids = try newestMatchingIDs(walked: walked, kept: kept, in: table, below: below, count: asked)
            found += try candidates(
                ids: ids, descriptions: descriptions, scope: scope, kinds: kinds, now: now)
            guard ids.count == asked, let last = ids.last else { break }
            below = last
        }
        return Array(found.prefix(limit))
    }

    /// The identifiers of the rows of every user that have all of `words` in the index, in
    /// ascending order, when they are at most `atMost`, else nil (one walk of the index, for
    /// identifiers only; a read transaction remembers it). Frequent words whose matches this
    /// process keeps are tested apart (``matchingIDsWithFrequentWordsApart(_:in:atMost:)``), and
    /// long prefixes of many words in the text of the rows a shorter prefix finds
    /// (``matchingIDsCheckingLongPrefixes(_:atMost:fromPages:)``).
    func matchingIDs(_ words: [(text: String, isPrefix: Bool)], atMost: Int) throws -> [Int64]? {
        let expression = FullTextQuery.expression(words)
        if let known = searchMemo?.walk(expression, atMost: atMost) { return known }
        let ids =
            try matchingIDsWithFrequentWordsApart(words, atMost: atMost)
            ?? matchingIDsCheckingLongPrefixes(words, atMost: atMost)
            ?? rows("SELECT rowid FROM entry_fts WHERE entry_fts MATCH ? LIMIT ?", [expression, atMost + 1]) {
                row in row[0] as Int64
            }
        let found = ids.count <= atMost ? ids : nil
        searchMemo?.remember(expression, atMost: atMost, found: found)
        return found
    }

    /// The entries of `ids` eligible for search, not expired, in the scope, newest first;
    /// without `text`, none of their text (only the description's number of words).
    func candidates(
        ids: [Int64], descriptions: Bool, text: Bool = true, scope: AppScope, kinds: Set<EntryKind>, now: Date
    ) throws -> [SearchCandidate] {
        guard !ids.isEmpty else { return [] }
        let (searchable, arguments) = try searchable(scope: scope, kinds: kinds, now: now)
        let columns =
            text
            ? Self.candidateColumns(descriptions: descriptions)
            : "e.id, e.donatedAt, e.engagementCount, e.ftsDescriptionWords"
        // `+e.userKey`: by row, not by walking the user's rows through an index led by the user.
        return try rows(
            """
            SELECT \(columns) FROM entry e
            WHERE e.id IN (SELECT value FROM json_each(?)) AND +e.userKey = ? \(searchable)
            ORDER BY e.id DESC
            """,
            [Self.jsonArray(ids), userKey()] + arguments
        ) { row in
            guard text else {
                return SearchCandidate(
                    id: row[0], donatedAt: Date(timeIntervalSince1970: row[1]), engagementCount: row[2],
                    indexedText: IndexedText(), isDescriptionRead: false, descriptionWords: row[3],
                    isTextRead: false)
            }
            return try SearchCandidate(row: row, descriptions: descriptions)
        }
    }

    private func fetchCandidates(
        expression: String, table: String, descriptions: Bool, scope: AppScope, kinds: Set<EntryKind>,
        now: Date, limit: Int
    ) throws -> [SearchCandidate] {
        let (searchable, arguments) = try searchable(scope: scope, kinds: kinds, now: now)
        return try rows(
            """
            SELECT \(Self.candidateColumns(descriptions: descriptions)) FROM \(table) JOIN entry e ON e.id = \(table).rowid
            WHERE \(table) MATCH ? AND e.userKey = ? \(searchable)
            ORDER BY \(table).rowid DESC LIMIT ?
            """,
            [expression, userKey()] + arguments + [limit],
            { try SearchCandidate(row: $0, descriptions: descriptions) })
    }

    /// The columns of `entry e` that ``SearchCandidate/init(row:descriptions:)`` reads: the
    /// description last, or its number of words instead.
    private static func candidateColumns(descriptions: Bool) -> String {
        "e.id, e.donatedAt, e.engagementCount, e.ftsTitle, e.ftsKeywords, e.ftsAddress, "
            + (descriptions ? "e.ftsDescription" : "e.ftsDescriptionWords")
    }

    /// Identifiers as a JSON array, for `json_each(?)`.
    static func jsonArray(_ ids: [Int64]) -> String {
        // Written digit by digit into one buffer: a string per identifier, joined, was 5 % of
        // a search matching a thousand items.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 + ids.count * 8)
        bytes.append(UInt8(ascii: "["))
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        for (index, id) in ids.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if id < 0 { bytes.append(UInt8(ascii: "-")) }
            var value = id.magnitude
            withUnsafeMutableBytes(of: &digits) { buffer in
                var at = buffer.count
                repeat {
                    at -= 1
                    buffer[at] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                } while value > 0
                bytes.append(contentsOf: buffer[at...])
            }
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The entries of `ids` in the scope, not expired, each with its indexed text.
    public func entriesForRanking(ids: [Int64], scope: AppScope, now: Date) throws -> [EntryForRanking] {
        guard !ids.isEmpty else { return [] }
        let (clause, arguments) = try condition(scope)
        return try rows(
            """
            SELECT \(StoredEntry.columns) FROM entry e
            WHERE e.id IN (SELECT value FROM json_each(?)) AND +e.userKey = ?
              AND (e.expiresAt IS NULL OR e.expiresAt > ?) \(clause)
            """,
            [Self.jsonArray(ids), userKey(), now.timeIntervalSince1970] + arguments
        ) { row in
            EntryForRanking(
                entry: try storedEntry(row),
                indexedText: try IndexedText(row: row, columnsFrom: StoredEntry.indexedTextColumn))
        }
    }

    /// The conditions (each after `AND`) on `entry e` for a candidate: eligible for search, not
    /// expired at `now`, in the scope, of one of the kinds; and their arguments.
    private func searchable(scope: AppScope, kinds: Set<EntryKind>, now: Date) throws -> (
        sql: String, arguments: StatementArguments
    ) {
        let (clause, arguments) = try condition(scope)
        let kindClause =
            kinds.count == EntryKind.allCases.count
            ? "" : "AND e.kind IN (\(kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ",")))"
        return (
            "AND e.isEligibleForSearch AND (e.expiresAt IS NULL OR e.expiresAt > ?) \(clause) \(kindClause)",
            [now.timeIntervalSince1970] + arguments
        )
    }
}

extension SearchCandidate {
    /// A candidate from a row of `id, donatedAt, engagementCount` and the index-form title,
    /// keywords and address, then the description (`descriptions`) or its number of words.
    init(row: some ColumnValues, descriptions: Bool) throws {
        self.init(
            id: row[0], donatedAt: Date(timeIntervalSince1970: row[1]), engagementCount: row[2],
            indexedText: IndexedText(
                title: try StoredText.optionalText(row, 3), keywords: try StoredText.optionalText(row, 4),
                description: descriptions ? try StoredText.optionalText(row, 6) : nil,
                address: try StoredText.optionalText(row, 5)),
            isDescriptionRead: descriptions, descriptionWords: descriptions ? nil : row[6])
    }
}

extension FullTextQuery {
    /// The FTS5 expression matching all terms in any field. With `wholeLongWords`, prefix terms
    /// longer than ``FullTextQuery/longestIndexedPrefix`` (the index's `prefix='2 3 4 5'`
    /// option) match only as whole words (a fast first pass).
    ///
    /// Each term is one or more words of the index, each quoted on its own: the index keeps no
    /// positions (`detail=none`), so it answers no phrase. A run of Chinese characters is its
    /// bigrams (each of them must match; a text with a bigram has its characters too) or its
    /// one character; a term written with letters the index
    /// spells differently ("ß") is the index's spelling.
    public func expression(wholeLongWords: Bool = false) -> String {
        Self.expression(indexWords(wholeLongWords: wholeLongWords))
    }

    /// The FTS5 expression matching texts that have every one of `words`.
    static func expression(_ words: [(text: String, isPrefix: Bool)]) -> String {
        words.map { word in
            let quoted = "\"" + word.text.doublingEach(of: [UInt8(ascii: "\"")]) + "\""
            return word.isPrefix ? quoted + "*" : quoted
        }.joined(separator: " AND ")
    }

    /// The words of the index that ``expression(wholeLongWords:)`` matches, each with whether
    /// it matches as a prefix.
    func indexWords(wholeLongWords: Bool = false) -> [(text: String, isPrefix: Bool)] {
        var words: [(text: String, isPrefix: Bool)] = []
        for term in terms {
            // Split on the scalar: a space before a combining mark is one Character with it. A
            // pair of CJK characters is its own word (its characters add nothing).
            let parts =
                IndexText.isUnsegmentedPair(term.text)
                ? [term.text]
                : IndexText.indexForm(term.text).unicodeScalars.split(separator: " ").map {
                    String(String.UnicodeScalarView($0))
                }
            let prefix = term.isPrefix && !(wholeLongWords && term.text.count > Self.longestIndexedPrefix)
            for (index, part) in parts.enumerated() {
                words.append((part, prefix && index == parts.count - 1))
            }
        }
        return Self.withoutImpliedWords(words)
    }

    /// `words` without those another one implies: a repeated word, and a prefix that another
    /// word (whole, or a longer prefix) starts with ("de de" is `de AND de*`: a text with the
    /// word `de` has a word starting with `de`). FTS5 would intersect each of them, and the
    /// matches of a frequent word cost a walk of many pages.
    static func withoutImpliedWords(_ words: [(text: String, isPrefix: Bool)]) -> [(
        text: String, isPrefix: Bool
    )] {
        var kept: [(text: String, isPrefix: Bool)] = []
        for (index, word) in words.enumerated() {
            let implied = words.indices.contains { other in
                guard other != index else { return false }
                let that = words[other]
                if that.text == word.text && that.isPrefix == word.isPrefix { return other < index }
                return word.isPrefix && that.text.unicodeScalars.starts(with: word.text.unicodeScalars)
            }
            if !implied { kept.append(word) }
        }
        return kept
    }

    /// ``indexWords(wholeLongWords:)`` with each prefix longer than
    /// ``FullTextQuery/longestIndexedPrefix`` cut to that many characters: a walk of the
    /// index then matches more (every word a long prefix starts begins with its first five
    /// characters), but reads one doclist of the prefix index, where a long prefix makes FTS5
    /// gather and merge the matches of every word it starts first (13 ms for `activity*` in
    /// the titles of 1M items, 0.5 ms for the whole word).
    func indexWordsWithLongPrefixesCut() -> [(text: String, isPrefix: Bool)] {
        Self.withLongPrefixesCut(indexWords())
    }

    /// `words` with each prefix longer than ``FullTextQuery/longestIndexedPrefix``
    /// (``isLongPrefix(_:)``) cut to that many characters.
    static func withLongPrefixesCut(_ words: [(text: String, isPrefix: Bool)]) -> [(
        text: String, isPrefix: Bool
    )] {
        words.map { word in
            guard isLongPrefix(word) else { return word }
            return (
                String(String.UnicodeScalarView(word.text.unicodeScalars.prefix(longestIndexedPrefix))), true
            )
        }
    }

    /// The FTS5 expression matching all terms in any field.
    public var expression: String { expression() }
}
