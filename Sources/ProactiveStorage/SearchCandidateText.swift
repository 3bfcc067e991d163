/// How much of each search candidate's indexed text a read of candidates includes
/// (``EntryStorage/searchCandidates(_:scope:kinds:now:limit:reading:)``).
///
/// Ranking needs every field's text, but the first page of a search needs it only for the
/// candidates that can reach it: reading less up front and the rest by identifier
/// (``EntryStorage/entriesForRanking(ids:scope:now:)``) sends far less when a query matches
/// many entries. A store may always read more than asked.
public enum SearchCandidateText: Sendable, Hashable {
    /// Every field: title, keywords, address and description.
    case whole
    /// Every field but the description (the longest, weighted least), and the description's
    /// number of words when the store knows it (``SearchCandidate/descriptionWords``).
    case withoutDescription
    /// No text: what ranking bounds a candidate by (its dates, engagement, the description's
    /// number of words).
    case none
    /// As ``withoutDescription`` for the matches whose title has every term as the title's
    /// index finds them (their ``SearchCandidate/titleHasEveryTerm`` true), as ``none`` for
    /// the others (false): with a page's worth of the first, ranking never reads the others'
    /// text. What a search that ranks every match reads; a store that cannot tell them apart
    /// reads every match as ``withoutDescription``.
    case withoutDescriptionWhereTitleMatches
}
