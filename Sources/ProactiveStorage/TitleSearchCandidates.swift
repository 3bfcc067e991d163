/// A first page's reading of search candidates
/// (``EntryStorage/titleSearchCandidates(_:scope:kinds:now:limit:othersBelow:)``): the matches
/// whose title has every term or that the user engaged with, and the others when those are
/// too few to fill the page.
///
/// A match whose title lacks a term and that the user never engaged with is bounded without
/// its text: its relevance by the other fields' weights, its freshness by 1, its engagement
/// by 0. When enough of ``candidates`` surely score above that, the others cannot reach the
/// page and need not be read at all.
public struct TitleSearchCandidates: Sendable {
    /// The matches whose title has every term as the title's index finds them
    /// (``SearchCandidate/titleHasEveryTerm`` true) or that the user engaged with (true or
    /// false), newest first, each read without its description.
    public var candidates: [SearchCandidate]
    /// Every other match, newest first, read without its description (or without any text:
    /// ``SearchCandidate/isTextRead``), ``SearchCandidate/titleHasEveryTerm`` false and never
    /// engaged, when they were read: when ``candidates`` are fewer than the page (and, for a
    /// long last word, fewer than the policy's reading stops at).
    public var others: [SearchCandidate]?

    /// Creates a first page's candidates.
    public init(candidates: [SearchCandidate], others: [SearchCandidate]?) {
        self.candidates = candidates
        self.others = others
    }
}
