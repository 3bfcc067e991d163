/// A donated activity as its app knows it: the handle returned by `becomeCurrent`.
public struct ActivityHandle: Sendable, Hashable, Codable {
    /// The app that donated it.
    public var app: String
    /// The activity's type.
    public var activityType: String
    /// The stored entry's reference ("activity/12").
    public var id: String

    var entryID: Int64 { EntryReference(id)?.entryID ?? -1 }
}
