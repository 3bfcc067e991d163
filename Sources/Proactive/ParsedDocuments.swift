import Foundation
import ProactiveModel

/// Documents parsed by ``ProactiveEngine/parse(documents:)``, ready to donate: each one a
/// donation or the error that rejects it, with its original bytes.
public struct ParsedDocuments: Sendable {
    /// Each document's donation, or why it cannot be read.
    public var results: [Result<Donation, DonationError>]
    /// Each document's original JSON bytes.
    public var sources: [Data]

    /// How many documents.
    public var count: Int { results.count }
}
