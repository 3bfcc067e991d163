import Foundation

/// The fuzz targets: one per parser of outside input. Each takes arbitrary bytes, hands them to
/// the same entry point the CLI, the daemon or a device uses, and checks what must hold whatever
/// the input (a `precondition` that fails is a finding, like a crash).
enum FuzzTarget: String, CaseIterable, Sendable {
    /// An HTML page through the markup extractor.
    case markup
    /// A donation body (NDJSON, a JSON array or one document) through parsing, validation and
    /// the store.
    case donation
    /// The `--where` query language.
    case query
    /// Free-text search: the typed text through the index's query form and a search.
    case search
    /// A directions request URL.
    case directions
    /// Telephone numbers in donated people and places.
    case phone
    /// What the user asks the assistant (reminder phrases in six languages).
    case reminder
    /// An HTTP request to the daemon: method, path, query, headers and body.
    case request
    /// What a device receives from the relay: envelopes, signed device lists, pairing messages.
    case envelope

    /// The target FUZZ_TARGET names, if any.
    static let selected: FuzzTarget? = ProcessInfo.processInfo.environment["FUZZ_TARGET"].flatMap {
        FuzzTarget(rawValue: $0)
    }

    /// Runs one input.
    func run(_ input: Data) {
        switch self {
        case .markup: MarkupTarget.run(input)
        case .donation: DonationTarget.run(input)
        case .query: QueryTarget.run(input)
        case .search: SearchTarget.run(input)
        case .directions: DirectionsTarget.run(input)
        case .phone: PhoneTarget.run(input)
        case .reminder: ReminderTarget.run(input)
        case .request: RequestTarget.run(input)
        case .envelope: EnvelopeTarget.run(input)
        }
    }
}
