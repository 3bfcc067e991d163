/// The latest apps opened in some situation (after a trigger), oldest first, at most `capacity`.
struct RecentApps: Sendable, Hashable, Codable {
    private(set) var apps: [Int] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends `app`, dropping the oldest when full (O(capacity), a small constant).
    mutating func append(_ app: Int) {
        if apps.count == capacity { apps.removeFirst() }
        apps.append(app)
    }

    /// How many of the kept apps are `app`.
    func count(of app: Int) -> Int { apps.reduce(0) { $0 + ($1 == app ? 1 : 0) } }
}
