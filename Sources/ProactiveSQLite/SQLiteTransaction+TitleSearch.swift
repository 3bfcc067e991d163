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
    /// spares.
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
            try indexPages(of: titleWords, in: "entry_title_fts").reduce(0, +) * 4 <= matches.count
        else { return nil }
        // The title's matches (every user's, at most as many as the matches when no word is a
        // long prefix; with one, those among the matches, and more: any whose title has a word
        // starting with the long prefix's first five characters).
        let titledAtMost = 2 * SearchCandidatePolicy.everyMatchUpTo
        let titled = Set(
            try rows(
                "SELECT rowid FROM entry_title_fts WHERE entry_title_fts MATCH ? LIMIT ?",
                [FullTextQuery.expression(titleWords), titledAtMost + 1]
            ) { row in row[0] as Int64 })
        // A long prefix cut short can find many more titles than matches: reading them all
        // would cost more than the rows it spares.
        guard titled.count <= titledAtMost else { return nil }
        // The user's engaged entries among them, from the partial index alone.
        let engaged = Set(
            try rows(
                """
                SELECT id FROM entry INDEXED BY entry_engaged
                WHERE userId = ? AND engagementCount > 0 AND id IN (SELECT value FROM json_each(?))
                """, [userID, Self.jsonArray(matches)]
            ) { row in row[0] as Int64 })
        let foundIDs = matches.filter { titled.contains($0) || engaged.contains($0) }
        var found = try candidates(ids: foundIDs, descriptions: false, scope: scope, kinds: kinds, now: now)
        found = Array(found.prefix(limit))
        for index in found.indices { found[index].titleHasEveryTerm = titled.contains(found[index].id) }
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
}
