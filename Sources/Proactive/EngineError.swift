/// An error of an engine request (not of a donation: those get receipts), with a stable code.
public struct EngineError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Stable codes.
    public enum Code: String, Sendable, Hashable, Codable {
        /// The request is malformed (a bad query, a missing parameter).
        case invalidRequest
        /// The requester may not act on this app's data.
        case forbidden
        /// Nothing matches the request.
        case notFound
        /// The activity cannot be used any more (invalidated).
        case invalidated
        /// The activity lacks a `userInfo` key its app requires.
        case missingUserInfo
        /// The store failed.
        case storage
    }

    /// The code.
    public var code: Code
    /// What is wrong, naming the parameter when there is one.
    public var message: String
    /// The parameter at fault, if any.
    public var parameter: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, parameter: String? = nil) {
        self.code = code
        self.message = message
        self.parameter = parameter
    }

    public var description: String { message }
}
