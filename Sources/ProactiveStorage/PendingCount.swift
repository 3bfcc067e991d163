/// A count sent for with ``EntryStorage/submitPurgeExpired(now:)`` and read later.
public struct PendingCount {
    private let collect: () throws -> Int

    /// A handle whose count `collect` returns (waiting for the backend if it must).
    public init(_ collect: @escaping () throws -> Int) { self.collect = collect }

    /// The count (waiting for the backend if it must).
    public func value() throws -> Int { try collect() }
}
