import Foundation

/// The moment a surface asks which apps the user will want next.
public struct NextAppContext: Sendable, Hashable, Codable {
    /// The time of the request.
    public var at: Date
    /// The app in the foreground, never suggested; `nil` when none (e.g. on the lock screen).
    public var foregroundApp: String?
    /// The trigger active now (headphones just connected, in the car, just arrived…), if any.
    public var trigger: ContextTrigger?
    /// The semantic place the user is at (`home`, `work`, or another name), if known.
    public var place: String?
    /// Display names used in explanations, by app identifier; apps not listed are named by
    /// their identifier.
    public var appNames: [String: String]
    /// The language of the explanations (not encoded: a context's data is the same in every
    /// language).
    public var language: ExplanationLanguage = .en

    private enum CodingKeys: String, CodingKey { case at, foregroundApp, trigger, place, appNames }

    /// Creates a context at `at`; every other field defaults to "unknown".
    public init(
        at: Date, foregroundApp: String? = nil, trigger: ContextTrigger? = nil, place: String? = nil,
        appNames: [String: String] = [:], language: ExplanationLanguage = .en
    ) {
        self.at = at
        self.foregroundApp = foregroundApp
        self.trigger = trigger
        self.place = place
        self.appNames = appNames
        self.language = language
    }

    /// The name to show for `app` in an explanation.
    public func name(of app: String) -> String { appNames[app] ?? app }
}
