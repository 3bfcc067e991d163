import Foundation

/// App declarations: they belong to the whole store or service (an app suite declares its apps
/// once for every user).
public protocol AppStorage {
    /// Declares or re-declares an app; returns whether it was already known.
    @discardableResult
    func saveApp(bundleIdentifier: String, name: String, declaration: String, at date: Date) throws -> Bool

    /// Every declared app, by bundle identifier.
    func apps() throws -> [StoredApp]

    /// One declared app.
    func app(_ bundleIdentifier: String) throws -> StoredApp?
}
