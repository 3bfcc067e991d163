/// Something that happened on the device: the context the engine learns from.
public struct SystemEvent: Sendable, Hashable, Codable {
    /// The kind of event.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case appLaunched, headphonesConnected, headphonesDisconnected, bluetoothConnected
        case bluetoothDisconnected, carConnected, carDisconnected, location, arrived, departed
        case suggestionEngaged, suggestionDismissed
    }

    /// The kind.
    public var event: Kind
    /// The app, for `appLaunched` (and optionally for feedback events).
    public var app: String?
    /// The device name, for Bluetooth events.
    public var device: String?
    /// Latitude, for `location`.
    public var latitude: Double?
    /// Longitude, for `location`.
    public var longitude: Double?
    /// The place ("home", "work", or a name), for `arrived` and `departed`.
    public var place: String?
    /// The suggestion's identifier, for feedback events.
    public var id: String?
    /// The surface the suggestion was on, for feedback events.
    public var surface: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case event, app, device, latitude, longitude, place, id, surface
    }

    /// Creates an event.
    public init(_ event: Kind, app: String? = nil) {
        self.event = event
        self.app = app
    }

    /// The coordinate, for `location`.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
