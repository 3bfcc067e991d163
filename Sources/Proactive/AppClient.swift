import Foundation
import ProactiveModel
import ProactiveStorage
import Synchronization

/// One app's view of the engine: the calls an app makes, scoped to its own data, with the
/// names of `NSUserActivity` and `CSSearchableIndex`.
public struct AppClient: Sendable {
    /// The engine.
    public let engine: ProactiveEngine
    /// The app's bundle identifier.
    public let bundleIdentifier: String

    var donor: Donor { .app(bundleIdentifier) }

    func check(_ receipt: DonationReceipt) throws -> DonationReceipt {
        if receipt.status == .rejected {
            throw DonationError(
                code: receipt.code ?? .invalidValue, field: receipt.field,
                reason: receipt.reason ?? "rejected")
        }
        return receipt
    }

    // MARK: App declaration

    /// Declares the app: its name, activity types, routing modes and whether it plays media.
    @discardableResult
    public func declare(_ app: App, at date: Date? = nil) throws -> DonationReceipt {
        try check(
            engine.donate(Donation(app: app.bundleIdentifier, at: date, content: .app(app)), donor: donor))
    }

    // MARK: Activities (NSUserActivity)

    /// Donates the activity and makes it the app's current one (`becomeCurrent()`).
    @discardableResult
    public func becomeCurrent(_ activity: UserActivity, at date: Date? = nil) throws -> ActivityHandle {
        let receipt = try check(
            engine.donate(
                Donation(app: bundleIdentifier, at: date, content: .activity(activity, current: true)),
                donor: donor))
        let handle = ActivityHandle(
            app: bundleIdentifier, activityType: activity.activityType, id: receipt.id ?? "")
        engine.lifecycle.withLock { _ = $0.invalidated.remove(handle.entryID) }
        return handle
    }

    /// Donates the activity without making it current (saves it for search and prediction).
    @discardableResult
    public func save(_ activity: UserActivity, at date: Date? = nil) throws -> ActivityHandle {
        let receipt = try check(
            engine.donate(
                Donation(app: bundleIdentifier, at: date, content: .activity(activity, current: false)),
                donor: donor))
        return ActivityHandle(
            app: bundleIdentifier, activityType: activity.activityType, id: receipt.id ?? "")
    }

    /// Makes a previously donated activity current again.
    public func becomeCurrent(_ handle: ActivityHandle) throws {
        try ensureOwned(handle)
        if engine.lifecycle.withLock({ $0.invalidated.contains(handle.entryID) }) {
            throw EngineError(.invalidated, "the activity was invalidated and cannot become current")
        }
        try engine.storage.write(user: engine.user) { tx in
            guard try tx.entry(id: handle.entryID, scope: .app(bundleIdentifier), now: engine.now) != nil
            else {
                throw EngineError(.notFound, "no such activity", parameter: "id")
            }
            try tx.makeCurrent(entryID: handle.entryID, app: bundleIdentifier)
        }
    }

    /// Stops the activity being current (`resignCurrent()`); it stays saved.
    public func resignCurrent(_ handle: ActivityHandle) throws {
        try ensureOwned(handle)
        try engine.storage.write(user: engine.user) { tx in
            try tx.resignCurrent(app: bundleIdentifier, entryID: handle.entryID)
        }
    }

    /// Invalidates the activity (`invalidate()`): it is no longer current, cannot become
    /// current again, and cannot be continued.
    public func invalidate(_ handle: ActivityHandle) throws {
        try resignCurrent(handle)
        engine.lifecycle.withLock {
            $0.invalidated.insert(handle.entryID)
            $0.needsSave[handle.entryID] = nil
        }
    }

    /// Marks the activity as needing a save (`needsSave = true`): the delegate is asked for the
    /// fresh activity just before the engine next uses it.
    public func setNeedsSave(_ handle: ActivityHandle, delegate: any UserActivityDelegate) throws {
        try ensureOwned(handle)
        engine.lifecycle.withLock { $0.needsSave[handle.entryID] = delegate }
    }

