import Foundation

/// A daemon access token as stored: its digest and whom it acts for.
public struct StoredAccessToken: Sendable, Hashable {
    /// The token's SHA-256 digest, in hexadecimal.
    public var digest: String
    /// The user it acts for.
    public var user: UserID
    /// The bundle identifier it acts for, or `nil` for a system token.
    public var app: String?
    /// When it was created.
    public var createdAt: Date
    /// A note saying what it is for.
    public var label: String?

    /// Creates a stored token.
    public init(digest: String, user: UserID = .device, app: String?, createdAt: Date, label: String? = nil) {
        self.digest = digest
        self.user = user
        self.app = app
        self.createdAt = createdAt
        self.label = label
    }
}
