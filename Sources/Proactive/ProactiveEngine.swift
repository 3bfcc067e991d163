import Foundation
import ProactiveModel
import ProactiveStorage
import Synchronization

/// The proactive-suggestions engine: apps donate what the user does; surfaces ask what to
/// suggest; search finds what was donated.
///
/// An engine acts for one user (``user``) of a storage backend, which it owns: the embedded
/// SQLite store of a device, or a service's PostgreSQL database. It is safe to use from any
/// thread; in-process state (app declarations, activity delegates and restoration handlers,
/// learned context) is kept behind mutexes.
///
/// ```swift
/// let engine = try ProactiveEngine(storage: SQLiteStorage(path: "proactive.sqlite"))
/// var activity = UserActivity(activityType: "com.example.reviews.restaurant")
/// activity.title = "Yank Sing"
/// activity.isEligibleForSearch = true
/// let reviews = engine.app("com.example.reviews")
/// try reviews.becomeCurrent(activity)
/// let results = try engine.search(SearchRequest("yank"))
/// ```
public final class ProactiveEngine: Sendable {
    /// The storage backend (private: everything goes through the engine's methods).
    let storage: any Storage
    /// The user this engine acts for.
    public let user: UserID
    /// The configuration.
    public let configuration: EngineConfiguration
    /// The latest time the clock has said (see ``now``).
    private let latestClockReading = Mutex<Date>(.distantPast)

    /// App declarations, shared by the engines of every user of one storage.
    let apps: AppDeclarations
    let lifecycle = Mutex(LifecycleState())
    /// The learned context kept between suggestion requests.
    let contextCache = Mutex<ContextModelCache?>(nil)
    /// When expired contributions to the public index were last withdrawn (by the engine's
    /// clock), shared by the engines of every user of one storage.
    let publicSweep: PublicSweepClock
    /// The offers of the users' other devices, shared by the engines of one storage.
    let handoff: HandoffBoard

    /// Creates an engine acting for `user` (by default the device's one user) on a storage
    /// backend.
    public init(storage: any Storage, user: UserID = .device, configuration: EngineConfiguration = .init())
        throws
    {
        self.storage = storage
        self.user = user
        self.configuration = configuration
        self.apps = AppDeclarations(try Self.declarations(in: storage))
        self.publicSweep = PublicSweepClock()
        self.handoff = HandoffBoard()
    }

    private init(sibling: ProactiveEngine, user: UserID) {
        storage = sibling.storage
        self.user = user
        configuration = sibling.configuration
        apps = sibling.apps
        publicSweep = sibling.publicSweep
        handoff = sibling.handoff
    }

    /// An engine acting for another user of the same storage, sharing this engine's
    /// configuration and app declarations (apps are declared once for a store or service).
    public func forUser(_ user: UserID) -> ProactiveEngine {
        user == self.user ? self : ProactiveEngine(sibling: self, user: user)
    }

    /// A description of the storage backend (for logs and the inspector).
    public var storageDescription: String { storage.backendDescription }

    /// A number that changes when another process commits a change to the storage.
    public func externalChangeCount() throws -> Int { try storage.externalChangeCount() }

    /// Asks to be told at once when another process commits a change to the storage (for any
    /// user); returns whether the backend can (the PostgreSQL backend can, through
    /// LISTEN/NOTIFY; the SQLite store is polled with ``externalChangeCount()``).
    @discardableResult
    public func onExternalChange(_ handler: @escaping @Sendable (UserID) -> Void) -> Bool {
        storage.onExternalChange(handler)
    }

    /// Reads the app declarations again from the store (another process may have declared apps).
    public func reloadDeclaredApps() throws {
        let declared = try Self.declarations(in: storage)
        apps.withLock { $0 = declared }
    }

    private static func declarations(in storage: any Storage) throws -> [String: App] {
        let decoder = DonationCoding.makeDecoder()
        var apps: [String: App] = [:]
        for app in try storage.read(user: .device, { try $0.apps() }) {
            if let declaration = try? decoder.decode(App.self, from: Data(app.declaration.utf8)) {
                apps[app.bundleIdentifier] = declaration
            }
        }
        return apps
    }

    /// The current time according to the configured clock, never earlier than a time it said
    /// before: when the system clock jumps backwards, the engine's time stands still until the
    /// clock catches up, so expired data does not come back and nothing expires twice.
    public var now: Date {
        let reading = configuration.clock()
        return latestClockReading.withLock { latest in
            if reading > latest { latest = reading }
            return latest
        }
    }

    /// The declaration of an app, if it declared itself.
    public func declaredApp(_ bundleIdentifier: String) -> App? {
        apps.withLock { $0[bundleIdentifier] }
    }

    /// Every declared app.
    public var declaredApps: [App] {
        apps.withLock { Array($0.values) }.sorted { $0.bundleIdentifier < $1.bundleIdentifier }
    }

    /// The name to show for an app: its declared name, else its bundle identifier.
    public func displayName(ofApp bundleIdentifier: String) -> String {
        declaredApp(bundleIdentifier)?.name ?? bundleIdentifier
    }
}

/// The app declarations known to a process, shared by the engines of every user of a storage.
final class AppDeclarations: Sendable {
    private let declarations: Mutex<[String: App]>

    init(_ declarations: [String: App]) { self.declarations = Mutex(declarations) }

    func withLock<T>(_ body: (inout [String: App]) throws -> T) rethrows -> T {
        try declarations.withLock { try body(&$0) }
    }
}