    /// Registers the closure that restores activities of a type when the user continues one.
    public func register(forActivityType activityType: String, handler: @escaping RestorationHandler) {
        engine.lifecycle.withLock {
            $0.handlers[.init(app: bundleIdentifier, activityType: activityType)] = handler
        }
    }

    /// Deletes saved activities by persistent identifier
    /// (`deleteSavedUserActivities(withPersistentIdentifiers:)`); returns how many.
    @discardableResult
    public func deleteSavedUserActivities(withPersistentIdentifiers identifiers: [String]) throws -> Int {
        try engine.delete(
            DeletionRequest(app: bundleIdentifier, target: .persistentIdentifiers(identifiers)), donor: donor
        )
        .deleted
    }

    /// Deletes all of the app's saved activities (`deleteAllSavedUserActivities()`).
    @discardableResult
    public func deleteAllSavedUserActivities() throws -> Int {
        try engine.delete(DeletionRequest(app: bundleIdentifier, target: .allActivities), donor: donor)
            .deleted
    }

    // MARK: Indexing (CSSearchableIndex)

    /// Indexes items, replacing those with the same unique identifiers.
    @discardableResult
    public func indexSearchableItems(_ items: [SearchableItem], at date: Date? = nil) throws
        -> [DonationReceipt]
    {
        try engine.donate(
            items.map { .success(Donation(app: bundleIdentifier, at: date, content: .searchableItem($0))) },
            donor: donor
        ).map(check)
    }

    /// Indexes a batch atomically with a client state (`endIndexBatch(expectedClientState:newClientState:)`).
    @discardableResult
    public func indexBatch(_ batch: SearchableItemBatch, at date: Date? = nil) throws -> DonationReceipt {
        try check(
            engine.donate(
                Donation(app: bundleIdentifier, at: date, content: .searchableItemBatch(batch)), donor: donor)
        )
    }

    /// The client state stored with the app's last batch (`fetchLastClientState`).
    public func fetchLastClientState() throws -> String? {
        try engine.storage.read(user: engine.user) { try $0.clientState(app: bundleIdentifier) }
    }

    /// Deletes items by unique identifier (`deleteSearchableItems(withIdentifiers:)`).
    @discardableResult
    public func deleteSearchableItems(withIdentifiers identifiers: [String]) throws -> Int {
        try engine.delete(
            DeletionRequest(app: bundleIdentifier, target: .identifiers(identifiers)), donor: donor
        ).deleted
    }

    /// Deletes items by domain (`deleteSearchableItems(withDomainIdentifiers:)`).
    @discardableResult
    public func deleteSearchableItems(withDomainIdentifiers domains: [String]) throws -> Int {
        try engine.delete(DeletionRequest(app: bundleIdentifier, target: .domains(domains)), donor: donor)
            .deleted
    }

    /// Deletes all the app's items (`deleteAllSearchableItems()`).
    @discardableResult
    public func deleteAllSearchableItems() throws -> Int {
        try engine.delete(DeletionRequest(app: bundleIdentifier, target: .allItems), donor: donor).deleted
    }

    // MARK: Search

    /// Searches the app's own items and activities.
    public func search(_ request: SearchRequest) throws -> [SearchResult] {
        var scoped = request
        scoped.app = bundleIdentifier
        return try engine.search(scoped, donor: donor)
    }

    private func ensureOwned(_ handle: ActivityHandle) throws {
        guard handle.app == bundleIdentifier else {
            throw EngineError(.forbidden, "the activity belongs to another app", parameter: "app")
        }
    }
}

extension ProactiveEngine {
    /// The calls of one app, scoped to its own data.
    public func app(_ bundleIdentifier: String) -> AppClient {
        AppClient(engine: self, bundleIdentifier: bundleIdentifier)
    }
}
