import Foundation
import ProactiveModel

/// A surface asking what to show, with its context.
public struct SuggestionRequest: Sendable, Hashable {
    /// The surface.
    public var surface: Surface
    /// The time of the request (default: the engine's clock).
    public var now: Date?
    /// The app in the foreground, if the surface knows it.
    public var app: String?
    /// The person whose card is shown, for `contactCard` (a phone number, an email address…).
    public var person: String?
    /// The most suggestions, from 1 to ``maximumLimit``. Default 5.
    public var limit: Int = 5

    /// The largest ``limit``: a surface shows a handful; the daemon's API and the CLI refuse more.
    public static let maximumLimit = 100
    /// The content type of the field being typed in, for `quickType` (`nil`: a plain field).
    public var contentType: TextContentType?
    /// The text typed so far, for `quickType`.
    public var text: String?
    /// The language of generated text ("fr-FR", "zh-TW"…). Default: the system locale.
    public var locale: String?
    /// Where the device is, if the surface knows: destinations near it rank higher.
    public var location: Coordinate?
    /// The time zone that times shown to the user are written in, such as a reminder's moment
    /// ("Europe/Paris"…). Default: the engine's (``EngineConfiguration/timeZone``, the device's).
    public var timeZone: TimeZone?

    /// Creates a request for a surface.
    public init(surface: Surface) { self.surface = surface }

    /// The same request at another time.
    public func at(_ date: Date?) -> Self {
        var copy = self
        copy.now = date
        return copy
    }

    /// The same request for a person's card.
    public func person(_ handle: String?) -> Self {
        var copy = self
        copy.person = handle
        return copy
    }

    /// The same request with another limit.
    public func limit(_ limit: Int) -> Self {
        var copy = self
        copy.limit = limit
        return copy
    }

    /// The same request for a keyboard: the field's content type and what was typed.
    public func typing(_ text: String?, in contentType: TextContentType? = nil) -> Self {
        var copy = self
        copy.text = text
        copy.contentType = contentType
        return copy
    }

    /// The same request in another language.
    public func locale(_ identifier: String?) -> Self {
        var copy = self
        copy.locale = identifier
        return copy
    }

    /// The same request with times written in another time zone.
    public func timeZone(_ zone: TimeZone?) -> Self {
        var copy = self
        copy.timeZone = zone
        return copy
    }

    /// The same request at a location.
    public func near(_ coordinate: Coordinate?) -> Self {
        var copy = self
        copy.location = coordinate
        return copy
    }

    /// The same request with a foreground app.
    public func app(_ bundleIdentifier: String?) -> Self {
        var copy = self
        copy.app = bundleIdentifier
        return copy
    }
}
