import Foundation

/// Donation documents for tests, built as the JSON an app sends (`proactive donate`,
/// `POST /v1/donations`, `ProactiveEngine.donate(documents:)`), with the fields a test
/// usually sets as parameters and any other field in `extra`.
///
/// ```swift
/// try engine.donate(documents: [
///     TestDocument.app("com.example.reviews", activityTypes: ["com.example.reviews.restaurant"]),
///     TestDocument.searchableItem(app: "com.example.reviews", id: "r-1", title: "Café de Flore"),
/// ].map(\.data))
/// ```
public struct TestDocument: Sendable, Hashable, CustomStringConvertible {
    /// The document's fields.
    public var fields: [String: TestValue]

    /// A document of `type` with `fields`.
    public init(type: String, _ fields: [String: TestValue] = [:]) {
        self.fields = fields
        self.fields["type"] = .string(type)
    }

    /// The document as JSON (keys sorted).
    public var data: Data { TestValue.object(fields).data }

    /// The document as a JSON string.
    public var json: String { String(decoding: data, as: UTF8.self) }

    public var description: String { json }

    /// The document with more fields (replacing those with the same names).
    public func adding(_ more: [String: TestValue]) -> TestDocument {
        var copy = self
        copy.fields.merge(more) { _, new in new }
        return copy
    }

    /// An app declaring itself and its activity types.
    public static func app(_ bundleIdentifier: String, name: String? = nil, activityTypes: [String] = [])
        -> TestDocument
    {
        TestDocument(
            type: "app",
            [
                "bundleIdentifier": .string(bundleIdentifier), "name": .string(name ?? bundleIdentifier),
                "activityTypes": .array(activityTypes.map(TestValue.string)),
            ])
    }

    /// A Core Spotlight item with its attribute set (`title`, `contentDescription`, and any
    /// other attribute in `attributes`: `city`, `keywords`, `latitude`…).
    public static func searchableItem(
        app: String, id: String, title: String, description: String? = nil, domain: String? = nil,
        attributes: [String: TestValue] = [:], extra: [String: TestValue] = [:]
    ) -> TestDocument {
        var set = attributes
        set["title"] = .string(title)
        if let description { set["contentDescription"] = .string(description) }
        var fields: [String: TestValue] = [
            "app": .string(app), "uniqueIdentifier": .string(id), "attributeSet": .object(set),
        ]
        if let domain { fields["domainIdentifier"] = .string(domain) }
        return TestDocument(type: "searchableItem", fields).adding(extra)
    }

    /// A user activity of a declared type; `current` makes it the app's current activity.
    public static func activity(
        app: String, type activityType: String, title: String, current: Bool = false,
        persistentIdentifier: String? = nil, userInfo: [String: TestValue] = [:], at: Date? = nil,
        extra: [String: TestValue] = [:]
    ) -> TestDocument {
        var fields: [String: TestValue] = [
            "app": .string(app), "activityType": .string(activityType), "title": .string(title),
            "current": .bool(current), "isEligibleForSearch": .bool(true),
        ]
        if let persistentIdentifier { fields["persistentIdentifier"] = .string(persistentIdentifier) }
        if !userInfo.isEmpty { fields["userInfo"] = .object(userInfo) }
        if let at { fields["at"] = .date(at) }
        return TestDocument(type: "activity", fields).adding(extra)
    }

    /// An interaction (`INInteraction`): an intent such as `sendMessage` or `startCall` with
    /// the people it reached, each a phone number or an email address.
    public static func interaction(
        app: String, intent kind: String, recipients: [String], at: Date? = nil,
        extra: [String: TestValue] = [:]
    ) -> TestDocument {
        var fields: [String: TestValue] = [
            "app": .string(app),
            "intent": .object([
                "kind": .string(kind),
                "recipients": .array(recipients.map { .object(["handle": .string($0)]) }),
            ]),
        ]
        if let at { fields["at"] = .date(at) }
        return TestDocument(type: "interaction", fields).adding(extra)
    }

    /// A visited web page, with its HTML (its schema.org markup is extracted).
    public static func pageVisit(app: String, url: String, html: String, at: Date? = nil) -> TestDocument {
        var fields: [String: TestValue] = ["app": .string(app), "url": .string(url), "html": .string(html)]
        if let at { fields["at"] = .date(at) }
        return TestDocument(type: "pageVisit", fields)
    }

    /// What an app is playing (`state`: `playing`, `paused`, `stopped`).
    public static func nowPlaying(app: String, title: String, state: String = "playing", at: Date? = nil)
        -> TestDocument
    {
        var fields: [String: TestValue] = [
            "app": .string(app), "title": .string(title), "state": .string(state),
        ]
        if let at { fields["at"] = .date(at) }
        return TestDocument(type: "nowPlaying", fields)
    }

    /// A context event (`appLaunched`, `location`, `headphonesConnected`, `suggestionEngaged`…)
    /// with its fields (`app`, `latitude`/`longitude`, `id`…).
    public static func event(_ event: String, at: Date? = nil, _ fields: [String: TestValue] = [:])
        -> TestDocument
    {
        var all = fields
        all["event"] = .string(event)
        if let at { all["at"] = .date(at) }
        return TestDocument(type: "event", all)
    }
}
