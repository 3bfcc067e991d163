/// Why a Handoff operation failed: each case names the problem in words a user can act on.
public struct HandoffError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable {
        /// A request or message is malformed or breaks a rule of the protocol.
        case invalid
        /// A signature, seal or list does not verify (tampered, forged or for another device).
        case unauthentic
        /// The message was seen before.
        case replayed
        /// The pairing code, device or activity is unknown, expired or already used.
        case notFound
        /// The operation conflicts with the current state (a code already used).
        case conflict
        /// The relay cannot be reached or answered with an error.
        case relayUnavailable
        /// The other device did not answer in time.
        case timedOut
        /// This device has no identity or group yet.
        case notPaired
        /// The payload is larger than the relay or the limits accept.
        case tooLarge
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
