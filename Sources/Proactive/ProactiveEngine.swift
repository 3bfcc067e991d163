import Foundation
import ProactiveModel
import ProactiveStore
import Synchronization

/// The proactive-suggestions engine: apps donate what the user does; surfaces ask what to
/// suggest; search finds what was donated.
///
/// An engine owns a ``Store``. It is safe to use from any thread; in-process state (app
/// declarations, activity delegates and restoration handlers) is kept behind a mutex.
///
/// ```swift
/// let engine = try ProactiveEngine(store: Store(path: "proactive.sqlite"))
/// var activity = UserActivity(activityType: "com.example.reviews.restaurant")
/// activity.title = "Yank Sing"
/// activity.isEligibleForSearch = true
/// let reviews = engine.app("com.example.reviews")
/// try reviews.becomeCurrent(activity)
/// let results = try engine.search(SearchRequest("yank"))
/// ```
public final class ProactiveEngine: Sendable {
    /// The store.
    public let store: Store
    /// The configuration.
    public let configuration: EngineConfiguration

    let apps: Mutex<[String: App]>
    let lifecycle = Mutex(LifecycleState())
    /// The learned context kept between suggestion requests.
    let contextCache = Mutex<ContextModelCache?>(nil)

    /// Creates an engine on a store.
    public init(store: Store, configuration: EngineConfiguration = .init()) throws {
        self.store = store
        self.configuration = configuration
        self.apps = Mutex(try Self.declarations(in: store))
    }

    /// Reads the app declarations again from the store (another process may have declared apps).
    public func reloadDeclaredApps() throws {
        let declared = try Self.declarations(in: store)
        apps.withLock { $0 = declared }
    }

    private static func declarations(in store: Store) throws -> [String: App] {
        let decoder = DonationCoding.makeDecoder()
        var apps: [String: App] = [:]
        for app in try store.read({ try $0.apps() }) {
            if let declaration = try? decoder.decode(App.self, from: Data(app.declaration.utf8)) {
                apps[app.bundleIdentifier] = declaration
            }
        }
        return apps
    }

    /// The current time according to the configured clock.
    public var now: Date { configuration.clock() }

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
