import Foundation
import ProactiveModel

/// What one device says to another inside a sealed envelope.
public struct HandoffMessage: Sendable, Hashable, Codable {
    /// The kinds of messages.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An activity became current on the sender: offer it.
        case advertise
        /// The sender's activity is no longer current.
        case withdraw
        /// Asks the sender of an advertisement for the activity's payload.
        case payloadRequest
        /// The answer to a payload request: the activity.
        case payload
        /// The payload request could not be answered.
        case payloadError
    }

    /// The protocol version (1).
    public var v: Int
    /// The kind.
    public var kind: Kind
    /// A unique id (a UUID): a message with a known id is a replay.
    public var id: String
    /// The sending device.
    public var from: String
    /// The receiving device.
    public var to: String
    /// When it was sent (ISO 8601).
    public var sentAt: String
    /// What it says, by kind (see `docs/handoff.md`).
    public var body: [String: JSONValue]

    /// Creates a message with a new id.
    public init(kind: Kind, from: String, to: String, sentAt: Date, body: [String: JSONValue]) {
        self.v = 1
        self.kind = kind
        self.id = UUID().uuidString.lowercased()
        self.from = from
        self.to = to
        self.sentAt = DonationCoding.formatDate(sentAt)
        self.body = body
    }

    /// A string field of the body.
    public func string(_ key: String) -> String? { body[key]?.stringValue }
}

/// The inner document of an envelope: the message's bytes and the sender's signature.
struct SignedMessage: Codable {
    var message: String
    var signature: String
}
