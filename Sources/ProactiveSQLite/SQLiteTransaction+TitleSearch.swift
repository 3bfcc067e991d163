import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    /// The matches whose title has every term (the title's index) or that the user engaged
    /// with (a partial index of engaged entries), read by key, and the others when those are
    /// fewer than `othersBelow`.
    ///
    /// Only when the index finds at most ``SearchCandidatePolicy/everyMatchUpTo`` matches (one
    /// walk for identifiers, which the transaction remembers for the reading that follows
    /// when this one declines) and walking the title's index for the query's words costs
    /// less than reading them all: the walk's cost is estimated from the pages those words'
    /// matches fill in that index (``indexPages(of:in:)``), each page about what reading
    /// four rows by key costs. Otherwise nil, and a first page reads every match: for a query
    /// whose words are in many titles, walking the title's index costs more than the rows it
    /// spares. Frequent words whose matches this process keeps are tested bit by bit instead
    /// (``FrequentWordMatches``), and do not count in that estimate.
    ///
    /// A long last word (``FullTextQuery/hasLongPrefixes``) is read as the policy reads it
    /// first, as a whole word, and only when those matches are at least a quarter of the first
    /// page's window (``SearchCandidatePolicy/firstPageWindow(count:)``), so that the policy
    /// would read no other: the others are then read whenever the matches read first are fewer
    /// than that, and nil when all of them are. The title's index is walked with the word as a
    /// prefix, so that a match left out has a title lacking a term however ranking matches it,
    /// cut to its first five characters, so that the walk reads the prefix index (it finds more
    /// titles, each then read and ranked).
    public func titleSearchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        othersBelow: Int
    ) throws -> TitleSearchCandidates? {
        guard !query.isEmpty else { return TitleSearchCandidates(candidates: [], others: []) }
        let long = query.hasLongPrefixes
        // The policy's first reading of a long last word stops there with this many matches.
        let enough = long ? SearchCandidatePolicy.firstPageWindow(count: othersBelow) / 4 : 0
        let titleWords = query.indexWordsWithLongPrefixesCut()
        guard
            let matches = try matchingIDs(
                query.indexWords(wholeLongWords: long), atMost: SearchCandidatePolicy.everyMatchUpTo),
            matches.count >= enough,
            let titled = try titleMatches(titleWords, among: matches)
        else { return nil }
        let (all, foundIDs) = try titledOrEngaged(
            matches, titled: titled, scope: scope, kinds: kinds, now: now)
        let found = Array(all.prefix(limit))
        guard found.count < max(othersBelow, enough) else {
            return TitleSearchCandidates(candidates: found, others: nil)
        }
        let read = Set(foundIDs)
        var others = try candidates(
            ids: matches.filter { !read.contains($0) }, descriptions: false, scope: scope, kinds: kinds,
            now: now)
        // Too few whole words in the scope: the policy reads the prefix's other words too.
        guard found.count + others.count >= enough else { return nil }
        others = Array(others.prefix(limit))
        for index in others.indices { others[index].titleHasEveryTerm = false }
        return TitleSearchCandidates(candidates: found, others: others)
    }

    /// Every match whose title has every term or that the user engaged with, however many:
    /// the index is walked for every match's identifier, and the title's index for the
    /// query's words (a long last word cut to its first five characters, as
    /// ``titleSearchCandidates(_:scope:kinds:now:limit:othersBelow:)`` walks it), past
    /// ``SearchCandidatePolicy/everyMatchUpTo`` matches whatever that costs; the others are
    /// not read. Nil for at most that many matches when walking the title's index costs more
    /// than reading them all (as for a first page).
    public func everyTitleSearchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date
    ) throws -> TitleSearchCandidates? {
        guard !query.isEmpty else { return TitleSearchCandidates(candidates: [], others: nil) }
        let every = Int(Int32.max)
        guard let matches = try matchingIDs(query.indexWords(wholeLongWords: false), atMost: every),
            let titled = try titleMatches(
                query.indexWordsWithLongPrefixesCut(), among: matches,
                whateverItCosts: matches.count > SearchCandidatePolicy.everyMatchUpTo)
        else { return nil }
        let found = try titledOrEngaged(matches, titled: titled, scope: scope, kinds: kinds, now: now).found
        return TitleSearchCandidates(candidates: found, others: nil)
    }

    /// Those of `matches` in `titled` or that the user engaged with (a partial index of engaged
    /// entries), read without their descriptions (``SearchCandidate/titleHasEveryTerm`` as
    /// `titled` says), newest first; and the identifiers read.
    private func titledOrEngaged(
        _ matches: [Int64], titled: Set<Int64>, scope: AppScope, kinds: Set<EntryKind>, now: Date
    ) throws -> (found: [SearchCandidate], ids: [Int64]) {
        // Past a first page's matches, every engaged entry of the user (from the same index)
        // costs less than a list of every match to look up.
        let few = matches.count <= SearchCandidatePolicy.everyMatchUpTo
        var arguments: StatementArguments = [try userKey()]
        if few { arguments += [Self.jsonArray(matches)] }
        let engaged = Set(
            try rows(
                """
                SELECT id FROM entry INDEXED BY entry_engaged
                WHERE userKey = ? AND engagementCount > 0
                \(few ? "AND id IN (SELECT value FROM json_each(?))" : "")
                """, arguments
            ) { row in row[0] as Int64 })
        let ids = matches.filter { titled.contains($0) || engaged.contains($0) }
        var found = try candidates(ids: ids, descriptions: false, scope: scope, kinds: kinds, now: now)
        for index in found.indices { found[index].titleHasEveryTerm = titled.contains(found[index].id) }
        return (found, ids)
    }

    /// Which of `matches` have every one of `words` in the title's index, when finding out
    /// costs less than reading them all; else nil.
    ///
    /// Frequent words whose matches this process keeps (``FrequentWordMatches``) are tested
    /// bit by bit. The others are walked in the title's index (every user's titles, at most
    /// twice ``SearchCandidatePolicy/everyMatchUpTo``) when the pages their matches fill
    /// (``indexPages(of:in:)``), each about what reading four rows by key costs, are at most
    /// a quarter of the matches. A long prefix cut short (see
    /// ``FullTextQuery/indexWordsWithLongPrefixesCut()``) finds more titles than matches:
    /// those are left out. `whateverItCosts`: the index is walked however many pages and
    /// titles, and the answer is never nil.
    func titleMatches(
        _ words: [(text: String, isPrefix: Bool)], among matches: [Int64], whateverItCosts: Bool = false
    ) throws -> Set<Int64>? {
        let apart = try frequentWordsApart(words, in: "entry_title_fts")
        let walked = apart?.others ?? words
        var titled = matches
        if !walked.isEmpty {
            if !whateverItCosts {
                guard try indexPages(of: walked, in: "entry_title_fts").reduce(0, +) * 4 <= matches.count
                else {
                    return nil
                }
            }
            let atMost = whateverItCosts ? Int(Int32.max) : 2 * SearchCandidatePolicy.everyMatchUpTo
            let found = Set(
                try rows(
                    "SELECT rowid FROM entry_title_fts WHERE entry_title_fts MATCH ? LIMIT ?",
                    [FullTextQuery.expression(walked), atMost + 1]
                ) { row in row[0] as Int64 })
            guard found.count <= atMost else { return nil }
            titled = titled.filter(found.contains)
        }
        let kept = apart?.kept ?? []
        return Set(titled.filter { id in kept.allSatisfy { $0.contains(id) } })
    }
}
