import Foundation

/// An app declaration as stored: its JSON declaration and when it was last updated.
public struct StoredApp: Sendable, Hashable {
    /// The bundle identifier.
    public var bundleIdentifier: String
    /// The display name.
    public var name: String
    /// The declaration document (JSON).
    public var declaration: String
    /// When it was last declared.
    public var updatedAt: Date

    /// Creates a stored app.
    public init(bundleIdentifier: String, name: String, declaration: String, updatedAt: Date) {
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.declaration = declaration
        self.updatedAt = updatedAt
    }
}
