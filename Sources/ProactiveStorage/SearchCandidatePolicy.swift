/// How many search candidates a backend reads, and from which index: the bounded reading every
/// backend shares, so that the engine ranks the same candidates whatever the store.
///
/// When a query matches at most ``everyMatchUpTo`` entries, every one of them is a candidate,
/// so the ranking decides over all of them, whatever their age. Past that, at most `limit`
/// entries matching in any field are read, most recently indexed first, and at most
/// `limit / 2` entries whose title matches as well (so title matches are not crowded out by
/// newer matches elsewhere). A long last word (longer than
/// ``FullTextQuery/longestIndexedPrefix``) first matches as a whole word, and as a prefix only
/// when that finds fewer than `limit / 4`. Title matches come first, each entry once.
public enum SearchCandidatePolicy {
    /// The index a read walks.
    public enum Field: Sendable, Hashable {
        /// Every indexed field.
        case any
        /// The title only.
        case title
    }

    /// Up to this many matches, every match is a candidate.
    public static let everyMatchUpTo = 1_000

    /// The `limit` a first page of `count` results reads past ``everyMatchUpTo`` matches: at
    /// least 150, and 1.5 × the page.
    public static func firstPageWindow(count: Int) -> Int {
        max(150, count + count / 2)
    }

    /// The candidates for `query`, read through `fetch(wholeLongWords, field, limit)`, which
    /// returns at most `limit` matching entries of the field, most recently indexed first.
    ///
    /// - Parameter every: every entry matching in any field, most recently indexed first, when
    ///   the index finds at most its second argument (it may count more than the scope holds,
    ///   never fewer), else nil. Without it, one `fetch` of up to ``everyMatchUpTo`` + 1
    ///   matches tells, and gives them.
    public static func candidates(
        for query: FullTextQuery, limit: Int,
        every: ((_ wholeLongWords: Bool, _ atMost: Int) throws -> [SearchCandidate]?)? = nil,
        fetch: (_ wholeLongWords: Bool, _ field: Field, _ limit: Int) throws -> [SearchCandidate]
    ) throws -> [SearchCandidate] {
        guard !query.isEmpty else { return [] }
        var seen: Set<Int64> = []
        var candidates: [SearchCandidate] = []
        let exhaustive = limit < everyMatchUpTo
        for wholeLongWords in query.hasLongPrefixes ? [true, false] : [false] {
            // Up to `everyMatchUpTo` matches, all of them; past that, the newest `limit` and the
            // newest title matches too (fewer than `limit` are all, title matches included).
            var any: [SearchCandidate]
            var titles: [SearchCandidate] = []
            if exhaustive, let every, let all = try every(wholeLongWords, everyMatchUpTo) {
                any = all
            } else if exhaustive, every == nil {
                any = try fetch(wholeLongWords, .any, everyMatchUpTo + 1)
                if any.count > everyMatchUpTo {
                    any = Array(any.prefix(limit))
                    titles = try fetch(wholeLongWords, .title, limit / 2)
                }
            } else {
                any = try fetch(wholeLongWords, .any, limit)
                if any.count >= limit { titles = try fetch(wholeLongWords, .title, limit / 2) }
            }
            for candidate in titles + any where seen.insert(candidate.id).inserted {
                candidates.append(candidate)
            }
            if any.count >= limit / 4 { break }
        }
        return candidates
    }
}
