/// How many search candidates a backend reads, and from which index: the bounded reading every
/// backend shares, so that the engine ranks the same candidates whatever the store.
///
/// At most `limit` entries matching in any field are read, most recently indexed first; when
/// that many match, at most `limit / 2` entries whose title matches are read as well (so title
/// matches are not crowded out by newer matches elsewhere). A long last word (longer than
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

    /// The candidates for `query`, read through `fetch(wholeLongWords, field, limit)`, which
    /// returns at most `limit` matching entries of the field, most recently indexed first.
    public static func candidates(
        for query: FullTextQuery, limit: Int,
        fetch: (_ wholeLongWords: Bool, _ field: Field, _ limit: Int) throws -> [SearchCandidate]
    ) throws -> [SearchCandidate] {
        guard !query.isEmpty else { return [] }
        var seen: Set<Int64> = []
        var candidates: [SearchCandidate] = []
        for wholeLongWords in query.hasLongPrefixes ? [true, false] : [false] {
            let any = try fetch(wholeLongWords, .any, limit)
            // Fewer than `limit` matches are all the matches, title matches included.
            let titles = any.count < limit ? [] : try fetch(wholeLongWords, .title, limit / 2)
            for candidate in titles + any where seen.insert(candidate.id).inserted {
                candidates.append(candidate)
            }
            if any.count >= limit / 4 { break }
        }
        return candidates
    }
}
