/// Size limits on donations. The defaults are the documented contract.
public struct DonationLimits: Sendable, Hashable {
    /// Largest document, in bytes, other than page visits. Default 256 KiB.
    public var maxDocumentBytes: Int = 256 * 1024
    /// Largest page visit (its HTML included), in bytes. Default 10 MiB.
    public var maxPageVisitBytes: Int = 10 * 1024 * 1024
    /// `userInfo` past this many bytes gets a warning: handoff payloads should stay small. Default 3 KB.
    public var userInfoWarningBytes: Int = 3 * 1024
    /// `userInfo` past this many bytes is rejected. Default 64 KiB.
    public var maxUserInfoBytes: Int = 64 * 1024
    /// Longest title, display name, identifier or other short string, in characters. Default 1,024.
    public var maxShortStringLength: Int = 1024
    /// Longest description or text content, in characters. Default 100,000.
    public var maxLongStringLength: Int = 100_000
    /// Most keywords, phone numbers, recipients… in one list. Default 256.
    public var maxListCount: Int = 256
    /// Most items in one batch. Default 10,000.
    public var maxBatchItems: Int = 10_000
    /// Largest client state, in bytes. Default 4 KiB.
    public var maxClientStateBytes: Int = 4 * 1024

    /// The default limits.
    public init() {}
}
