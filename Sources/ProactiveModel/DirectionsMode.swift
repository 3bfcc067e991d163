/// A transport mode a routing app supports, like `MKDirectionsApplicationSupportedModes`.
public enum DirectionsMode: String, Sendable, Hashable, Codable, CaseIterable {
    case bike, bus, car, ferry, other, pedestrian, plane, rideShare, streetCar, subway, taxi, train

    /// Whether the mode is a ride-sharing one (an app supporting only these offers "Get a ride").
    public var isRideSharing: Bool { self == .rideShare || self == .taxi }
}
