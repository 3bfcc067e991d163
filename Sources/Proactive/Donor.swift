/// Who is donating or asking: one app (which acts only on its own data) or the system
/// (the device's shell and the local command line, which act for any app).
public enum Donor: Sendable, Hashable {
    /// An app, by bundle identifier.
    case app(String)
    /// The system.
    case system

    /// Whether this donor may act on an app's data.
    public func mayAct(for app: String?) -> Bool {
        switch self {
        case .system: true
        case .app(let own): app == nil || app == own
        }
    }
}
