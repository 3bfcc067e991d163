/// Entry writes sent with ``EntryStorage/submitEntries(_:)`` whose results are read later.
public struct PendingEntryWrites {
    private let collect: () throws -> [EntryWriteResult]

    /// A handle whose results `collect` returns (waiting for the backend if it must).
    public init(_ collect: @escaping () throws -> [EntryWriteResult]) { self.collect = collect }

    /// The results, in the order of the drafts (waiting for the backend if it must).
    public func results() throws -> [EntryWriteResult] { try collect() }
}
