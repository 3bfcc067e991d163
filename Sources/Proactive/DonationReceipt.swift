import Foundation
import ProactiveModel

/// What became of one donation document.
public struct DonationReceipt: Sendable, Hashable, Codable {
    /// The outcome.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Stored as something new.
        case accepted
        /// Stored into something that already existed (same identifier, or the same activity).
        case merged
        /// Not stored at all.
        case rejected
    }

    /// The document's position in its input (0-based).
    public var index: Int
    /// The outcome.
    public var status: Status
    /// The document's type, when it could be read.
    public var type: String?
    /// The app it was for.
    public var app: String?
    /// What it became ("app", "activity", "searchableItem", "page", "interaction", "event"…).
    public var became: String?
    /// The identifier of what it became or merged into ("activity/12").
    public var id: String?
    /// When it expires, if it does.
    public var expiresAt: Date?
    /// Places it contributed (for activities, items and pages with location data).
    public var places: [String]?
    /// The error code, when rejected.
    public var code: DonationError.Code?
    /// The field at fault, when rejected.
    public var field: String?
    /// Why it was rejected.
    public var reason: String?
    /// Non-fatal problems (e.g. a large handoff payload).
    public var warnings: [String]?

    /// A rejection receipt.
    public static func rejected(index: Int, type: String?, app: String?, error: DonationError)
        -> DonationReceipt
    {
        DonationReceipt(
            index: index, status: .rejected, type: type, app: app, code: error.code, field: error.field,
            reason: error.reason)
    }
}
