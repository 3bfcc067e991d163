import Proactive
import ProactiveStorage

/// Whom a request acts for: a user, and one of the user's apps or the user's system.
public struct Principal: Sendable, Hashable {
    /// The user.
    public var user: UserID
    /// The app (which sees only its own data) or the system (which may ask every surface).
    public var donor: Donor

    /// Creates a principal.
    public init(user: UserID, donor: Donor) {
        self.user = user
        self.donor = donor
    }
}
