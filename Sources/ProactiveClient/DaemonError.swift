/// An error answer of the daemon (any status outside 2xx), as ``DaemonErrorMiddleware`` throws it.
public struct DaemonError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status, such as 400 or 403.
    public var status: Int
    /// The error's code, such as `invalidRequest` (`http` when the body was not an API error).
    public var code: String
    /// What went wrong, for people.
    public var message: String
    /// The parameter or field at fault, when there is one.
    public var field: String?
    /// The receipts of a rejected donation, when the answer has them.
    public var receipts: [Components.Schemas.Receipt]?
    /// The seconds to wait before trying again (429 and 503), from `Retry-After`.
    public var retryAfter: Int?

    /// `400 invalidRequest (limit): …`.
    public var description: String {
        "\(status) \(code)\(field.map { " (\($0))" } ?? ""): \(message)"
    }
}
